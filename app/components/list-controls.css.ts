import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const search = style({ display: "grid", gap: vars.space.xxs, marginBlock: vars.space.md });

export const searchRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const searchInput = style({ flex: "1 1 16rem", width: "auto" });

export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  flexWrap: "wrap",
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const summary = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.muted, fontSize: vars.size.sm });
