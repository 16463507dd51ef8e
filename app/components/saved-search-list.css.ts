import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const list = style({ display: "grid", gap: vars.space.md, margin: 0, padding: 0, listStyle: "none" });

export const item = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const head = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0, fontWeight: 600 });

export const state = style({ color: vars.color.muted, fontWeight: 400 });

export const rename = style({ display: "grid", gap: vars.space.xxs });

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});

globalStyle(`${row} > input`, { flex: "1 1 12rem", minWidth: 0, width: "auto" });
