import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const gallery = style({ display: "grid", gap: vars.space.sm, margin: 0 });

export const stage = style({
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "contain",
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.lg,
});

export const missing = style([stage, { display: "grid", placeItems: "center", color: vars.color.muted }]);

export const thumbs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const thumbLink = style({
  display: "block",
  borderRadius: vars.radius.sm,
  border: "2px solid transparent",
  selectors: { "&[aria-current='true']": { borderColor: vars.color.brand } },
});

export const thumb = style({
  width: "5.5rem",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});
