import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const part = style({
  display: "grid",
  gap: vars.space.md,
  paddingBlock: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const steps = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });

export const qr = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.lg,
});

globalStyle(`${qr} img`, {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

/** The key as text: it breaks anywhere rather than push the page wider than a phone. */
export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.size.md,
  overflowWrap: "anywhere",
  userSelect: "all",
});

export const codes = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
});

export const codeList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9rem, 1fr))",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

globalStyle(`${codeList} code`, { fontFamily: vars.font.mono, fontSize: vars.size.md });
