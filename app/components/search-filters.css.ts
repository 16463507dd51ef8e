import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const form = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  alignItems: "start",
  marginBlock: vars.space.md,
});

export const words = style({ gridColumn: "1 / -1" });

export const conditions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const check = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xxs });

export const prices = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm });

export const submit = style({ alignSelf: "end" });

/** The gear filters: their own row of fields inside the form's grid. */
export const gear = style({
  gridColumn: "1 / -1",
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  alignItems: "start",
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

/** The filters' fold: one line on a phone, opened by its "Filters" line. */
export const fold = style({
  marginBlock: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  paddingInline: vars.space.md,
});

export const summary = style({
  cursor: "pointer",
  minHeight: "2.75rem",
  display: "flex",
  alignItems: "center",
  gap: vars.space.xxs,
  fontWeight: 700,
  listStylePosition: "inside",
  selectors: { "&::before": { content: "'▸'", display: "inline-block", width: "1em" } },
  "@media": {
    [breakpoints.large]: {
      "@supports": { "selector(::details-content)": { display: "none" } },
    },
  },
});

globalStyle(`${summary}::-webkit-details-marker`, { display: "none" });
globalStyle(`${summary}`, { listStyle: "none" });
globalStyle(`${fold}[open] > ${summary}::before`, { content: "'▾'" });

export const activeCount = style({ fontWeight: 400, color: vars.color.muted });

// From a laptop's width up the filters are always shown, where the browser lets CSS open a
// <details> (its ::details-content); elsewhere its "Filters" line stays and opens them.
globalStyle(`${fold}::details-content`, {
  "@media": {
    [breakpoints.large]: {
      "@supports": { "selector(::details-content)": { contentVisibility: "visible", display: "block" } },
    },
  },
});
globalStyle(`${fold}`, {
  "@media": {
    [breakpoints.large]: {
      "@supports": { "selector(::details-content)": { border: 0, background: "none", paddingInline: 0 } },
    },
  },
});
