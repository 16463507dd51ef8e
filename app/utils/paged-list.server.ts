// What the dashboard lists' loaders and actions share: the page asked for (or the last one),
// the row a `?confirm=` address names, where a post on the list leads back, and "No".
import { redirect } from "react-router";
import { type Page, readListQuery } from "#app/domain/shared/list-query";
import type { EnvContext } from "#app/server/env.server";
import { listHref } from "./list-urls";
import { CANCELLED_PROCESS } from "./messages";
import { redirectWithError } from "./toast.server";

/**
 * The list's page as the URL asked for it. Beyond its last page (rows deleted meanwhile, an
 * edited address) the visitor is sent to the last one, the search kept.
 */
export function pageOrLast<T>(list: Page<T>, pathname: string, query: { q?: string; page: number }): Page<T> {
  if (query.page > list.pageCount) throw redirect(listHref(pathname, { ...query, page: list.pageCount }));
  return list;
}

/** The id a `?confirm=<action>&id=<id>` address names (at most 100 characters), or null. */
export function confirmationId(url: URL, action: string): string | null {
  const id = url.searchParams.get("confirm") === action ? url.searchParams.get("id") : null;
  return id ? id.slice(0, 100) : null;
}

/**
 * Where a post on a list leads back: the page it was sent from, with its search for a list that
 * has one, the confirmation's parameters dropped.
 */
export function listBack(request: Request, pathname: string, options: { search: boolean }): string {
  const { q, page } = readListQuery(new URL(request.url).searchParams);
  return listHref(pathname, options.search ? { q, page } : { page });
}

/** "No" in a row's confirmation: back to the list, with the spec's toast. */
export function keptAnswer(context: EnvContext, back: string) {
  return redirectWithError(context, back, CANCELLED_PROCESS);
}
