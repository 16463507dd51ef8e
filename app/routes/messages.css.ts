import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const conversations = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const conversation = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const unreadConversation = style({ borderColor: vars.color.brand, borderWidth: 2 });

export const heading = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "baseline" });

export const meta = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const excerpt = style({ margin: 0, overflowWrap: "anywhere" });

export const unread = style({
  display: "inline-block",
  padding: `0 ${vars.space.xs}`,
  borderRadius: "999px",
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.size.sm,
  fontWeight: 700,
});

export const thread = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const message = style({
  display: "grid",
  gap: vars.space.xs,
  maxWidth: "40rem",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});

export const mine = style({ justifySelf: "end", background: vars.color.surface });

export const body = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});

export const composer = style({ display: "grid", gap: vars.space.sm, marginBlockStart: vars.space.lg });

export const olderLinks = style({ display: "flex", gap: vars.space.sm, marginBlock: vars.space.sm });
