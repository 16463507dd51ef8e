import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "#app/styles/theme.css";

/** The tabs in a narrow column on large screens, in a row above the page on smaller ones. */
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  paddingBlock: vars.space.lg,
  "@media": {
    [breakpoints.large]: {
      gridTemplateColumns: "12rem minmax(0, 1fr)",
      gap: vars.space.xl,
      paddingBlock: vars.space.xl,
    },
  },
});

export const tabs = style({ alignSelf: "start" });

export const greeting = style({ color: vars.color.muted, fontSize: vars.size.sm });

export const tabList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [breakpoints.large]: { flexDirection: "column" } },
});

export const tab = style({
  display: "block",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.ink,
  fontWeight: 600,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.ink },
    "&[aria-current='page']": {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
    },
  },
});

export const panel = style({ minWidth: 0 });

/** The Messages tab's unread count. */
export const badge = style({
  display: "inline-block",
  minWidth: "1.5em",
  padding: `0 ${vars.space.xs}`,
  borderRadius: "999px",
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.size.sm,
  textAlign: "center",
  selectors: {
    [`${tab}[aria-current='page'] &`]: { background: vars.color.onBrand, color: vars.color.brand },
  },
});
