// An admin's list of one role's accounts (All Sellers, All Buyers): its page, its search and the
// account a `?confirm=delete&id=…` address names.
import { accountsReads, findAccount } from "#app/domain/accounts/admin-users.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import type { EnvContext } from "#app/server/env.server";
import { database } from "#db/client";
import { confirmationId, pageOrLast } from "./paged-list.server";
import { requireRoleWith } from "./session.server";

export async function loadAccountList(
  request: Request,
  context: EnvContext,
  role: "seller" | "buyer",
  pathname: string,
) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  // The list travels with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["admin"], () => accountsReads(db, role, query));
  const accounts = pageOrLast(toPageOf(results, query.page), pathname, query);
  const confirmId = confirmationId(url, "delete");
  const confirming = confirmId ? await findAccount(db, role, confirmId) : null;
  return { accounts, query, confirming };
}
