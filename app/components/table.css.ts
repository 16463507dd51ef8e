import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/**
 * The box around a dashboard list, and a size container: the table uses the whole width it is
 * given, and when that is too narrow for its columns its rows become stacked cards (each cell
 * "label: value", from its data-label attribute; the actions on a row of their own). Pure CSS,
 * so it works without JavaScript, and it follows the box, not the screen: a list beside the
 * dashboard's tabs stacks sooner than the same list on a page of its own.
 */
export const wrap = style({ containerType: "inline-size", maxWidth: "100%" });

/** A list with many columns (photos, dates, several actions) stacks below a wider box. */
export const wide = style({});

/** A table of a dozen figures a row (the platform's months) stacks below a wider box still. */
export const widest = style({});

export const table = style({
  width: "100%",
  borderCollapse: "separate",
  borderSpacing: 0,
  fontSize: vars.size.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.sm}`,
  textAlign: "left",
  verticalAlign: "middle",
  borderBottom: `1px solid ${vars.color.border}`,
  // Words and email addresses stay whole while the columns have room; a long one (an email, a
  // model number) breaks anywhere rather than widen the table past its box: "anywhere", unlike
  // "break-word", lets the column shrink below the word's width.
  overflowWrap: "anywhere",
});
globalStyle(`${table} th:first-child, ${table} td:first-child`, { paddingLeft: vars.space.md });
globalStyle(`${table} th:last-child, ${table} td:last-child`, { paddingRight: vars.space.md });
globalStyle(`${table} thead th`, {
  background: vars.color.surfaceAlt,
  fontSize: vars.size.xs,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: vars.color.muted,
  overflowWrap: "normal",
});
globalStyle(`${table} thead th:first-child`, { borderTopLeftRadius: vars.radius.lg });
globalStyle(`${table} thead th:last-child`, { borderTopRightRadius: vars.radius.lg });
globalStyle(`${table} tbody tr:last-child td, ${table} tbody tr:last-child th`, { borderBottom: 0 });

/** The card form of a row, when the box is narrower than the given width. */
function stackBelow(scope: string, width: string) {
  const when = (rules: Parameters<typeof globalStyle>[1]) => ({ "@container": { [`(max-width: ${width})`]: rules } });
  globalStyle(`${scope} ${table}`, when({ display: "block", border: 0, background: "transparent" }));
  globalStyle(
    `${scope} ${table} > caption, ${scope} ${table} > tbody, ${scope} ${table} tr, ${scope} ${table} td, ${scope} ${table} th`,
    when({ display: "block" }),
  );
  // The column headers stay for screen readers; the labels on the cells show them to the eye.
  globalStyle(
    `${scope} ${table} > thead`,
    when({
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    }),
  );
  globalStyle(`${scope} ${table} > tbody`, when({ display: "grid", gap: vars.space.sm }));
  globalStyle(
    `${scope} ${table} tbody tr`,
    when({
      position: "relative",
      display: "grid",
      gridTemplateColumns: "auto minmax(0, 1fr)",
      columnGap: vars.space.md,
      padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
      boxShadow: vars.shadow.card,
    }),
  );
  const cells = `${scope} ${table} tbody td, ${scope} ${table} tbody th`;
  globalStyle(
    cells,
    when({
      gridColumn: "1 / -1",
      display: "grid",
      gridTemplateColumns: "minmax(7rem, 38%) minmax(0, 1fr)",
      alignItems: "center",
      justifyItems: "start",
      gap: vars.space.sm,
      padding: `${vars.space.xs} 0`,
      borderBottom: `1px solid ${vars.color.surfaceSunken}`,
    }),
  );
  globalStyle(
    `${scope} ${table} tbody :is(td, th)::before`,
    when({ content: "attr(data-label)", color: vars.color.muted, fontSize: vars.size.xs, fontWeight: 600 }),
  );
  // The row's name is the card's title, with the row's photo beside it and its number in the corner.
  globalStyle(
    `${scope} ${table} tbody th[scope='row']`,
    when({ gridRow: 1, display: "block", padding: `0 2.5rem ${vars.space.sm} 0`, fontSize: vars.size.md }),
  );
  globalStyle(`${scope} ${table} tbody tr:has(> td img) > th[scope='row']`, when({ gridColumn: "2 / -1" }));
  globalStyle(
    `${scope} ${table} tbody td:has(img)`,
    when({ gridRow: 1, gridColumn: 1, display: "block", padding: `0 0 ${vars.space.sm}` }),
  );
  globalStyle(`${scope} ${table} tbody :is(th[scope='row'], td:has(img))::before`, when({ content: "none" }));
  // A button in a value's place (a delivered order's "I received it as described", a link styled
  // as one) wraps its words rather than pushing the card wider than the screen.
  globalStyle(`${scope} ${table} tbody td :is(button, a)[class]`, when({ whiteSpace: "normal", maxWidth: "100%" }));
  globalStyle(
    `${scope} ${table} tbody td[data-label='Index']`,
    when({
      position: "absolute",
      top: vars.space.md,
      right: vars.space.md,
      display: "block",
      padding: 0,
      border: 0,
      color: vars.color.muted,
      fontSize: vars.size.xs,
    }),
  );
  globalStyle(`${scope} ${table} tbody td[data-label='Index']::before`, when({ content: "'#'" }));
  // The actions: a full row of buttons at the bottom of the card.
  globalStyle(
    `${scope} ${table} tbody td${actions}`,
    when({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, paddingTop: vars.space.sm, borderBottom: 0 }),
  );
  globalStyle(`${scope} ${table} tbody td${actions}::before`, when({ content: "none" }));
  globalStyle(`${scope} ${table} tbody tr > :last-child`, when({ borderBottom: 0 }));
}

/** A cell that holds a row's buttons: in the card form they take a row of their own. */
export const actions = style({});

stackBelow(wrap, "36rem");
stackBelow(wide, "60rem");
stackBelow(widest, "76rem");

export const caption = style({
  textAlign: "left",
  // It may quote the search: a long email breaks rather than widen the page.
  overflowWrap: "anywhere",
  padding: `0 0 ${vars.space.sm}`,
  fontSize: vars.size.sm,
  fontWeight: 600,
  color: vars.color.muted,
});

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });

export const thumbLink = style({ display: "inline-block", borderRadius: vars.radius.sm, overflow: "hidden" });

export const thumb = style({ width: 64, height: 64, objectFit: "cover", background: vars.color.surfaceSunken });

export const noImage = style({ color: vars.color.muted });

/** The zoomed photo: a native modal dialog, centred, over a dark backdrop. */
export const zoomDialog = style({
  padding: vars.space.md,
  border: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  textAlign: "center",
  selectors: { "&::backdrop": { background: "rgb(28 34 38 / 80%)" } },
});

export const zoomImage = style({
  maxWidth: "min(90vw, 800px)",
  maxHeight: "75vh",
  width: "auto",
  marginInline: "auto",
  borderRadius: vars.radius.md,
});

export const zoomClose = style({
  minHeight: "2.75rem",
  marginTop: vars.space.sm,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: 700,
  cursor: "pointer",
});

export const status = style({ fontWeight: 700 });
export const paid = style([status, { color: vars.color.brandStrong }]);
export const ended = style([status, { color: vars.color.danger }]);
/** "Paid" with the order's receipt link beside it. */
export const paidCell = style({ display: "inline-flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space.sm });
/** The deadline under an unpaid order's Pay. */
export const deadline = style({
  display: "block",
  marginTop: vars.space.xs,
  color: vars.color.muted,
  fontSize: vars.size.xs,
});

export const empty = style({
  padding: vars.space.xl,
  overflowWrap: "anywhere",
  textAlign: "center",
  color: vars.color.muted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const nowrap = style({ whiteSpace: "nowrap" });

/**
 * A cell (or a definition's value) that shows an amount: on one line, its digits lined up under
 * each other's (tabular figures) and, in a table's columns, set to the end of the cell as numbers
 * are (ADR 0100). In a row's card form the value sits after its label, at the start.
 */
export const amount = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
globalStyle(`${table} :is(th, td)${amount}`, { textAlign: "end", overflowWrap: "normal" });
/** A sale's sum under its "You receive": wraps at its operators, as words do. */
export const sum = style({ whiteSpace: "normal", textAlign: "end" });

for (const [scope, width] of [
  [wrap, "36rem"],
  [wide, "60rem"],
  [widest, "76rem"],
] as const) {
  globalStyle(`${scope} ${table} tbody :is(th, td)${amount}`, {
    "@container": { [`(max-width: ${width})`]: { textAlign: "start" } },
  });
}

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.size.xs, wordBreak: "break-all" });

export const badge = style({
  display: "inline-block",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontWeight: 600,
});

export const inlineForm = style({ margin: 0 });

/** Buttons inside a table row are smaller, so a row's actions fit beside its data. */
export const compact = style({});

globalStyle(`${table} td :is(a, button)[class]:not(${thumbLink})`, {
  minHeight: "2.25rem",
  padding: `${vars.space.xxs} ${vars.space.md}`,
  whiteSpace: "nowrap",
});

/**
 * A person in a cell: the name, then the email on a line of its own (`PersonCell`). The line is
 * at least as wide as a usual address, so the table gives the column room for one whole, and it
 * breaks after the "@" first (a `<wbr>` there); only an address longer than the column breaks
 * inside, rather than widen the page.
 */
export const email = style({
  display: "block",
  minInlineSize: "9rem",
  color: vars.color.muted,
  fontSize: vars.size.xs,
});
