import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const form = style({ display: "grid", gap: vars.space.md });

// Top-aligned: a field beside a taller one (with a hint) keeps its label and input together.
export const field = style({ display: "grid", gap: vars.space.xxs, alignContent: "start" });

export const label = style({ fontWeight: 600 });

/** Every single-line control (text, select, file) is 2.75rem high: one row of a form lines up. */
export const CONTROL_HEIGHT = "2.75rem";

export const input = style({
  width: "100%",
  height: CONTROL_HEIGHT,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid #8a8378`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: {
    "&:hover": { borderColor: vars.color.ink },
    "&[aria-invalid='true']": { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
    "&[readonly]": { background: vars.color.surfaceAlt, color: vars.color.muted },
  },
});

export const textarea = style({
  selectors: { "textarea&": { height: "auto", minHeight: "8rem", paddingBlock: vars.space.xs, resize: "vertical" } },
});

export const hint = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.muted });

export const errors = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.size.sm,
  fontWeight: 600,
});

export const formErrors = style([
  errors,
  {
    padding: vars.space.sm,
    borderRadius: vars.radius.sm,
    background: vars.color.dangerSoft,
  },
]);

export const passwordRow = style({ display: "flex", gap: vars.space.xs });

export const toggle = style({
  flex: "0 0 auto",
  height: CONTROL_HEIGHT,
  minWidth: "4.5rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontWeight: 600,
  cursor: "pointer",
});

export const roleGroup = style({
  display: "flex",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
});

export const roleOption = style({
  flex: 1,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minHeight: "2.75rem",
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const card = style({
  width: "100%",
  maxWidth: "28rem",
  marginInline: "auto",
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  background: vars.color.surface,
});

export const divider = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: vars.color.muted,
  fontSize: vars.size.sm,
  selectors: { "&::before, &::after": { content: "''", flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});

export const full = style({ width: "100%" });
