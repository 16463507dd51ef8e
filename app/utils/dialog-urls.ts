/**
 * The storefront's dialogs live in the URL: `?book=<id>` (the booking dialog), `?wishlist=<id>`
 * (add to the wishlist, after a sign-in) and `?report=<id>` (report a listing). One open at a time.
 */
export const DIALOG_PARAMS = ["book", "wishlist", "report"] as const;

export type DialogParam = (typeof DIALOG_PARAMS)[number];

/** A page's path and search without any dialog open. */
export function withoutDialogs(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The same page with one dialog open for a listing. */
export function dialogHref(pathname: string, search: string, dialog: DialogParam, productId: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.set(dialog, productId);
  return `${pathname}?${params}`;
}
