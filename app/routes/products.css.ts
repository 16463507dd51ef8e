import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const count = style({ color: vars.color.muted });

export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.md,
  marginTop: vars.space.xl,
});
