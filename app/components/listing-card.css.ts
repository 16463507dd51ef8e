import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { verifiedPill } from "#app/styles/utilities.css";

export const card = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  contentVisibility: "auto",
  containIntrinsicSize: "auto 600px",
});

export const photo = style({
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  background: vars.color.surfaceSunken,
});

export const photoMissing = style([photo, { display: "grid", placeItems: "center", color: vars.color.muted }]);

export const body = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  flex: 1,
});

// Two lines at most, so every card of a row lines up (screen readers still read the whole name).
export const title = style({
  fontSize: vars.size.lg,
  margin: 0,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  minHeight: "2.4em",
});

/** The name as a link whose click area covers the whole card (the actions stay above it). */
export const cardLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: { "&::after": { content: "''", position: "absolute", inset: 0 }, "&:hover": { color: "inherit" } },
});

export const titleLink = style({ color: "inherit" });

export const prices = style({
  display: "flex",
  alignItems: "baseline",
  flexWrap: "wrap",
  columnGap: vars.space.sm,
  margin: 0,
});

export const resale = style({ fontSize: vars.size.xl, fontWeight: 700, color: vars.color.brandStrong });

export const original = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.size.sm,
});

globalStyle(`${facts} dt`, { color: vars.color.muted, fontSize: vars.size.xs });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

// The location (first) and the contact (last) take a whole row. The location keeps to one line
// (the full text is its title, a tooltip, and screen readers read it whole); a phone number is
// never broken across lines.
globalStyle(`${facts} > :is(:first-child, :last-child)`, { gridColumn: "1 / -1" });
globalStyle(`${facts} > :first-child dd`, {
  position: "relative",
  zIndex: 1,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});
globalStyle(`${facts} > :last-child dd`, { whiteSpace: "nowrap" });

export const seller = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.size.sm,
});

/** The seller's name, a link of its own above the card's whole-card link. */
export const sellerLink = style({ position: "relative", zIndex: 1 });

export const verified = style([
  verifiedPill,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space.xxs,
    selectors: {
      "&::before": {
        content: "'✓'",
        display: "inline-grid",
        placeItems: "center",
        width: "1.1em",
        height: "1.1em",
        borderRadius: "50%",
        background: vars.color.verified,
        color: "#fff",
        fontSize: "0.85em",
      },
    },
  },
]);

/** Book Now and Add Wishlist share the row; Report is a small flag at its end. */
export const actions = style({
  position: "relative",
  zIndex: 1,
  display: "flex",
  gap: vars.space.xs,
  marginTop: "auto",
  paddingTop: vars.space.xs,
});

globalStyle(`${actions} > *`, { flex: "1 1 0", minWidth: 0 });
globalStyle(`${actions} :is(a, button)`, {
  width: "100%",
  paddingInline: vars.space.xs,
  fontSize: vars.size.sm,
  whiteSpace: "nowrap",
});
// Report, the last: a square holding its flag.
globalStyle(`${actions} > :last-child`, { flex: "0 0 2.75rem", padding: 0 });

export const rating = style({ whiteSpace: "nowrap", fontWeight: 600 });

/** The badge of a lens that fits the buyer's camera: green natively, amber through an adapter. */
export const fit = style({
  position: "relative",
  zIndex: 1,
  alignSelf: "flex-start",
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.size.sm,
  fontWeight: 700,
  overflowWrap: "anywhere",
});
export const fitNative = style({ background: vars.color.brandSoft, color: vars.color.brandStrong });
export const fitAdapter = style({ background: vars.color.accentSoft, color: vars.color.accent });
