// Reported Items and the URL each of its forms posts to (ADR 0071): one small action per form,
// each a child route of the page. A form carries the list's search and page in its URL, so its
// action leads back to the list as it was.
export const REPORTED_ITEMS_PATH = "/dashboard/reported_items";

/** Where each form of Reported Items posts. */
export const REPORTED_ITEMS_ACTIONS = {
  dismiss: `${REPORTED_ITEMS_PATH}/dismiss`,
  remove: `${REPORTED_ITEMS_PATH}/remove`,
  keep: `${REPORTED_ITEMS_PATH}/keep`,
  dismissReview: `${REPORTED_ITEMS_PATH}/reviews/dismiss`,
  removeReview: `${REPORTED_ITEMS_PATH}/reviews/remove`,
} as const;
