import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const backdrop = style({
  position: "fixed",
  inset: 0,
  zIndex: 40,
  display: "grid",
  placeItems: "center",
  padding: vars.space.md,
  background: "rgb(28 34 38 / 55%)",
  overflowY: "auto",
});

export const dialog = style({
  position: "relative",
  width: "100%",
  maxWidth: "32rem",
  margin: 0,
  padding: "clamp(1rem, 5vw, 2rem)",
  border: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.raised,
  // A long word (a model number in a listing's name, an email) breaks rather than widen the dialog
  // past the screen.
  overflowWrap: "anywhere",
  // With JavaScript the dialog moves to the top layer (showModal): centre it there too.
  selectors: { "&:modal": { position: "fixed", margin: "auto" } },
});

globalStyle(`${dialog}::backdrop`, { background: "rgb(28 34 38 / 55%)" });

export const title = style({ fontSize: vars.size.xl, paddingRight: vars.space.md });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  // A long dialog (a listing that meets or ships asks for more) keeps its decision on a phone's
  // screen: the actions stay at the bottom of what shows while the rest scrolls.
  position: "sticky",
  bottom: 0,
  paddingBlock: vars.space.sm,
  background: vars.color.surface,
  // Nothing of what scrolls shows below the bar: its surface covers the dialog's padding under it.
  boxShadow: `0 clamp(1rem, 5vw, 2rem) 0 ${vars.color.surface}`,
});

export const summary = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.size.sm,
});

globalStyle(`${summary} dt`, { color: vars.color.muted, fontWeight: 600 });
globalStyle(`${summary} dd`, { margin: 0, overflowWrap: "anywhere" });

/** A quiet link at the start of the actions row (Report this listing). */
export const reportLink = style({
  marginRight: "auto",
  alignSelf: "center",
  fontSize: vars.size.sm,
  color: vars.color.danger,
});
