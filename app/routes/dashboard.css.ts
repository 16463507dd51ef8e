import { style } from "@vanilla-extract/css";
import { breakpoints, vars } from "../styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
  "@media": { [breakpoints.medium]: { gridTemplateColumns: "14rem minmax(0, 1fr)" } },
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
  "@media": { [breakpoints.medium]: { flexDirection: "column" } },
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
