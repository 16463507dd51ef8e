import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const carousel = style({ display: "grid", gap: vars.space.sm });

export const strip = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "100%",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  overscrollBehaviorX: "contain",
  borderRadius: vars.radius.lg,
  scrollbarWidth: "none",
  selectors: { "&::-webkit-scrollbar": { display: "none" } },
});

export const slide = style({
  position: "relative",
  margin: 0,
  scrollSnapAlign: "start",
  aspectRatio: "16 / 9",
  background: vars.color.surfaceSunken,
  // Wide screens: a banner, so the categories and listings start within the first screen.
  "@media": { [breakpoints.large]: { aspectRatio: "5 / 2" } },
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const caption = style({
  position: "absolute",
  left: vars.space.md,
  bottom: vars.space.md,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: "rgb(28 34 38 / 78%)",
  color: "#ffffff",
  fontWeight: 600,
});

/** Thumbnails: 1 visible on the smallest screens, then 4 from 768px and all 7 from 1024px. */
export const thumbs = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "100%",
  gap: vars.space.xs,
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  "@media": {
    [breakpoints.medium]: { gridAutoColumns: "calc((100% - 3 * 0.5rem) / 4)" },
    [breakpoints.large]: { gridAutoColumns: "calc((100% - 6 * 0.5rem) / 7)" },
  },
});

export const thumb = style({
  position: "relative",
  scrollSnapAlign: "start",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  border: `2px solid ${vars.color.border}`,
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.brand } },
});

export const thumbImage = style({ width: "100%", aspectRatio: "16 / 9", objectFit: "cover" });

export const thumbLabel = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
});
