import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const box = style({
  display: "grid",
  gap: vars.space.xs,
  marginBlock: vars.space.md,
});

export const title = style({ fontSize: vars.size.md, margin: 0 });

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  gap: vars.space.sm,
});

// The field takes what the button leaves, down to a phone's width.
globalStyle(`${row} > div`, { flex: "1 1 14rem", minWidth: 0 });
