import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const chart = style({ display: "block", width: "100%", maxWidth: "40rem", height: "auto" });
export const bar = style({ fill: vars.color.brand });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.muted, fontSize: 11 });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1, strokeDasharray: "4 4" });
export const figure = style({ margin: `0 0 ${vars.space.md}` });
/** What the bars are, said on the page, not only to a screen reader. */
export const caption = style({ fontSize: vars.size.sm, fontWeight: 600, marginBottom: vars.space.xs });
