import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "../styles/theme.css";

/** Add Product: two columns on wide screens; description, photo and actions span both. */
export const productForm = style({
  display: "grid",
  gap: vars.space.md,
  maxWidth: "48rem",
  "@media": { [breakpoints.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const wide = style({
  "@media": { [breakpoints.medium]: { gridColumn: "1 / -1" } },
});

export const previewStrip = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const preview = style({
  width: "8rem",
  height: "6rem",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const intro = style({ color: vars.color.muted, maxWidth: "48rem" });
