// Design tokens. Colours are chosen for WCAG AA contrast on their intended backgrounds.
import { createGlobalTheme } from "@vanilla-extract/css";

export const vars = createGlobalTheme(":root", {
  color: {
    ink: "#1c2226",
    muted: "#4d5860",
    surface: "#ffffff",
    surfaceAlt: "#f6f3ee",
    surfaceSunken: "#ece7df",
    border: "#d8d1c6",
    brand: "#1d6b57",
    brandStrong: "#134a3c",
    brandSoft: "#e3f1ec",
    onBrand: "#ffffff",
    accent: "#8a4b14",
    accentSoft: "#f8ecdf",
    danger: "#a3231a",
    dangerSoft: "#fbe9e7",
    success: "#7a4a1f",
    focus: "#1a5fb4",
    verified: "#1559b0",
  },
  // One sans-serif family for headings and text (headings inherit the body's): each platform's
  // own UI font (San Francisco, Segoe UI, Roboto, Noto, or the Linux desktop's through
  // system-ui), never a downloaded web font and never a serif fallback.
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    heading: "inherit",
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  },
  // The type scale: 13 and 14 px for small print, 16 px text, then headings at 20, 24 and 32 px
  // (a ratio of about 1.25); the largest steps shrink on phones.
  size: {
    xs: "0.8125rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.25rem",
    xl: "clamp(1.3125rem, 1.1rem + 0.6vw, 1.5rem)",
    xxl: "clamp(1.625rem, 1.3rem + 1.2vw, 2rem)",
    hero: "clamp(1.875rem, 1.2rem + 2.6vw, 2.75rem)",
  },
  space: {
    xxs: "0.25rem",
    xs: "0.5rem",
    sm: "0.75rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    xxl: "3rem",
    section: "clamp(2.5rem, 6vw, 4.5rem)",
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgb(28 34 38 / 8%), 0 4px 14px rgb(28 34 38 / 6%)",
    raised: "0 10px 30px rgb(28 34 38 / 18%)",
  },
  width: { page: "80rem", prose: "42rem" },
});

/** Breakpoints shared by every responsive rule (the spec's 560/768/1024 steps). */
export const breakpoints = {
  small: "screen and (min-width: 560px)",
  medium: "screen and (min-width: 768px)",
  large: "screen and (min-width: 1024px)",
} as const;
