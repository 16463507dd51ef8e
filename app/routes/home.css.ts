import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const hero = style({ display: "grid", gap: vars.space.lg, paddingTop: vars.space.xl });

export const heroTitle = style({ fontSize: vars.size.hero, maxWidth: "22ch", margin: 0 });

export const plainList = style({ listStyle: "none", margin: 0, padding: 0 });

export const categoryCard = style({
  display: "grid",
  gridTemplateColumns: "7rem 1fr",
  alignItems: "center",
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const categoryImage = style({ width: "7rem", height: "7rem", borderRadius: vars.radius.md, objectFit: "cover" });

export const categoryBody = style({ display: "grid", gap: vars.space.xs, justifyItems: "start" });

export const center = style({ textAlign: "center", marginTop: vars.space.xl });

export const band = style({ background: vars.color.surfaceAlt });

export const steps = style({ listStyle: "none", margin: 0, padding: 0 });

export const step = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
});

export const stepNumber = style({
  display: "inline-grid",
  placeItems: "center",
  width: "2.5rem",
  height: "2.5rem",
  marginBottom: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 700,
});

export const protectionLink = style({ marginTop: vars.space.lg, fontWeight: 600 });
