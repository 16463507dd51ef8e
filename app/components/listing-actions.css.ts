import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** In Book Now's place while the seller cannot be paid: the size of a button, not one. */
export const payoutsPending = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `2px dashed ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: vars.size.sm,
  fontWeight: 600,
});
