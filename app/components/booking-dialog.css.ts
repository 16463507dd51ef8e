import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** The photo beside what is booked, from whom, and by whom. */
export const summary = style({ display: "flex", gap: vars.space.md, alignItems: "flex-start" });

export const photo = style({
  flex: "none",
  width: 72,
  height: 72,
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const price = style({ fontWeight: 700, color: vars.color.brandStrong });

/** The second line of a value: an email, a phone number. */
export const sub = style({ display: "block", color: vars.color.muted });

export const nowrap = style({ whiteSpace: "nowrap" });

/** What booking means, in one short paragraph. */
export const note = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  fontSize: vars.size.sm,
});

/** The two fields side by side where there is room, then the actions. */
export const form = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
  gap: vars.space.sm,
});

// The actions and any error about the whole form take the full width.
globalStyle(`${form} > :is(ul, div:last-child)`, { gridColumn: "1 / -1" });

/** A listing that meets or ships: the buyer's choice. */
export const choice = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const option = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xxs });

/** The address to ship to: its fields, one under another. */
export const address = style({
  display: "grid",
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

/** The address of a listing that also meets, folded without JavaScript until it is wanted. */
export const addressFold = style({ display: "grid", gap: vars.space.sm });
