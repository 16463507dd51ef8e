import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const page = style({ display: "grid", justifyItems: "center", textAlign: "center" });

export const code = style({
  margin: 0,
  fontSize: "clamp(4rem, 3rem + 6vw, 7rem)",
  fontWeight: 800,
  lineHeight: 1,
  letterSpacing: "-0.04em",
  color: vars.color.brand,
});

export const statusText = style({ fontSize: vars.size.lg, fontWeight: 600 });

export const explain = style({ maxWidth: "32rem", color: vars.color.muted });

export const actions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space.sm });
