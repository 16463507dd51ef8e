import { globalStyle, style } from "@vanilla-extract/css";
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

/** Each group of settings, a heading and its forms. */
export const section = style({
  display: "grid",
  gap: vars.space.md,
  paddingBlock: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  // Long addresses wrap rather than push the page wider than a phone.
  overflowWrap: "anywhere",
  selectors: { "&:first-of-type": { borderTop: 0, paddingTop: 0 } },
});

export const verified = style({ margin: 0, color: vars.color.brandStrong, fontWeight: 600 });

export const unverified = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  padding: vars.space.md,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
});

globalStyle(`${unverified} p`, { margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0 });

/** Settings → Addresses: the saved addresses, one card each. */
export const addressList = style({ display: "grid", gap: vars.space.md, listStyle: "none", margin: 0, padding: 0 });

export const addressCard = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxWidth: "36rem",
});

export const addressTitle = style({ margin: 0, fontSize: vars.size.md });

export const addressLines = style({ fontStyle: "normal", lineHeight: 1.5 });

export const confirm = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
});

/** The address form reads as one address: no field wider than a card. */
export const addressForm = style({ maxWidth: "36rem" });
