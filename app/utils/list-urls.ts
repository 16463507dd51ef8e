import { listQueryParams } from "#app/domain/shared/list-query";

/**
 * A list page's URL with its search and page (and any dialog parameters): the links of the
 * pager and the confirmations, and where an action redirects after the post.
 */
export function listHref(
  pathname: string,
  query: { q?: string; page?: number },
  extra: Record<string, string> = {},
): string {
  const params = listQueryParams(query);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
