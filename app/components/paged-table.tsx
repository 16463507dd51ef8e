import type { ReactNode } from "react";
import type { Page } from "#app/domain/shared/list-query";
import { ConfirmDialog } from "./confirm-dialog";
import { Pager, SearchForm } from "./list-controls";
import * as table from "./table.css";

/** One column of a dashboard list: its header, and what each row shows in it. */
export type Column<Row> = {
  header: string;
  /** The label a cell shows in the card form of a narrow screen; the header unless said. */
  label?: string;
  /**
   * "name": the row's header cell (`<th scope="row">`), the title of its card; "actions": the
   * row's buttons, a row of their own in the card form; "data" (the default): a labelled cell.
   */
  kind?: "name" | "actions" | "data";
  className?: string;
  cell: (row: Row) => ReactNode;
};

/**
 * A dashboard list, one page at a time (ADR 0035's pages): an optional search form, the table
 * with each row's number on the whole list and a caption, an empty state, the pager (which keeps
 * the search) and the URL-driven confirmation of a row's action (`?confirm=…&id=…`, a plain form
 * post). Every page is the server's; nothing needs JavaScript.
 */
export function PagedTable<Row>({
  pathname,
  list,
  rowKey,
  columns,
  caption,
  empty,
  search,
  wide = false,
  region,
  confirm,
  children,
}: {
  /** The list page's path: the search form, the pager and the rows' links lead here. */
  pathname: string;
  list: Pick<Page<Row>, "rows" | "page" | "pageCount" | "pageSize"> & { capped?: boolean };
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<Column<Row>>;
  caption: ReactNode;
  /** What an empty list (or a search that finds nothing) says. */
  empty: ReactNode;
  /** A search over the list, by `?q=`. */
  search?: { label: string; q?: string };
  /** Many columns: the rows become cards below a wider box ("widest": a dozen columns, wider still). */
  wide?: boolean | "widest";
  /** A name for the table's box as a keyboard-scrollable region (labelled by the caption). */
  region?: string;
  /** The confirmation a `?confirm=` address asks for, or null. */
  confirm?: Parameters<typeof ConfirmDialog>[0] | null;
  /** Other dialogs of the page, after the list. */
  children?: ReactNode;
}) {
  const captionId = region ? `${region}-caption` : undefined;
  const box = region ? { role: "region", "aria-labelledby": captionId, tabIndex: 0 } : {};
  return (
    <>
      {search ? <SearchForm pathname={pathname} label={search.label} q={search.q} /> : null}
      {list.rows.length === 0 ? (
        <p className={table.empty}>{empty}</p>
      ) : (
        <div
          className={
            wide === "widest" ? `${table.wrap} ${table.widest}` : wide ? `${table.wrap} ${table.wide}` : table.wrap
          }
          {...box}
        >
          <table className={table.table}>
            <caption id={captionId} className={table.caption}>
              {caption}
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={column.className?.includes(table.amount) ? table.amount : undefined}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  <td data-label="Index">{(list.page - 1) * list.pageSize + index + 1}</td>
                  {columns.map((column) => (
                    <Cell key={column.header} column={column} row={row} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pathname={pathname} q={search?.q} page={list.page} pageCount={list.pageCount} capped={list.capped} />
      {confirm ? <ConfirmDialog {...confirm} /> : null}
      {children}
    </>
  );
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const content = column.cell(row);
  if (column.kind === "name") {
    return (
      <th scope="row" className={column.className}>
        {content}
      </th>
    );
  }
  if (column.kind === "actions") {
    return <td className={column.className ? `${table.actions} ${column.className}` : table.actions}>{content}</td>;
  }
  return (
    <td data-label={column.label ?? column.header} className={column.className}>
      {content}
    </td>
  );
}

/** A person in a list's cell: their name, and their email under it, broken after its "@" first. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  const at = email.indexOf("@");
  return (
    <>
      {name}
      <span className={table.email}>
        {at === -1 ? (
          email
        ) : (
          <>
            {email.slice(0, at + 1)}
            <wbr />
            {email.slice(at + 1)}
          </>
        )}
      </span>
    </>
  );
}
