import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import { UrlDialog } from "#app/components/dialog";
import * as dialogStyles from "#app/components/dialog.css";
import * as formStyles from "#app/components/forms.css";
import { ImageZoom } from "#app/components/image-zoom";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { MESSAGES_PATH } from "#app/domain/accounts/dashboard-tabs";
import { bookingIdSchema } from "#app/domain/deals/booking-schema";
import { BOOKING_END_WORDS, bookingEndWords } from "#app/domain/deals/booking-words";
import {
  BOOKING_MESSAGES,
  cancelBooking,
  isWithinHold,
  ordersReads,
  toOrdersPage,
} from "#app/domain/deals/bookings.server";
import { RATING_COMMENT_MAX, ratingSchema } from "#app/domain/deals/rating-schema";
import { RATING_MESSAGES, rateSeller } from "#app/domain/deals/ratings.server";
import { readListQuery } from "#app/domain/shared/list-query";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { formatDeadline, formatPrice } from "#app/utils/format";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { NAME_NOT_FOUND } from "#app/utils/messages";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireBuyer, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Orders", "Your bookings on Pay&Buy: pay for them or cancel them.");

const PATH = "/dashboard/my_orders";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  // The orders travel with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["buyer"], (userId) =>
    ordersReads(database(context.env.DB), userId, page),
  );
  const orders = pageOrLast(toOrdersPage(results, page), PATH, { page });
  const confirmId = confirmationId(url, "cancel");
  const confirming = orders.rows.find((order) => order.id === confirmId && order.status === "active") ?? null;
  // Past its deadline an unpaid booking is expired, even before the scheduled job ends it.
  const now = Date.now();
  const rows = orders.rows.map(({ expiresAt, ...order }) => ({
    ...order,
    expired: order.status === "active" && !isWithinHold({ expiresAt }, now),
    payBy: order.status === "active" ? formatDeadline(expiresAt) : null,
  }));
  // ?rate=<bookingId>: the rating dialog, for a paid order not rated yet.
  const rateId = url.searchParams.get("rate");
  const rating = orders.rows.find((order) => order.id === rateId && order.status === "paid" && !order.ratedStars);
  return {
    orders: { ...orders, rows },
    confirming: confirming ? { id: confirming.id, productName: confirming.productName } : null,
    rating: rating ? { id: rating.id, productName: rating.productName } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const buyer = await requireBuyer(request, context);
  const back = listBack(request, PATH, { search: false });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
  if (intent === "rate") {
    const parsed = ratingSchema.safeParse({
      bookingId: form.get("bookingId"),
      stars: form.get("stars") ?? undefined,
      comment: form.get("comment") ?? undefined,
    });
    if (!parsed.success) return redirectWithError(context, back, parsed.error.issues[0]!.message);
    const rated = await rateSeller(database(context.env.DB), buyer, parsed.data);
    return redirectWithResult(context, back, rated, RATING_MESSAGES.rated);
  }
  if (intent !== "cancel") throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const parsed = bookingIdSchema.safeParse({ bookingId: form.get("bookingId") });
  if (!parsed.success) return redirectWithError(context, back, BOOKING_MESSAGES.bookingNotFound);
  const result = await cancelBooking(database(context.env.DB), buyer, parsed.data.bookingId);
  if (result.ok) await publishFromRoute(context, result.events);
  return redirectWithResult(context, back, result, BOOKING_MESSAGES.cancelled);
}

type Order = ReturnType<typeof useLoaderData<typeof loader>>["orders"]["rows"][number];

/** Pay (with its deadline), Paid with the receipt and the rating, or how the booking ended. */
function PaymentCell({ order, page }: { order: Order; page: number }) {
  if (order.status === "paid") {
    return (
      <>
        <span className={table.paidCell}>
          <span className={table.paid}>Paid</span>
          <Link to={`/dashboard/payment/${order.id}`} aria-label={`Receipt: ${order.productName}`}>
            Receipt
          </Link>
        </span>
        {order.ratedStars ? (
          <small className={table.deadline}>{`You rated the seller ${order.ratedStars}/5`}</small>
        ) : (
          <Link
            to={listHref(PATH, { page }, { rate: order.id })}
            className={table.deadline}
            preventScrollReset
            aria-label={`Rate the seller: ${order.productName}`}
          >
            Rate the seller
          </Link>
        )}
      </>
    );
  }
  if (order.expired) return <span className={table.ended}>{BOOKING_END_WORDS.expired}</span>;
  if (order.status === "active") {
    return (
      <>
        <Link to={`/dashboard/payment/${order.id}`} className={button.primary}>
          Pay
        </Link>
        {order.payBy ? <small className={table.deadline}>{`Pay by ${order.payBy}`}</small> : null}
      </>
    );
  }
  return <span className={table.ended}>{bookingEndWords(order.endReason)}</span>;
}

function RatingDialog({ rating, page }: { rating: { id: string; productName: string }; page: number }) {
  return (
    <UrlDialog title="Rate the seller" closeHref={listHref(PATH, { page })}>
      <p>{rating.productName}</p>
      <Form method="post" className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="bookingId" value={rating.id} />
        <fieldset className={formStyles.field}>
          <legend className={formStyles.label}>Stars*</legend>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars}>
              <input type="radio" name="stars" value={stars} required defaultChecked={stars === 5} />{" "}
              {`${stars} ${stars === 1 ? "star" : "stars"}`}
            </label>
          ))}
        </fieldset>
        <label className={formStyles.field}>
          <span className={formStyles.label}>Comment (optional)</span>
          <textarea
            name="comment"
            maxLength={RATING_COMMENT_MAX}
            rows={3}
            className={`${formStyles.input} ${formStyles.textarea}`}
          />
        </label>
        <div className={dialogStyles.actions}>
          <Link to={listHref(PATH, { page })} className={button.ghost} preventScrollReset replace>
            Close
          </Link>
          <button type="submit" className={button.primary}>
            Submit rating
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export default function MyOrders() {
  const { orders, confirming, rating } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="My Orders">
      <PagedTable
        pathname={PATH}
        list={orders}
        rowKey={(order) => order.id}
        wide
        empty="You don't have any order"
        caption="Your bookings and payments"
        columns={[
          {
            header: "Image",
            cell: (order) => <ImageZoom photoKey={order.photoKey} alt={order.productName || "Product"} />,
          },
          {
            header: "Product Title",
            kind: "name",
            cell: (order) =>
              order.listed ? (
                <Link to={listingPath(order.productId)}>{order.productName || NAME_NOT_FOUND}</Link>
              ) : (
                order.productName || NAME_NOT_FOUND
              ),
          },
          { header: "Product Price", cell: (order) => formatPrice(order.priceCents) ?? "Price not found" },
          { header: "Payment", cell: (order) => <PaymentCell order={order} page={orders.page} /> },
          {
            header: "Action",
            kind: "actions",
            cell: (order) => (
              <div className={table.rowActions}>
                {order.status === "active" && !order.expired ? (
                  <Link
                    to={listHref(PATH, { page: orders.page }, { confirm: "cancel", id: order.id })}
                    className={button.ghost}
                    preventScrollReset
                    aria-label={`Cancel Booking: ${order.productName}`}
                  >
                    Cancel Booking
                  </Link>
                ) : (
                  <button type="button" className={button.ghost} disabled>
                    Cancel Booking
                  </button>
                )}
                <Link to={`${MESSAGES_PATH}/${order.id}`} aria-label={`Message seller: ${order.productName}`}>
                  Message seller
                </Link>
              </div>
            ),
          },
        ]}
        confirm={
          confirming && {
            title: "Booking Cancel Confirmation",
            question: "Do you want to cancel this booking?",
            detail: <p>{confirming.productName}</p>,
            fields: { bookingId: confirming.id },
            confirmIntent: "cancel",
            cancelIntent: "keep",
          }
        }
      >
        {rating ? <RatingDialog rating={rating} page={orders.page} /> : null}
      </PagedTable>
    </DashboardPage>
  );
}
