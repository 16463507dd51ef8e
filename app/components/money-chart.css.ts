import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const chart = style({ display: "block", width: "100%", maxWidth: "40rem", height: "auto" });
export const bar = style({ fill: vars.color.brand });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.muted, fontSize: 11 });
