import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** A short list of sums: each label and its amount on one row, the amounts lined up at the end. */
export const figures = style({
  margin: `${vars.space.sm} 0 ${vars.space.md}`,
  maxWidth: "32rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const caption = style({ margin: `${vars.space.md} 0 0`, fontWeight: 600 });

globalStyle(`${figures} > div`, {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${figures} > div:last-child`, { borderBottom: "none" });
globalStyle(`${figures} dt`, { color: vars.color.muted });
globalStyle(`${figures} dd`, {
  margin: 0,
  fontWeight: 600,
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
  textAlign: "end",
});
