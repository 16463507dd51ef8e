import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";
import { verifiedPill } from "#app/styles/utilities.css";

// On a phone: the photo beside the name and price, the facts, seller and actions under both
// (a card of about 260 px). From two columns up: the photo on top, the rest under it.
export const card = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "8rem minmax(0, 1fr)",
  gridTemplateAreas: '"photo head" "facts facts" "actions actions"',
  gridTemplateRows: "auto auto 1fr",
  gap: `${vars.space.xs} ${vars.space.sm}`,
  padding: vars.space.sm,
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  contentVisibility: "auto",
  containIntrinsicSize: "auto 260px",
  "@media": {
    [breakpoints.medium]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      gridTemplateAreas: '"photo" "head" "facts" "actions"',
      gridTemplateRows: "auto auto auto 1fr",
      padding: 0,
      paddingBottom: vars.space.md,
      containIntrinsicSize: "auto 520px",
    },
  },
});

// From two columns up, what is under the photo keeps the card's inner margin.
globalStyle(`${card} > :not(:first-child)`, {
  "@media": { [breakpoints.medium]: { marginInline: vars.space.md } },
});

export const photo = style({
  gridArea: "photo",
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  alignSelf: "start",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  "@media": { [breakpoints.medium]: { borderRadius: 0 } },
});

export const photoMissing = style([
  photo,
  { display: "grid", placeItems: "center", color: vars.color.muted, fontSize: vars.size.xs, textAlign: "center" },
]);

export const head = style({
  gridArea: "head",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0,
});

// Two lines at most (screen readers still read the whole name); from two columns up every
// card of a row keeps two lines' room, so the rows line up.
export const title = style({
  fontSize: vars.size.md,
  lineHeight: 1.3,
  margin: 0,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  "@media": { [breakpoints.medium]: { fontSize: vars.size.lg, minHeight: "2.6em", marginTop: vars.space.sm } },
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
  columnGap: vars.space.xs,
  margin: 0,
});

export const resale = style({
  fontSize: vars.size.lg,
  fontWeight: 700,
  color: vars.color.brandStrong,
  whiteSpace: "nowrap",
  "@media": { [breakpoints.medium]: { fontSize: vars.size.xl } },
});

export const original = style({ color: vars.color.muted, fontSize: vars.size.xs, whiteSpace: "nowrap" });

/** The facts as "label value" pairs, as many to a line as fit. */
export const facts = style({
  gridArea: "facts",
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.size.xs,
  lineHeight: 1.4,
});

globalStyle(`${facts} > div`, {
  display: "flex",
  alignItems: "center",
  gap: vars.space.xxs,
  minWidth: 0,
  maxWidth: "100%",
});
globalStyle(`${facts} dt`, { color: vars.color.muted, whiteSpace: "nowrap" });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600, minWidth: 0, overflowWrap: "anywhere" });

/** A fact on a line of its own (location, delivery, contact). */
export const wholeLine = style({ flexBasis: "100%" });

/** The location keeps to one line: the full text is its title, and screen readers read it whole. */
export const oneLine = style({
  position: "relative",
  zIndex: 1,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

/** A phone number is never broken across lines. */
export const nowrap = style({ whiteSpace: "nowrap" });

/** "Sign in to see the contact": a link of its own above the card's whole-card link. */
export const contactSignIn = style({
  position: "relative",
  zIndex: 1,
  display: "inline-flex",
  alignItems: "center",
  minHeight: "1.5rem",
  fontWeight: 600,
});

/** The seller's name, its Verified badge and rating, in a row that wraps. */
export const seller = style({});
globalStyle(`${seller} > dd`, { display: "flex", alignItems: "center", flexWrap: "wrap", gap: `0 ${vars.space.xxs}` });

/** The seller's name, a link of its own above the card's whole-card link, 24 px tall at least. */
export const sellerLink = style({
  position: "relative",
  zIndex: 1,
  display: "inline-flex",
  alignItems: "center",
  minHeight: "1.5rem",
});

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
  gridArea: "actions",
  position: "relative",
  zIndex: 1,
  display: "flex",
  gap: vars.space.xs,
  alignSelf: "end",
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

/** The grid of cards: 1/2/3 columns as every grid, the phone's cards closer together. */
export const cardGrid = style({
  gap: vars.space.sm,
  "@media": { [breakpoints.medium]: { gap: vars.space.lg } },
});
