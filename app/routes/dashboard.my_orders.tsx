import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { DialogActions, UrlDialog } from "#app/components/dialog";
import { TextareaField } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { ImageZoom } from "#app/components/image-zoom";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { TestModeBox } from "#app/components/test-mode-box";
import { bookingIdSchema } from "#app/domain/deals/bookings/booking-schema";
import { BOOKING_END_WORDS, bookingEndWords } from "#app/domain/deals/bookings/booking-words";
import { BOOKING_MESSAGES, cancelBooking, isWithinHold, listOrders } from "#app/domain/deals/bookings/bookings.server";
import { CLAIM_TEXT_MAX, claimSchema } from "#app/domain/deals/claims/claim-schema";
import {
  CLAIM_OUTCOME_WORDS,
  CLAIM_REASON_WORDS,
  CLAIM_STATUS_WORDS,
  claimReasonsFor,
} from "#app/domain/deals/claims/claim-words";
import { CLAIM_MESSAGES, canOpenClaim, openClaim } from "#app/domain/deals/claims/claims.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { openTestDispute } from "#app/domain/deals/payments/test-disputes.server";
import { RATING_COMMENT_MAX, RATING_STARS, ratingSchema, STAR_CHOICES } from "#app/domain/deals/ratings/rating-schema";
import { RATING_MESSAGES, rateSeller } from "#app/domain/deals/ratings/ratings.server";
import { isOpenReturn } from "#app/domain/deals/returns/return-words";
import { mayConfirmReceipt, receiptQuestion } from "#app/domain/deals/settlement/confirmation";
import { confirmationQuestion, confirmReceipt, DEAL_MESSAGES } from "#app/domain/deals/settlement/decisions.server";
import { DISPUTE_BUYER_WORDS } from "#app/domain/deals/settlement/dispute-words";
import { disputeApplier } from "#app/domain/deals/settlement/disputes.server";
import { SETTLEMENT_MESSAGES } from "#app/domain/deals/settlement/plan";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { SHIPMENT_STATUS_SHORT, SHIPMENT_STATUS_WORDS } from "#app/domain/deals/shipping/shipment-words";
import { formatMoment } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { formatMoney } from "#app/domain/shared/money";
import { inTestMode } from "#app/domain/shared/test-mode";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { NAME_NOT_FOUND } from "#app/utils/messages";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "#app/utils/paged-list.server";
import { sellerPath } from "#app/utils/seller-urls";
import { pageMeta } from "#app/utils/seo";
import { requireBuyer, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult, redirectWithSuccess } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import type { DealState } from "#db/closed-lists";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Orders", "Your bookings on Pay&Buy: pay for them or cancel them.");

const PATH = "/dashboard/my_orders";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  // The orders are read with the session's read: one D1 round trip (ADR 0040, 0069).
  const { user, data } = await requireRoleWith(request, context, ["buyer"], (viewer) =>
    listOrders(database(context.env.DB), viewer.id, page),
  );
  const orders = pageOrLast(data, PATH, { page });
  const zone = zoneTable(user.timeZone);
  const confirmId = confirmationId(url, "cancel");
  const confirming = orders.rows.find((order) => order.id === confirmId && order.status === "active") ?? null;
  // Past its deadline an unpaid booking is expired, even before the scheduled job ends it.
  const now = Date.now();
  const rows = orders.rows.map(({ expiresAt, releaseDueAt, ...order }) => {
    return {
      ...order,
      expired: order.status === "active" && !isWithinHold({ expiresAt }, now),
      payBy: order.status === "active" ? formatMoment(expiresAt, zone) : null,
      // A removed seller's held payment is not released: the admin refunds it (ADR 0079).
      refundAwaited: order.dealState === "held" && order.sellerLeft,
      protectionEnds: order.dealState === "held" && !order.sellerLeft ? formatMoment(releaseDueAt, zone) : null,
      // The confirmation's rule itself (ADR 0098): once it reached the buyer, no claim or dispute open.
      canConfirm: mayConfirmReceipt({
        state: order.dealState,
        sellerRemoved: order.sellerLeft,
        claimOpen: order.claimStatus === "open",
        disputed: order.disputeOpen,
        returnOpen: order.returnState !== null && isOpenReturn(order.returnState),
        parcel: order.shipmentStatus ? { status: order.shipmentStatus, selfTracked: order.shipmentSelfTracked } : null,
      }),
      // The claim rule itself: while the money is held; once.
      canClaim: order.returnState === null && canOpenClaim({ dealState: order.dealState, claimId: order.claimId }),
      // The test control: a paid order whose money is held or released, not disputed yet.
      mayTestDispute: (order.dealState === "held" || order.dealState === "released") && order.disputeStatus === null,
    };
  });
  // ?rate=<bookingId>: the rating dialog, for a paid order not rated yet.
  const rateId = url.searchParams.get("rate");
  const rating = orders.rows.find((order) => order.id === rateId && order.status === "paid" && !order.ratedStars);
  // ?claim=<bookingId>: the claim form, for an order a claim can be opened about.
  const claimId = url.searchParams.get("claim");
  const claiming = rows.find((order) => order.id === claimId && order.canClaim);
  // ?confirm=receipt&id=<bookingId>: what confirming does, asked first (from this page or the
  // parcel's); the domain's refusal instead when it cannot be confirmed now.
  const receiptId = confirmationId(url, "receipt");
  const receipt = receiptId
    ? await confirmationQuestion(database(context.env.DB), context.env.settings, user, receiptId)
    : null;
  return {
    receipt: receipt?.ok
      ? {
          ok: true as const,
          id: receipt.bookingId,
          productName: receipt.productName,
          question: receiptQuestion(receipt.sellerName, receipt.sellerReceivesCents, context.env.currency),
        }
      : receipt
        ? { ok: false as const, message: receipt.message }
        : null,
    testMode: inTestMode(context.env.settings),
    orders: { ...orders, rows },
    confirming: confirming ? { id: confirming.id, productName: confirming.productName } : null,
    rating: rating ? { id: rating.id, productName: rating.productName } : null,
    claiming: claiming
      ? { id: claiming.id, productName: claiming.productName, shipped: claiming.shipmentStatus !== null }
      : null,
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
  if (intent === "confirm-receipt") {
    const parsed = bookingIdSchema.safeParse({ bookingId: form.get("bookingId") });
    if (!parsed.success) return redirectWithError(context, back, DEAL_MESSAGES.notFound);
    const db = database(context.env.DB);
    const settings = context.env.settings;
    const result = await confirmReceipt(
      db,
      choosePaymentProvider(db, settings),
      settings,
      buyer,
      parsed.data.bookingId,
    );
    if (!result.ok) return redirectWithError(context, back, result.message);
    await publishFromRoute(context, result.events);
    return redirectWithSuccess(context, back, result.message);
  }
  if (intent === "claim") {
    const parsed = claimSchema.safeParse({
      bookingId: form.get("bookingId"),
      reason: form.get("reason") ?? undefined,
      details: form.get("details") ?? undefined,
    });
    if (!parsed.success) {
      const bookingId = form.get("bookingId");
      const again = typeof bookingId === "string" ? { claim: bookingId } : undefined;
      return redirectWithError(context, listHref(PATH, { page: 1 }, again), parsed.error.issues[0]!.message);
    }
    const opened = await openClaim(database(context.env.DB), buyer, parsed.data);
    if (opened.ok) await publishFromRoute(context, opened.events);
    return redirectWithResult(context, back, opened, CLAIM_MESSAGES.opened);
  }
  if (intent === "test-dispute") {
    const parsed = bookingIdSchema.safeParse({ bookingId: form.get("bookingId") });
    if (!parsed.success) return redirectWithError(context, back, DEAL_MESSAGES.notFound);
    const db = database(context.env.DB);
    const provider = choosePaymentProvider(db, context.env.settings);
    const result = await openTestDispute(
      db,
      provider,
      disputeApplier(db, provider, context.env.settings),
      buyer.id,
      parsed.data.bookingId,
    );
    if (!result.ok) return redirectWithError(context, back, result.message);
    await publishFromRoute(context, result.events);
    return redirectWithSuccess(context, back, result.message);
  }
  if (intent !== "cancel") throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const parsed = bookingIdSchema.safeParse({ bookingId: form.get("bookingId") });
  if (!parsed.success) return redirectWithError(context, back, BOOKING_MESSAGES.bookingNotFound);
  const result = await cancelBooking(database(context.env.DB), buyer, parsed.data.bookingId);
  if (result.ok) await publishFromRoute(context, result.events);
  return redirectWithResult(context, back, result, BOOKING_MESSAGES.cancelled);
}

type Order = ReturnType<typeof useLoaderData<typeof loader>>["orders"]["rows"][number];

/** Where a paid order's money is, once it is no longer held for the buyer's protection. */
const DEAL_WORDS = {
  released: "Released to the seller",
  refunded: "Refunded to you",
  settled_outside: null,
  held: null,
} as const satisfies Record<DealState, string | null>;

/**
 * "I received it as described": a link to the question it asks first (a plain GET, so it works
 * without JavaScript); the question's Yes releases the held payment to the seller.
 */
function ConfirmReceiptLink({ order, page }: { order: Order; page: number }) {
  return (
    <Link
      to={listHref(PATH, { page }, { confirm: "receipt", id: order.id })}
      className={button.primary}
      preventScrollReset
      aria-label={`I received it as described: ${order.productName}`}
    >
      I received it as described
    </Link>
  );
}

/** The confirmation could not be asked: why (early, a claim or dispute open, released already). */
function ReceiptRefusedDialog({ message, page }: { message: string; page: number }) {
  return (
    <UrlDialog title="Not yet" closeHref={listHref(PATH, { page })}>
      <p role="alert">{message}</p>
      <DialogActions closeHref={listHref(PATH, { page })} />
    </UrlDialog>
  );
}

/**
 * Pay (with its deadline); Paid with the receipt, where the money is (held for the buyer's
 * protection, released, refunded), the claim, confirmation of receipt and the rating; or how the
 * booking ended.
 */
/**
 * The offline provider's test control (ADR 0081), in the page's Test mode box (ADR 0099): the
 * buyer's bank disputes the payment, as a real card's bank would, so a chargeback can be tried
 * without a real card.
 */
function TestDisputeForm({ order }: { order: Order }) {
  const pending = useIsPending({ state: "non-idle", intent: "test-dispute", field: ["bookingId", order.id] });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="test-dispute" />
      <input type="hidden" name="bookingId" value={order.id} />
      <button type="submit" className={button.secondary} disabled={pending}>
        {`My bank disputes the payment of ${order.productName || NAME_NOT_FOUND}`}
      </button>
    </Form>
  );
}

function PaymentCell({ order, page }: { order: Order; page: number }) {
  const currency = useCurrency();
  if (order.status === "paid") {
    // "Refunded to you" once the refund is made at the provider; until then it is on its way.
    const dealWords =
      order.dealState === "refunded" && order.refundPendingCents > 0
        ? null
        : order.dealState
          ? DEAL_WORDS[order.dealState]
          : null;
    return (
      <>
        <span className={table.paidCell}>
          <span className={table.paid}>Paid</span>
          <Link to={`/dashboard/payment/${order.id}`} aria-label={`Receipt: ${order.productName}`}>
            Receipt
          </Link>
        </span>
        {order.refundAwaited ? (
          <small className={table.deadline}>{SETTLEMENT_MESSAGES.sellerRemoved}</small>
        ) : order.protectionEnds ? (
          <small className={table.deadline}>{`Payment held for your protection until ${order.protectionEnds}`}</small>
        ) : dealWords ? (
          <small className={table.deadline}>{dealWords}</small>
        ) : null}
        {order.refundedCents > 0 ? (
          <small className={table.deadline}>{`Refunded: ${formatMoney(order.refundedCents, currency)}`}</small>
        ) : null}
        {order.refundPendingCents > 0 ? (
          <small className={table.deadline}>
            {`A refund of ${formatMoney(order.refundPendingCents, currency)} is on its way to you`}
          </small>
        ) : null}
        {order.claimStatus ? (
          <small className={table.deadline}>
            {`Your claim: ${CLAIM_STATUS_WORDS[order.claimStatus]}${order.claimOutcome ? ` (${CLAIM_OUTCOME_WORDS[order.claimOutcome]})` : ""}`}
          </small>
        ) : null}
        {order.disputeStatus ? (
          <small className={table.deadline}>{DISPUTE_BUYER_WORDS[order.disputeStatus]}</small>
        ) : null}
        {order.canConfirm ? <ConfirmReceiptLink order={order} page={page} /> : null}
        {order.canClaim ? (
          <Link
            to={listHref(PATH, { page }, { claim: order.id })}
            className={table.deadline}
            preventScrollReset
            aria-label={`Report a problem: ${order.productName}`}
          >
            Report a problem
          </Link>
        ) : null}
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
  const pending = useIsPending({ intent: "rate" });
  return (
    <UrlDialog title="Rate the seller" closeHref={listHref(PATH, { page })}>
      <p>{rating.productName}</p>
      <Form method="post" className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="bookingId" value={rating.id} />
        <fieldset className={formStyles.field}>
          <legend className={formStyles.label}>Stars*</legend>
          {STAR_CHOICES.map((stars) => (
            <label key={stars}>
              <input type="radio" name="stars" value={stars} required defaultChecked={stars === RATING_STARS.max} />{" "}
              {`${stars} ${stars === 1 ? "star" : "stars"}`}
            </label>
          ))}
        </fieldset>
        <TextareaField
          label="Comment (optional)"
          textareaProps={{ id: "rating-comment", name: "comment", maxLength: RATING_COMMENT_MAX, rows: 3 }}
        />
        <DialogActions closeHref={listHref(PATH, { page })} submit="Submit rating" pending={pending} />
      </Form>
    </UrlDialog>
  );
}

/** The buyer's claim on a held payment: a reason and what happened. */
function ClaimDialog({
  claiming,
  page,
}: {
  claiming: { id: string; productName: string; shipped: boolean };
  page: number;
}) {
  const pending = useIsPending({ intent: "claim" });
  return (
    <UrlDialog title="Report a problem" closeHref={listHref(PATH, { page })}>
      <p>{claiming.productName}</p>
      <p>The payment stays held until an admin decides; the seller is told and may answer.</p>
      <Form method="post" className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="bookingId" value={claiming.id} />
        <fieldset className={formStyles.field}>
          <legend className={formStyles.label}>What is wrong?*</legend>
          {claimReasonsFor(claiming.shipped).map((reason) => (
            <label key={reason}>
              <input type="radio" name="reason" value={reason} required /> {CLAIM_REASON_WORDS[reason]}
            </label>
          ))}
        </fieldset>
        <TextareaField
          label="What happened*"
          textareaProps={{ id: "claim-details", name: "details", required: true, maxLength: CLAIM_TEXT_MAX, rows: 4 }}
        />
        <DialogActions closeHref={listHref(PATH, { page })} submit="Open claim" pending={pending} />
      </Form>
    </UrlDialog>
  );
}

export default function MyOrders() {
  const currency = useCurrency();
  const { orders, confirming, rating, claiming, receipt, testMode } = useLoaderData<typeof loader>();
  const disputable = orders.rows.filter((order) => order.mayTestDispute);
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
            cell: (order) => (
              <>
                {order.listed ? (
                  <Link to={listingPath(order.productId)}>{order.productName || NAME_NOT_FOUND}</Link>
                ) : (
                  order.productName || NAME_NOT_FOUND
                )}
                <small className={table.deadline}>
                  {"Seller: "}
                  {order.sellerLeft ? (
                    order.sellerName || NAME_NOT_FOUND
                  ) : (
                    <Link to={sellerPath(order.sellerId)}>{order.sellerName || NAME_NOT_FOUND}</Link>
                  )}
                </small>
              </>
            ),
          },
          {
            header: "Product Price",
            className: table.amount,
            cell: (order) => (
              <>
                {formatMoney(order.priceCents, currency) ?? "Price not found"}
                {order.shippingCents > 0 ? (
                  <small className={table.deadline}>{`+ ${formatMoney(order.shippingCents, currency)} shipping`}</small>
                ) : null}
              </>
            ),
          },
          { header: "Payment", cell: (order) => <PaymentCell order={order} page={orders.page} /> },
          {
            header: "Delivery",
            cell: (order) =>
              order.shipmentStatus && order.status !== "paid" ? (
                // Nothing is sent before the payment: the parcel's state starts once it is paid.
                "Shipped once paid"
              ) : order.shipmentStatus ? (
                <Link
                  to={shipmentPath(order.id)}
                  aria-label={`Parcel: ${order.productName}, ${SHIPMENT_STATUS_WORDS[order.shipmentStatus]}`}
                >
                  {SHIPMENT_STATUS_SHORT[order.shipmentStatus]}
                </Link>
              ) : (
                "Meetup"
              ),
          },
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
          receipt?.ok
            ? {
                title: "I received it as described",
                question: receipt.question,
                detail: (
                  <>
                    <p>{receipt.productName}</p>
                    <p>
                      Confirm only once you have it and it is as described. If something is wrong, choose Not yet and
                      report a problem instead.
                    </p>
                  </>
                ),
                fields: { bookingId: receipt.id },
                confirmIntent: "confirm-receipt",
                cancelIntent: "keep",
                yes: "Yes, pay the seller",
                no: "Not yet",
              }
            : confirming && {
                title: "Booking Cancel Confirmation",
                question: "Do you want to cancel this booking?",
                detail: <p>{confirming.productName}</p>,
                fields: { bookingId: confirming.id },
                confirmIntent: "cancel",
                cancelIntent: "keep",
              }
        }
      >
        {receipt && !receipt.ok ? <ReceiptRefusedDialog message={receipt.message} page={orders.page} /> : null}
        {rating ? <RatingDialog rating={rating} page={orders.page} /> : null}
        {claiming ? <ClaimDialog claiming={claiming} page={orders.page} /> : null}
      </PagedTable>
      {testMode && disputable.length > 0 ? (
        <TestModeBox intro="Payments here are made with test cards: no money moves. Try what happens when a buyer's bank takes a payment back (a chargeback).">
          <ul>
            {disputable.map((order) => (
              <li key={order.id}>
                <TestDisputeForm order={order} />
              </li>
            ))}
          </ul>
        </TestModeBox>
      ) : null}
    </DashboardPage>
  );
}
