import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { verifiedPill } from "#app/styles/utilities.css";

export const verified = style([verifiedPill, { display: "inline-block" }]);

/** A name with its email (or a note) on the line below. */
export const stacked = style({ display: "grid", gap: vars.space.xxs });

export const secondary = style({
  color: vars.color.muted,
  fontSize: vars.size.xs,
  fontWeight: 400,
  overflowWrap: "anywhere",
});

export const listing = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minWidth: "16rem" });

// The photo keeps its 64x64 however long the product's name is.
globalStyle(`${listing} > :first-child`, { flexShrink: 0 });

export const reportCount = style({
  justifySelf: "start",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.size.xs,
  fontWeight: 700,
});

export const details = style({ margin: 0, maxWidth: "24rem", fontSize: vars.size.xs, whiteSpace: "pre-line" });

/** The open reports of one listing, newest first. */
export const reports = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });
