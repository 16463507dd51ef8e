import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** A refused form's messages, at its top: a danger border, readable without colour (its heading). */
export const summary = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  ":focus-visible": { outline: `3px solid ${vars.color.danger}`, outlineOffset: 2 },
});

export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.size.md });

export const list = style({ margin: 0, paddingLeft: vars.space.md });

globalStyle(`${list} a`, { color: vars.color.danger, fontWeight: 600 });
