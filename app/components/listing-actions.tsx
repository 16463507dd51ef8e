import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { Role } from "../../db/schema";
import { button } from "../styles/utilities.css";

/**
 * Book Now, Add Wishlist and Report on a listing card. Buyers get the real controls; signed-out
 * visitors get links to log in and come back; sellers and admins see Book Now and Add Wishlist
 * disabled (the server refuses them anyway). Any signed-in user may report a listing. A
 * booked or sold listing (`bookable` false) has no Book Now at all.
 */
export function ListingActions({
  productId,
  productName,
  viewer,
  bookable = true,
}: {
  productId: string;
  productName: string;
  viewer: { role: Role } | null;
  bookable?: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const bookParams = new URLSearchParams(location.search);
  bookParams.set("book", productId);
  const bookHref = `${location.pathname}?${bookParams}`;
  const here = `${location.pathname}${location.search}`;
  const reportParams = new URLSearchParams(location.search);
  reportParams.delete("book");
  reportParams.set("report", productId);
  const reportHref = `${location.pathname}?${reportParams}`;
  if (!viewer) {
    return (
      <>
        {bookable ? (
          <Link
            to={`/login?${new URLSearchParams({ redirectTo: bookHref })}`}
            className={button.primary}
            aria-label={`Book Now: ${productName}`}
          >
            Book Now
          </Link>
        ) : null}
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: here })}`}
          className={button.secondary}
          aria-label={`Add Wishlist: ${productName}`}
        >
          Add Wishlist
        </Link>
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: reportHref })}`}
          className={button.ghost}
          aria-label={`Report: ${productName}`}
        >
          Report
        </Link>
      </>
    );
  }
  if (viewer.role !== "buyer") {
    return (
      <>
        {bookable ? (
          <button
            type="button"
            className={button.primary}
            disabled
            title="Only buyers can book"
            aria-label={`Book Now: ${productName}`}
          >
            Book Now
          </button>
        ) : null}
        <button
          type="button"
          className={button.secondary}
          disabled
          title="Only buyers keep a wishlist"
          aria-label={`Add Wishlist: ${productName}`}
        >
          Add Wishlist
        </button>
        <Link to={reportHref} className={button.ghost} preventScrollReset aria-label={`Report: ${productName}`}>
          Report
        </Link>
      </>
    );
  }
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "wishlist-add" &&
    navigation.formData?.get("productId") === productId;
  return (
    <>
      {bookable ? (
        <Link to={bookHref} className={button.primary} preventScrollReset aria-label={`Book Now: ${productName}`}>
          Book Now
        </Link>
      ) : null}
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
      <Link to={reportHref} className={button.ghost} preventScrollReset aria-label={`Report: ${productName}`}>
        Report
      </Link>
    </>
  );
}
