// A shipping label to print (ADR 0102): a bordered card the size of a 4×6 in label on screen, and
// on paper nothing but the label (the buttons and notes are left off).
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const page = style({
  display: "grid",
  gap: vars.space.md,
  justifyItems: "start",
  padding: vars.space.lg,
  "@media": { print: { padding: 0 } },
});

export const screenOnly = style({
  display: "grid",
  gap: vars.space.xs,
  maxWidth: "32rem",
  "@media": { print: { display: "none" } },
});
globalStyle(`${screenOnly} p`, { margin: 0 });

export const label = style({
  display: "grid",
  gap: vars.space.sm,
  width: "100%",
  maxWidth: "4in",
  padding: vars.space.md,
  border: `2px solid ${vars.color.ink}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.ink,
  "@media": {
    print: {
      width: "4in",
      maxWidth: "none",
      minHeight: "6in",
      border: "2px solid #000",
      borderRadius: 0,
      color: "#000",
    },
  },
});

export const banner = style({
  margin: 0,
  padding: vars.space.xs,
  border: `1px dashed ${vars.color.ink}`,
  fontSize: vars.size.sm,
  fontWeight: 700,
  textAlign: "center",
});

export const block = style({
  display: "grid",
  gap: "0.125rem",
  paddingBlock: vars.space.xs,
  borderTop: `1px solid ${vars.color.ink}`,
});

export const caption = style({
  margin: 0,
  fontSize: vars.size.xs,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
});

// One line of the address a line of its text.
export const address = style({
  fontStyle: "normal",
  lineHeight: 1.4,
  overflowWrap: "anywhere",
  whiteSpace: "pre-line",
});

export const recipient = style([address, { fontSize: vars.size.lg, fontWeight: 600 }]);

export const tracking = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.size.lg,
  fontWeight: 700,
  letterSpacing: "0.08em",
  overflowWrap: "anywhere",
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `0.125rem ${vars.space.sm}`,
  margin: 0,
});
globalStyle(`${facts} dd`, { margin: 0 });
globalStyle(`${facts} dt`, { fontWeight: 700 });

// On paper: no page margin of the site's layout, and the link colours black.
globalStyle("a", { "@media": { print: { color: "#000" } } });
