// The seller's forms of a deal page: at the width an address needs.
import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

/** The seller's forms: fields at a width a postal address needs, not the page's. */
export const form = style({ display: "grid", gap: vars.space.md, maxWidth: "28rem" });

export const twoColumns = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { [breakpoints.small]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});
