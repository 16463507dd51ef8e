import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const panel = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const heading = style({ fontSize: vars.size.lg, margin: 0 });

export const note = style({ color: vars.color.muted, fontSize: vars.size.sm, margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
