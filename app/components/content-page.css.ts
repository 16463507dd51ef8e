import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

export const toc = style({
  margin: `${vars.space.lg} 0 ${vars.space.xl}`,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
});
globalStyle(`${toc} ol`, { margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });

export const article = style({
  paddingBlock: vars.space.xl,
  borderTop: `1px solid ${vars.color.border}`,
  scrollMarginTop: "5rem",
});

export const byline = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const summary = style({ fontSize: vars.size.lg, maxWidth: vars.width.prose });

export const code = style({
  overflowX: "auto",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.ink,
  color: "#f3efe8",
  lineHeight: 1.5,
});

export const blocks = style({
  marginTop: vars.space.xl,
  "@media": { [breakpoints.large]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const block = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const lead = style({ fontWeight: 600, color: vars.color.brandStrong });

/** A section of a reading page (terms, privacy, help). */
export const part = style({ marginTop: vars.space.xl });

/** The conditions explained, side by side where there is room. */
export const conditions = style({ marginBlock: vars.space.lg, padding: 0, listStyle: "none" });

export const condition = style([block, { display: "grid", gap: vars.space.xs, alignContent: "start" }]);

globalStyle(`${condition} h3, ${condition} p`, { margin: 0 });
globalStyle(`${condition} h3`, { color: vars.color.brandStrong });

/** The contact address, large enough to read and copy. */
export const contactCard = style({
  display: "grid",
  maxWidth: vars.width.prose,
  gap: vars.space.xs,
  marginTop: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});
