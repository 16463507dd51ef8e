import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const count = style({ color: vars.color.muted });

export const refused = style({ color: vars.color.danger });
