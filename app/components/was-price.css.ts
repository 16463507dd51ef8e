import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

// Muted and struck through beside the price it was replaced by; a long amount wraps rather than
// pushing the card wider than a phone.
export const wasPrice = style({ color: vars.color.muted, overflowWrap: "anywhere" });
