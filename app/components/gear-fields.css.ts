import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

/** The gear fields: their own part of the product form, in its two columns. */
export const section = style({
  display: "grid",
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  "@media": { [breakpoints.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const legend = style({ fontWeight: 700, fontSize: vars.size.lg, padding: `0 ${vars.space.xs}` });

export const intro = style({
  margin: 0,
  color: vars.color.muted,
  "@media": { [breakpoints.medium]: { gridColumn: "1 / -1" } },
});

export const group = style({ display: "grid", gap: vars.space.xs, margin: 0, padding: 0, border: 0, minWidth: 0 });

export const check = style({
  display: "grid",
  gap: vars.space.xxs,
  margin: 0,
  padding: `${vars.space.xs} 0`,
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const choices = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}` });

export const choice = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxs,
  overflowWrap: "anywhere",
});

export const guidanceBox = style({
  "@media": { [breakpoints.medium]: { gridColumn: "1 / -1" } },
});

export const checkPrices = style({
  display: "grid",
  gap: vars.space.sm,
  maxWidth: "48rem",
  marginBlock: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  alignItems: "end",
  "@media": { [breakpoints.medium]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) auto" } },
});
