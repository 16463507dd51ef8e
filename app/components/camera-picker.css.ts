import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const panel = style({
  display: "grid",
  gap: vars.space.xs,
  marginBlock: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const heading = style({ margin: 0, fontSize: vars.size.md });

export const text = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.muted, overflowWrap: "anywhere" });

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  gap: vars.space.xs,
});

/** The camera list takes the row's free width, the button stays beside it while it fits. */
export const grow = style({ flex: "1 1 14rem", minWidth: 0 });
