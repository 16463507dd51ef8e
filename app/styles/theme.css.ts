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
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'ui-serif, Georgia, Cambria, "Times New Roman", serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  size: {
    xs: "0.8125rem",
    sm: "0.9375rem",
    md: "1rem",
    lg: "1.25rem",
    xl: "1.625rem",
    xxl: "2.25rem",
    hero: "clamp(2rem, 5vw, 3.25rem)",
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
  width: { page: "72rem", prose: "42rem" },
});

/** Breakpoints shared by every responsive rule (the spec's 560/768/1024 steps). */
export const breakpoints = {
  small: "screen and (min-width: 560px)",
  medium: "screen and (min-width: 768px)",
  large: "screen and (min-width: 1024px)",
} as const;
