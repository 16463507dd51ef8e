import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { verifiedPill } from "#app/styles/utilities.css";

export const summary = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const title = style({ margin: 0 });

export const state = style({
  alignSelf: "flex-start",
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontWeight: 700,
  fontSize: vars.size.sm,
});

export const stateTone = {
  available: style({ background: vars.color.brandSoft, color: vars.color.brandStrong }),
  booked: style({ background: vars.color.accentSoft, color: vars.color.accent }),
  sold: style({ background: vars.color.surfaceSunken, color: vars.color.ink }),
};

export const stateNote = style({ margin: 0, color: vars.color.muted });

export const prices = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.sm,
  margin: 0,
});

export const resale = style({ fontSize: vars.size.xxl, fontWeight: 700, color: vars.color.brandStrong });

export const muted = style({ color: vars.color.muted });

export const saving = style({ fontWeight: 700, color: vars.color.accent });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

globalStyle(`${facts} dt`, { color: vars.color.muted, fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });

export const grade = style({ display: "block", color: vars.color.muted, fontSize: vars.size.sm });

export const seller = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: vars.space.xs, margin: 0 });

export const verified = style([verifiedPill, { display: "inline-flex", alignItems: "center", gap: vars.space.xxs }]);

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
