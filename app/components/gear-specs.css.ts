import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const specs = style({
  width: "100%",
  maxWidth: vars.width.prose,
  borderCollapse: "collapse",
  fontSize: vars.size.sm,
});

export const caption = style({
  textAlign: "left",
  fontWeight: 700,
  fontSize: vars.size.lg,
  paddingBottom: vars.space.xs,
});

globalStyle(`${specs} th, ${specs} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
  overflowWrap: "anywhere",
});
globalStyle(`${specs} th`, { width: "38%", color: vars.color.muted, fontWeight: 600 });

export const guidance = style({
  display: "grid",
  gap: vars.space.xxs,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});

export const guidanceTitle = style({ margin: 0, fontWeight: 700 });
export const guidanceText = style({ margin: 0 });
export const warning = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
