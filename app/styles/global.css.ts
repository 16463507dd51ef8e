import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  scrollBehavior: "smooth",
  "@media": { "(prefers-reduced-motion: reduce)": { scrollBehavior: "auto" } },
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  fontFamily: vars.font.body,
  fontSize: vars.size.md,
  lineHeight: 1.6,
  color: vars.color.ink,
  background: vars.color.surface,
});

globalStyle("h1, h2, h3, h4", {
  fontFamily: vars.font.heading,
  fontWeight: 700,
  lineHeight: 1.2,
  letterSpacing: "-0.01em",
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.ink,
  // A name with one long word (a model number) breaks rather than run past the screen or widen
  // the box it is in (a dialog, a card).
  overflowWrap: "anywhere",
});
globalStyle("h1", { fontSize: vars.size.xxl });
globalStyle("h2", { fontSize: vars.size.xl });
globalStyle("h3", { fontSize: vars.size.lg });
globalStyle("p", { margin: `0 0 ${vars.space.md}` });

globalStyle("a", { color: vars.color.brand, textUnderlineOffset: "0.2em" });
globalStyle("a:hover", { color: vars.color.brandStrong });

globalStyle("img", { maxWidth: "100%", height: "auto", display: "block" });

globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });

// A fieldset groups controls; it never draws the browser's default frame.
globalStyle("fieldset", { margin: 0, padding: 0, border: 0, minWidth: 0 });
globalStyle("legend", { padding: 0 });

globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

globalStyle("pre, code", { fontFamily: vars.font.mono, fontSize: "0.9em" });

// The error page (app/components/error-page.tsx): its status large, everything centred. Styled
// here, by attribute, so the root's own stylesheet carries it (no extra file on every page).
globalStyle("[data-error-page]", { textAlign: "center" });
globalStyle("[data-error-page] > :first-child", {
  margin: 0,
  fontSize: "clamp(4rem, 3rem + 6vw, 7rem)",
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.brand,
});
globalStyle("[data-error-page] > div", {
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.sm,
});
