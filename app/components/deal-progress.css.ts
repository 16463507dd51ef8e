// The deal's progress picture (ADR 0102): markers joined by a line, each step's state in words.
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** The progress picture: one row per step, a marker, the step, its state in words and its date. */
export const steps = style({
  display: "grid",
  gap: 0,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const step = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "2rem minmax(0, 1fr)",
  columnGap: vars.space.sm,
  paddingBlock: vars.space.xs,
  selectors: {
    // The line between two markers.
    "&:not(:last-child)::after": {
      content: '""',
      position: "absolute",
      insetInlineStart: "calc(1rem - 1px)",
      top: "2.5rem",
      bottom: "-0.5rem",
      width: "2px",
      background: vars.color.border,
    },
  },
});

export const marker = styleVariants({
  done: {
    display: "grid",
    placeItems: "center",
    width: "2rem",
    height: "2rem",
    borderRadius: vars.radius.pill,
    background: vars.color.brand,
    color: vars.color.onBrand,
    fontWeight: 700,
  },
  now: {
    display: "grid",
    placeItems: "center",
    width: "2rem",
    height: "2rem",
    borderRadius: vars.radius.pill,
    background: vars.color.surface,
    border: `3px solid ${vars.color.brand}`,
    color: vars.color.brandStrong,
    fontWeight: 700,
  },
  to_come: {
    display: "grid",
    placeItems: "center",
    width: "2rem",
    height: "2rem",
    borderRadius: vars.radius.pill,
    background: vars.color.surface,
    border: `2px dashed ${vars.color.border}`,
    color: vars.color.muted,
  },
});

export const stepText = style({ display: "grid", gap: "0.125rem", minWidth: 0, paddingTop: "0.3rem" });

export const stepName = style({ fontWeight: 600 });

export const stepState = styleVariants({
  done: { color: vars.color.brandStrong, fontSize: vars.size.sm, fontWeight: 600 },
  now: { color: vars.color.ink, fontSize: vars.size.sm, fontWeight: 700 },
  to_come: { color: vars.color.muted, fontSize: vars.size.sm },
});

export const stepNote = style({ color: vars.color.muted, fontSize: vars.size.sm });
