import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const reasons = style({ display: "grid", gap: vars.space.xs, margin: 0, padding: 0, border: 0 });

export const reason = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const details = style({
  selectors: { "textarea&": { height: "auto", minHeight: "6rem", paddingBlock: "0.5rem", resize: "vertical" } },
});
