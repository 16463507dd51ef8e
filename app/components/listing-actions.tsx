import { Form, Link, useLocation } from "react-router";
import type { Bookability } from "#app/domain/catalog/bookability";
import { PAYOUTS_PENDING_WORDS } from "#app/domain/deals/payouts/payout-words";
import { button } from "#app/styles/utilities.css";
import { dialogHref } from "#app/utils/dialog-urls";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Role } from "#db/closed-lists";
import { Icon } from "./icon";
import * as styles from "./listing-actions.css";

/**
 * Report: a small flag (a rare action), named for screen readers and in its tooltip. The control
 * draws its own flag, so it shows wherever the actions are placed (a card or a listing's page).
 */
function ReportLink({ to, productName }: { to: string; productName: string }) {
  return (
    <Link
      to={to}
      className={button.ghost}
      preventScrollReset
      discover="none"
      aria-label={`Report: ${productName}`}
      title="Report this listing"
    >
      <Icon name="flag" size={18} />
    </Link>
  );
}

/**
 * Book Now, Add Wishlist and Report on a listing card. Buyers get the real controls; sellers and
 * admins see Book Now and Add Wishlist disabled (the server refuses them anyway). Any signed-in
 * user may report a listing. Signed-out visitors get the same dialog links (`?book=`,
 * `?wishlist=`, `?report=`): the page sends them to log in and back to that dialog, so what they
 * started is one click from done after signing in. A booked or sold listing has no Book Now at
 * all; one whose seller cannot be paid yet says so in its place (the catalog's bookability rule).
 */
export function ListingActions({
  productId,
  productName,
  viewer,
  bookability,
}: {
  productId: string;
  productName: string;
  viewer: { role: Role } | null;
  bookability: Bookability;
}) {
  const { pathname, search } = useLocation();
  // Until the page after the post has loaded (the card's button then says what happened).
  const pending = useIsPending({ state: "non-idle", intent: "wishlist-add", field: ["productId", productId] });
  const book =
    bookability === "unavailable" ? null : bookability === "payouts_pending" ? (
      <span className={styles.payoutsPending}>{PAYOUTS_PENDING_WORDS}</span>
    ) : viewer && viewer.role !== "buyer" ? (
      <button
        type="button"
        className={button.primary}
        disabled
        title="Only buyers can book"
        aria-label={`Book Now: ${productName}`}
      >
        Book Now
      </button>
    ) : (
      <Link
        to={dialogHref(pathname, search, "book", productId)}
        className={button.primary}
        preventScrollReset
        discover="none"
        aria-label={`Book Now: ${productName}`}
      >
        Book Now
      </Link>
    );
  const report = <ReportLink to={dialogHref(pathname, search, "report", productId)} productName={productName} />;
  if (!viewer) {
    return (
      <>
        {book}
        <Link
          to={dialogHref(pathname, search, "wishlist", productId)}
          className={button.secondary}
          discover="none"
          aria-label={`Add Wishlist: ${productName}`}
        >
          Add Wishlist
        </Link>
        {report}
      </>
    );
  }
  if (viewer.role !== "buyer") {
    return (
      <>
        {book}
        <button
          type="button"
          className={button.secondary}
          disabled
          title="Only buyers keep a wishlist"
          aria-label={`Add Wishlist: ${productName}`}
        >
          Add Wishlist
        </button>
        {report}
      </>
    );
  }
  return (
    <>
      {book}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="wishlist-add" />
        <input type="hidden" name="productId" value={productId} />
        <button
          type="submit"
          className={button.secondary}
          disabled={pending}
          aria-label={`Add Wishlist: ${productName}`}
        >
          Add Wishlist
        </button>
      </Form>
      {report}
    </>
  );
}
