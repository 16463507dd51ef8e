import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const form = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  alignItems: "start",
  marginBlock: vars.space.md,
});

export const words = style({ gridColumn: "1 / -1" });

export const conditions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const check = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xxs });

export const prices = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm });

export const submit = style({ alignSelf: "end" });

/** The gear filters: their own row of fields inside the form's grid. */
export const gear = style({
  gridColumn: "1 / -1",
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  alignItems: "start",
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});
