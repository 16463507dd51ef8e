import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const banner = style({
  background: vars.color.accentSoft,
  borderBottom: `1px solid ${vars.color.accent}`,
});

export const inner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
});

export const text = style({ margin: 0, flex: "1 1 20rem", overflowWrap: "anywhere" });

export const form = style({ margin: 0 });
