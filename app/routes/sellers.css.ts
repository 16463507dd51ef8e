import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  gap: vars.space.md,
  margin: `${vars.space.md} 0 0`,
});

export const fact = style({ display: "grid", gap: vars.space.xxs });

export const factLabel = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

export const reviews = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md });

export const review = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const reviewHead = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "baseline",
  margin: 0,
  fontSize: vars.size.sm,
  color: vars.color.muted,
});

export const stars = style({ color: vars.color.brandStrong, fontWeight: 700 });

export const text = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });

export const answer = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.border}`,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
});

export const small = style({ fontSize: vars.size.sm });
