import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Wide tables scroll inside their own box on small screens. */
export const wrap = style({
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.size.sm });

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: "left",
  verticalAlign: "middle",
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} thead th`, {
  background: vars.color.surfaceAlt,
  fontSize: vars.size.xs,
  letterSpacing: "0.05em",
  textTransform: "uppercase",
  color: vars.color.muted,
});
globalStyle(`${table} tbody tr:last-child td, ${table} tbody tr:last-child th`, { borderBottom: 0 });

export const caption = style({ textAlign: "left", padding: vars.space.md, fontWeight: 600, color: vars.color.muted });

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });

export const thumbLink = style({ display: "inline-block", borderRadius: vars.radius.sm, overflow: "hidden" });

export const thumb = style({ width: 64, height: 64, objectFit: "cover", background: vars.color.surfaceSunken });

export const noImage = style({ color: vars.color.muted });

export const zoomBackdrop = style({
  position: "fixed",
  inset: 0,
  zIndex: 60,
  display: "grid",
  placeItems: "center",
  gap: vars.space.md,
  padding: vars.space.lg,
  background: "rgb(28 34 38 / 80%)",
});

export const zoomImage = style({
  maxWidth: "min(90vw, 800px)",
  maxHeight: "80vh",
  width: "auto",
  borderRadius: vars.radius.md,
});

export const zoomClose = style({
  minHeight: "2.75rem",
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: 0,
  background: vars.color.surface,
  fontWeight: 700,
  cursor: "pointer",
});

export const status = style({ fontWeight: 700 });
export const paid = style([status, { color: vars.color.brandStrong }]);
export const ended = style([status, { color: vars.color.danger }]);

export const empty = style({
  padding: vars.space.xl,
  textAlign: "center",
  color: vars.color.muted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
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
