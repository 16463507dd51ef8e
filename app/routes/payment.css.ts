import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const lead = style({ fontSize: vars.size.lg });

export const checkout = style({
  maxWidth: "30rem",
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const testMode = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: 600,
  fontSize: vars.size.sm,
});

export const row = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { [breakpoints.small]: { gridTemplateColumns: "1fr 1fr" } },
});

export const info = style({
  maxWidth: "30rem",
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});

globalStyle(`${info} dl`, { display: "grid", gap: vars.space.xs, margin: 0 });
globalStyle(`${info} dt`, {
  fontSize: vars.size.xs,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
  color: vars.color.muted,
});
globalStyle(`${info} dd`, { margin: 0, fontWeight: 700, overflowWrap: "anywhere" });

export const deadline = style({ fontWeight: 600, color: vars.color.muted });
