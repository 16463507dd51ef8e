import { style, styleVariants } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-3rem",
  zIndex: 100,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.ink,
  color: vars.color.surface,
  borderRadius: vars.radius.sm,
  selectors: { "&:focus": { top: vars.space.md, color: vars.color.surface } },
});

export const container = style({
  width: "100%",
  maxWidth: vars.width.page,
  marginInline: "auto",
  paddingInline: vars.space.md,
  "@media": { [breakpoints.medium]: { paddingInline: vars.space.lg } },
});

export const prose = style({ maxWidth: vars.width.prose });

export const section = style({ paddingBlock: vars.space.section });

/** The 1/2/3-column grid of the spec, by screen width. */
export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": {
    [breakpoints.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [breakpoints.large]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});

export const eyebrow = style({
  display: "block",
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  color: vars.color.accent,
  marginBottom: vars.space.xs,
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: "2px solid transparent",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  transition: "background-color 120ms ease, color 120ms ease",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.brand,
      color: vars.color.onBrand,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.brandStrong, color: vars.color.onBrand } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.brandStrong,
      borderColor: vars.color.brand,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.brandSoft } },
    },
  ],
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.onBrand,
      selectors: { "&:hover:not(:disabled)": { background: "#7f1b14", color: vars.color.onBrand } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: "transparent",
      color: vars.color.ink,
      borderColor: vars.color.border,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceAlt } },
    },
  ],
});

/** The pill that says a seller is verified (cards, the listing, All Sellers); each adds its layout. */
export const verifiedPill = style({
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: "#e6effa",
  color: vars.color.verified,
  fontSize: vars.size.xs,
  fontWeight: 700,
});
