import { Link } from "react-router";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { NAME_NOT_FOUND } from "#app/utils/messages";
import type { ConfirmDialog } from "./confirm-dialog";
import type { Column } from "./paged-table";

type Account = { id: string; name: string | null };

/** An admin's list of one role's accounts: the Delete link of each row, which asks first. */
export function deleteAccountColumn<Row extends Account>(
  header: string,
  pathname: string,
  query: { q?: string; page: number },
): Column<Row> {
  return {
    header,
    kind: "actions",
    cell: (account) => (
      <Link
        to={listHref(pathname, query, { confirm: "delete", id: account.id })}
        className={button.danger}
        preventScrollReset
        aria-label={`Delete: ${account.name}`}
      >
        Delete
      </Link>
    ),
  };
}

/** The question that Delete asks about a seller or a buyer (`?confirm=delete&id=…`). */
export function deleteAccountConfirmation(
  role: "seller" | "buyer",
  account: (Account & { email: string }) | null,
): Parameters<typeof ConfirmDialog>[0] | null {
  if (!account) return null;
  return {
    title: "Delete Confirmation",
    question: `Do you want to delete the ${role} ${account.name || NAME_NOT_FOUND} (${account.email})?`,
    confirmIntent: "delete",
    cancelIntent: "keep",
    fields: { [`${role}Id`]: account.id },
  };
}
