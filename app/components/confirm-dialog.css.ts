import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const dialog = style({
  position: "fixed",
  inset: 0,
  zIndex: 50,
  width: "min(26rem, calc(100% - 2rem))",
  margin: "auto",
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.ink,
  overflowWrap: "anywhere",
  selectors: {
    // Without JavaScript the dialog is open but not modal: dim the page around it anyway.
    "&[open]:not(:modal)": { boxShadow: `${vars.shadow.raised}, 0 0 0 100vmax rgb(28 34 38 / 45%)` },
    "&::backdrop": { background: "rgb(28 34 38 / 45%)" },
  },
});

export const actions = style({ display: "flex", gap: vars.space.sm, justifyContent: "flex-end", margin: 0 });
