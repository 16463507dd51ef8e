import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [breakpoints.large]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
});

export const description = style({ whiteSpace: "pre-line", overflowWrap: "anywhere", maxWidth: vars.width.prose });

export const fitNote = style({
  margin: `${vars.space.xxs} 0 0`,
  fontSize: vars.size.sm,
  color: vars.color.muted,
  overflowWrap: "anywhere",
});
