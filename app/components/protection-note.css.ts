import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const note = style({
  position: "relative",
  zIndex: 1,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
});

export const text = style({ margin: 0, fontSize: vars.size.sm, lineHeight: 1.45 });

export const link = style({ fontWeight: 600, whiteSpace: "nowrap" });

export const returns = style({ marginBlockStart: vars.space.xxs });
