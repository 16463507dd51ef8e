import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "4rem",
  "@media": { [breakpoints.medium]: { gap: vars.space.md } },
});

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontFamily: vars.font.heading,
  fontSize: vars.size.lg,
  fontWeight: 800,
  letterSpacing: "-0.02em",
  color: vars.color.ink,
  flexShrink: 0,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.brandStrong } },
});

export const logoMark = style({ color: vars.color.brand });

export const navList = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const navLink = style({
  display: "inline-block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  fontWeight: 600,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.ink },
    "&[aria-current='page']": { color: vars.color.brandStrong, textDecoration: "underline" },
  },
});

/** The header's search box: shrinks to fit between the logo and the menu on a 360 px screen. */
export const headerSearch = style({
  display: "flex",
  flex: "1 1 8rem",
  minWidth: 0,
  maxWidth: "22rem",
  marginInlineStart: "auto",
});

export const headerSearchInput = style({
  flex: "1 1 auto",
  minWidth: 0,
  width: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  font: "inherit",
  border: `1px solid ${vars.color.border}`,
  borderRight: 0,
  borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}`,
  background: vars.color.surface,
});

export const headerSearchButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "0 0 2.75rem",
  minHeight: "2.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  background: vars.color.surfaceAlt,
  color: vars.color.ink,
  cursor: "pointer",
});

/** The inline navigation of wide screens. */
export const desktopNav = style({
  display: "none",
  "@media": { [breakpoints.medium]: { display: "block" } },
});

/** The hamburger menu of narrow screens: a <details> element, so it opens without JavaScript. */
export const mobileMenu = style({
  position: "relative",
  "@media": { [breakpoints.medium]: { display: "none" } },
});

export const menuButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.75rem",
  height: "2.75rem",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const menuPanel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 0.5rem)",
  minWidth: "14rem",
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

globalStyle(`${menuPanel} ${navList}`, { flexDirection: "column", alignItems: "stretch" });

export const inlineForm = style({ display: "inline", margin: 0 });

export const main = style({ flex: 1 });

export const footer = style({
  marginTop: vars.space.section,
  background: vars.color.ink,
  color: "#e9e4dc",
  paddingBlock: vars.space.xxl,
  contentVisibility: "auto",
  containIntrinsicSize: "auto 640px",
});

globalStyle(`${footer} a`, { color: "#f3efe8" });
globalStyle(`${footer} a:hover`, { color: "#ffffff" });
// The blue focus ring has too little contrast (2.6:1) on the dark footer; a light one has 14:1.
globalStyle(`${footer} :focus-visible`, { outlineColor: "#f3efe8" });
globalStyle(`${footer} h2`, {
  color: "#ffffff",
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
});

export const footerGrid = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": { [breakpoints.large]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr)) 1.6fr" } },
});

export const footerList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xxs });

export const subscribe = style({ gridColumn: "1 / -1", "@media": { [breakpoints.large]: { gridColumn: "auto" } } });

export const subscribeRow = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });

export const subscribeInput = style({
  flex: "1 1 12rem",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: "1px solid #8c969d",
  background: "#ffffff",
  color: vars.color.ink,
});

export const footerBottom = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: "1px solid #3d474e",
});

export const social = style({ display: "flex", gap: vars.space.sm, listStyle: "none", margin: 0, padding: 0 });

export const socialLink = style({
  display: "inline-flex",
  width: "2.75rem",
  height: "2.75rem",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: vars.radius.pill,
  border: "1px solid #6b757c",
});

const fadeOut = keyframes({ to: { opacity: 0, visibility: "hidden" } });

export const toastRegion = style({
  position: "fixed",
  insetInline: vars.space.md,
  bottom: vars.space.md,
  zIndex: 50,
  display: "grid",
  justifyItems: "end",
  pointerEvents: "none",
});

export const toast = style({
  pointerEvents: "auto",
  maxWidth: "26rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: "6px solid",
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  fontWeight: 600,
  // Without JavaScript the toast still leaves on its own.
  animation: `${fadeOut} 400ms ease 6s forwards`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "1ms" } },
});

export const toastSuccess = style({ borderColor: vars.color.success });
export const toastError = style({ borderColor: vars.color.danger, color: vars.color.danger });

export const splash = style({
  display: "none",
  position: "fixed",
  inset: 0,
  zIndex: 200,
  alignItems: "center",
  justifyContent: "center",
  flexDirection: "column",
  gap: vars.space.md,
  background: vars.color.surface,
});

globalStyle(`html.splash ${splash}`, { display: "flex" });

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = style({
  width: "3rem",
  height: "3rem",
  borderRadius: "50%",
  border: `4px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  animation: `${spin} 800ms linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
