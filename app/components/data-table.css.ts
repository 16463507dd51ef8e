import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Wide tables scroll inside their region on small screens (the region is focusable). */
export const scroller = style({
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.size.sm });

export const caption = style({
  captionSide: "top",
  textAlign: "start",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.muted,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  textAlign: "start",
  verticalAlign: "middle",
});

globalStyle(`${table} thead th`, { background: vars.color.surfaceAlt, whiteSpace: "nowrap" });

export const thumb = style({
  width: "4rem",
  height: "4rem",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
});

export const nowrap = style({ whiteSpace: "nowrap" });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.size.xs, wordBreak: "break-all" });

export const badge = style({
  display: "inline-block",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontWeight: 600,
});

export const inlineForm = style({ margin: 0 });

/** Buttons inside a table row: smaller, so a row's actions fit on a laptop screen. */
export const compact = style({
  selectors: {
    [`${table} &`]: { minHeight: "2.25rem", padding: `${vars.space.xxs} ${vars.space.md}`, whiteSpace: "nowrap" },
  },
});

export const empty = style({ padding: vars.space.lg, color: vars.color.muted });
