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

/** One column: the way, its fields, the phone, the sum, then the actions below them all. */
export const form = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.sm });

/** A listing that meets or ships: the buyer's choice, two radios in a row under their legend. */
export const choice = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

globalStyle(`${choice} > legend`, { marginBottom: vars.space.xs });

export const option = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: 44,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brandStrong, background: vars.color.brandSoft } },
});

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

/** "Get the shipping price", at the end of the address it prices. */
export const quote = style({ display: "flex", justifyContent: "flex-start" });

/** What the buyer pays: item + shipping = total. */
export const total = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const sum = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: `${vars.space.xs} 0`,
});

globalStyle(`${sum} dt`, { color: vars.color.muted });
// Amounts right-aligned, each kept on one line with its sign.
globalStyle(`${sum} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });

/** The total's row: a rule above it, in bold. */
export const sumTotal = style({
  paddingTop: vars.space.xxs,
  borderTop: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  color: vars.color.ink,
  fontSize: vars.size.md,
});

/** A shipping charge still to be quoted: words, not an amount. */
export const pending = style({ fontSize: vars.size.sm, color: vars.color.muted, textAlign: "left" });
