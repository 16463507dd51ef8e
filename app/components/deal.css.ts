// One deal page (ADR 0102): a header with the item, the other party and what was paid; the deal's
// progress as an ordered list of steps; the actions of its state; the parcel's address and forms.
import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "60rem" });

export const card = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
  "@media": { [breakpoints.medium]: { padding: vars.space.lg } },
});
globalStyle(`${card} > h2`, { margin: 0, fontSize: vars.size.lg });
globalStyle(`${card} > p`, { margin: 0 });

export const header = style([
  card,
  {
    gridTemplateColumns: "4.5rem minmax(0, 1fr)",
    alignItems: "start",
    columnGap: vars.space.md,
    "@media": { [breakpoints.medium]: { gridTemplateColumns: "7.5rem minmax(0, 1fr) minmax(16rem, auto)" } },
  },
]);

export const photo = style({
  width: "100%",
  aspectRatio: "1",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const item = style({ display: "grid", gap: vars.space.xxs, minWidth: 0 });
globalStyle(`${item} > p`, { margin: 0 });

export const itemName = style({ fontSize: vars.size.lg, fontWeight: 700, overflowWrap: "anywhere" });

export const status = style({ fontWeight: 600, color: vars.color.brandStrong });

export const muted = style({ color: vars.color.muted, fontSize: vars.size.sm });

/** What was paid: labels left, amounts right, the total ruled off. */
export const paid = style({
  gridColumn: "1 / -1",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  "@media": { [breakpoints.medium]: { gridColumn: "auto" } },
});
globalStyle(`${paid} dt`, { color: vars.color.muted, whiteSpace: "nowrap" });
globalStyle(`${paid} dd`, {
  margin: 0,
  textAlign: "end",
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
});
export const total = style({
  fontWeight: 700,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.xxs,
});
globalStyle(`${paid} dt.${total}, ${paid} dd.${total}`, { color: vars.color.ink });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
globalStyle(`${actions} form`, { margin: 0 });

/** An address as text: no browser italic. */
export const address = style({ fontStyle: "normal", lineHeight: 1.5, overflowWrap: "anywhere" });

/** Name and value side by side from a small screen up; on a phone each name sits above its value. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  "@media": { [breakpoints.small]: { gridTemplateColumns: "max-content minmax(0, 1fr)" } },
});
globalStyle(`${facts} dt`, { color: vars.color.muted });
globalStyle(`${facts} dd + dt`, { marginTop: vars.space.xs, "@media": { [breakpoints.small]: { marginTop: 0 } } });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });

export const back = style({ margin: 0 });

/** Words people wrote, with their own line breaks kept (a return's description, a seller's answer). */
export const written = style({ whiteSpace: "pre-line", overflowWrap: "anywhere" });

/** A return's photos: small squares in a row that wraps. */
export const returnPhotos = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const returnPhoto = style({ width: "6rem", height: "6rem", objectFit: "cover", borderRadius: vars.radius.sm });
