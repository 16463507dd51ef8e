import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const empty = style({ display: "grid", gap: vars.space.xs });

export const removals = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  paddingLeft: 0,
  listStyle: "none",
});
