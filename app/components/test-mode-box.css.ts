import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** Dashed and amber, apart from the page's real actions. */
export const box = style({
  display: "grid",
  gap: vars.space.sm,
  marginBlock: vars.space.lg,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
});

export const title = style({ margin: 0, fontSize: vars.size.lg, color: vars.color.accent });

export const intro = style({ margin: 0, fontSize: vars.size.sm });

globalStyle(`${box} ul`, {
  display: "grid",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
  minWidth: 0,
});
globalStyle(`${box} fieldset`, { margin: 0, padding: 0, border: 0, minWidth: 0 });
// A control names what it acts on, often a long name: it wraps as text, not as a pill.
globalStyle(`${box} button`, {
  borderRadius: vars.radius.md,
  textAlign: "start",
  maxWidth: "100%",
  whiteSpace: "normal",
  overflowWrap: "anywhere",
});
