import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

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

/** The edit page: its sections, the notice of a listing that can no longer change. */
export const editSection = style({ marginTop: vars.space.xl, display: "grid", gap: vars.space.md });

export const notice = style({
  maxWidth: "48rem",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  fontWeight: 600,
});

/** The listing's photos in order, each with its move and remove buttons. */
export const photoList = style({
  display: "grid",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxWidth: "48rem",
});

export const photoItem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const photoThumb = style({
  width: 128,
  height: 96,
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});

export const photoLabel = style({ fontWeight: 600, minWidth: "8rem" });
