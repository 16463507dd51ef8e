import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const count = style({ color: vars.color.muted });

export const refused = style({ color: vars.color.danger });

export const empty = style({ display: "grid", gap: vars.space.xs });

export const removals = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  paddingLeft: 0,
  listStyle: "none",
});
