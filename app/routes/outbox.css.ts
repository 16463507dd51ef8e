import { style } from "@vanilla-extract/css";

export const letter = style({ whiteSpace: "pre-line", minWidth: "20rem" });
