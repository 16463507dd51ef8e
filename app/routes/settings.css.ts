import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const kinds = style({ display: "grid", gap: vars.space.sm, border: 0, margin: 0, padding: 0 });

export const kind = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: vars.space.xs,
  alignItems: "start",
});

export const checkbox = style({ width: "1.25rem", height: "1.25rem", marginTop: "0.1rem" });

export const description = style({ display: "block", color: vars.color.muted, fontSize: vars.size.sm });
