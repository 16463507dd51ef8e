// An admin's list of one role's accounts (All Sellers, All Buyers): its page, its search, the
// account a `?confirm=delete&id=…` address names, and what a row's form asks.
import { findAccount, listAccounts, noSuchAccount } from "#app/domain/moderation/admin-users.server";
import { readListQuery } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import type { EnvContext } from "#app/server/env.server";
import { requireFormData } from "#app/server/http.server";
import { database } from "#db/client";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "./paged-list.server";
import { requireAdmin, requireRoleWith } from "./session.server";
import { redirectWithError } from "./toast.server";

export async function loadAccountList(
  request: Request,
  context: EnvContext,
  role: "seller" | "buyer",
  pathname: string,
) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  const confirmId = confirmationId(url, "delete");
  // The list (and the account a confirmation names) travel with the session's read: one D1 round
  // trip (ADR 0040, 0069).
  const {
    data: [list, confirming],
  } = await requireRoleWith(request, context, ["admin"], () =>
    Promise.all([listAccounts(db, role, query), confirmId ? findAccount(db, role, confirmId) : null]),
  );
  const accounts = pageOrLast(list, pathname, query);
  return { accounts, query, confirming };
}

/**
 * What an admin's row form on an account list asks: the answer itself when there is nothing to do
 * ("keep", the dialog's way back; an account id that is none), a 400 for an intent the page does
 * not have, or the intent, the account's id (`buyerId`, `sellerId`) and the list's address to go
 * back to.
 */
export async function readAccountAction<Intent extends string>(
  request: Request,
  context: EnvContext,
  role: "seller" | "buyer",
  pathname: string,
  intents: readonly Intent[],
): Promise<Response | { intent: Intent; id: string; back: string }> {
  await requireAdmin(request, context);
  const back = listBack(request, pathname, { search: true });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
  if (!intents.includes(intent as Intent)) {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  const id = idSchema.safeParse(form.get(`${role}Id`));
  if (!id.success) {
    return redirectWithError(context, back, noSuchAccount(role));
  }
  return { intent: intent as Intent, id: id.data, back };
}
