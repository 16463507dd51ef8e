import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const card = style({
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const photo = style({
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  background: vars.color.surfaceSunken,
});

export const photoMissing = style([photo, { display: "grid", placeItems: "center", color: vars.color.muted }]);

export const body = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  flex: 1,
});

export const title = style({ fontSize: vars.size.lg, margin: 0 });

export const titleLink = style({ color: "inherit" });

export const prices = style({
  display: "flex",
  alignItems: "baseline",
  flexWrap: "wrap",
  gap: vars.space.sm,
  margin: 0,
});

export const resale = style({ fontSize: vars.size.xl, fontWeight: 700, color: vars.color.brandStrong });

export const original = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const label = style({ color: vars.color.muted, fontWeight: 600 });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.size.sm,
});

globalStyle(`${facts} dt`, {
  color: vars.color.muted,
  fontSize: vars.size.xs,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
});
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

export const seller = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: vars.space.xs, margin: 0 });

export const verified = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: "#e6effa",
  color: vars.color.verified,
  fontSize: vars.size.xs,
  fontWeight: 700,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  marginTop: "auto",
  paddingTop: vars.space.sm,
});
