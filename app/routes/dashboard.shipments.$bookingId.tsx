// One deal page (ADR 0102; the parcel's page of ADR 0086 grown up), for a shipped deal's buyer, its
// seller and the admin: the item, the other party and what was paid; the deal's progress drawn on
// the server from the domain's steps; only the actions of the deal's state for this viewer (the
// seller's label and tracking while they apply, the buyer's receipt and report once it arrived,
// the messages for both); the address to send it to. With the offline carrier, the Test mode box
// moves the parcel on.

import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, Outlet, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import * as styles from "#app/components/deal.css";
import { DealProgress } from "#app/components/deal-progress";
import { PostalAddress } from "#app/components/postal-address";
import { ReturnAnswerForm, ReturnCheckForm, ReturnOfferForm, ReturnRequestForm } from "#app/components/return-forms";
import { ReturnPhotos } from "#app/components/return-photos";
import { LabelForm, TrackingForm } from "#app/components/shipment-forms";
import { TestModeBox } from "#app/components/test-mode-box";
import { PARCEL_PRESETS } from "#app/domain/catalog/delivery";
import { photoSources } from "#app/domain/catalog/photo-keys";
import { senderAddress } from "#app/domain/deals/bookings/saved-addresses.server";
import { dealPageOf } from "#app/domain/deals/claims/deal-page.server";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { returnCardOf } from "#app/domain/deals/returns/return-card.server";
import {
  RETURN_ADMIN_REASON_WORDS,
  RETURN_PROBLEM_WORDS,
  RETURN_REASON_WORDS,
} from "#app/domain/deals/returns/return-words";
import { receiptQuestion } from "#app/domain/deals/settlement/confirmation";
import { confirmationQuestion } from "#app/domain/deals/settlement/decisions.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { quoteLabel } from "#app/domain/deals/shipping/labels.server";
import { expectedDeliveryOf, offlineControlMoves } from "#app/domain/deals/shipping/offline-parcels.server";
import { findShipmentFor } from "#app/domain/deals/shipping/parcel-reads.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { shipmentStatusWords } from "#app/domain/deals/shipping/shipment-words";
import { formatMoment } from "#app/domain/shared/dates";
import { formatMoney } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { notFound } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { useShipmentSection } from "#app/utils/shipment-sections";
import { useCurrency } from "#app/utils/use-currency";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Deal", "A Pay&Buy deal: what was paid and where the parcel is.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const { user, data: shipment } = await requireUserWith(request, context, (viewer) =>
    findShipmentFor(database(context.env.DB), viewer, bookingId.data),
  );
  // The cookie's role claim is checked against the account the session proved.
  if (!shipment || (shipment.viewer === "admin" && user.role !== "admin")) throw notFound("There is no such shipment");
  const dealPage = await dealPageOf(database(context.env.DB), shipment);
  if (!dealPage) throw notFound("There is no such shipment");
  const deal = { ...dealPage, shipment, expectedDeliveryAt: expectedDeliveryOf(shipment) };
  const canSend =
    shipment.viewer === "seller" &&
    shipment.status === "awaiting_shipment" &&
    shipment.bookingStatus === "paid" &&
    !shipment.carrierProvider;
  const carrier = chooseCarrier(context.env.settings);
  // What a label costs now, beside the shipping paid: shown before the seller buys one.
  const labelQuote = canSend
    ? await quoteLabel(
        database(context.env.DB),
        carrier,
        shipment,
        feeRuleOf(context.env.settings),
        context.env.currency,
      )
    : null;
  // The seller's default sender address fills the label form (ADR 0103).
  const sender = canSend ? await senderAddress(database(context.env.DB), user.id) : null;
  // Arrived: the buyer's "I received it as described", by the confirmation's own rule (ADR 0098).
  const receipt =
    shipment.viewer === "buyer"
      ? await confirmationQuestion(database(context.env.DB), context.env.settings, user, shipment.bookingId)
      : null;
  // The deal's Returns card (ADR 0106, ADR 0107): its policy, its return, this viewer's step.
  const returnCard =
    dealPage.paid !== null
      ? await returnCardOf(
          database(context.env.DB),
          { id: user.id, role: user.role, as: shipment.viewer },
          shipment.bookingId,
          carrier,
          context.env.currency,
        )
      : null;
  return {
    deal,
    returnCard,
    returnOffer: returnCard?.request ?? null,
    canSend,
    labelQuote,
    sender,
    confirmReceipt: receipt?.ok
      ? {
          href: `/dashboard/my_orders?confirm=receipt&id=${encodeURIComponent(shipment.bookingId)}`,
          question: receiptQuestion(receipt.sellerName, receipt.sellerReceivesCents, context.env.currency),
        }
      : null,
    // The label is printed while it applies: made, and not picked up yet.
    printLabel: shipment.viewer !== "buyer" && shipment.labelUrl !== null && shipment.status === "pre_transit",
    shipBy: formatMoment(shipment.shipBy, zoneTable(user.timeZone)),
    // Past its ship-by date and still unsent: the buyer may cancel for a full refund (ADR 0086).
    mayCancel:
      shipment.viewer === "buyer" &&
      shipment.status === "awaiting_shipment" &&
      shipment.shipBy !== null &&
      shipment.shipBy.getTime() <= Date.now(),
    // Test mode's carrier control, for the test carrier's own parcels only (ADR 0091).
    offlineCarrier: offlineControlMoves(carrier, shipment),
    // The same control for a return's parcel, which the test carrier labelled (ADR 0107).
    testCarrier: carrier?.name === "offline",
  };
}

/** What the status line says, in the words meant for this viewer. */
function statusLine(deal: DealView, shipBy: string | null): string {
  const { shipment } = deal;
  const words = shipmentStatusWords(shipment.viewer, shipment.status);
  if (deal.state === "released")
    return shipment.viewer === "seller" ? "Paid to you" : "Done: the money went to the seller";
  if (deal.state === "refunded") return "Refunded to the buyer";
  if (shipment.status === "awaiting_shipment" && shipBy) {
    return shipment.viewer === "seller" ? `${words}, by ${shipBy}` : `${words}: to be sent by ${shipBy}`;
  }
  return words;
}

type DealView = ReturnType<typeof useLoaderData<typeof loader>>["deal"];

function DealHeader({ deal }: { deal: DealView }) {
  const currency = useCurrency();
  const zone = useZone();
  const { shipment, paid } = deal;
  const photo = photoSources(deal.photoKey, "thumb");
  const paidAt = paid ? formatMoment(paid.at, zone) : null;
  const expected = formatMoment(deal.expectedDeliveryAt, zone);
  return (
    <section className={styles.header} aria-label="The deal">
      {photo ? (
        <img src={photo.src} alt="" width={120} height={120} className={styles.photo} />
      ) : (
        <span className={styles.photo} />
      )}
      <div className={styles.item}>
        <p className={styles.itemName}>
          <Link to={`/listings/${shipment.productId}`}>{shipment.productName}</Link>
        </p>
        {deal.otherParty ? (
          <p>{`${deal.otherParty.role}: ${deal.otherParty.name}`}</p>
        ) : (
          <p>{`Seller: ${deal.parties.seller} · Buyer: ${deal.parties.buyer}`}</p>
        )}
        <p className={styles.status} data-testid="deal-status">
          {statusLine(deal, formatMoment(shipment.shipBy, zone))}
        </p>
        {expected ? <p className={styles.muted}>{`Expected delivery: ${expected}`}</p> : null}
      </div>
      {paid ? (
        <dl className={styles.paid} aria-label="What was paid" data-testid="deal-paid">
          <dt>Item</dt>
          <dd>{formatMoney(paid.itemCents, currency)}</dd>
          <dt>Shipping</dt>
          <dd>{formatMoney(paid.shippingCents, currency)}</dd>
          <dt className={styles.total}>Total paid</dt>
          <dd className={styles.total}>{formatMoney(paid.totalCents, currency)}</dd>
          {paidAt ? (
            <>
              <dt>Paid on</dt>
              <dd>{paidAt}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className={styles.muted}>Not paid yet.</p>
      )}
    </section>
  );
}

function ShipTo({ shipment }: { shipment: DealView["shipment"] }) {
  if (!shipment.address) {
    return (
      <p>The address is shown to the seller once the buyer has paid, and erased some time after the deal is settled.</p>
    );
  }
  const { address } = shipment;
  return (
    <PostalAddress address={address} className={styles.address} testId="ship-to">
      {shipment.buyerContact ? (
        <>
          <br />
          {shipment.buyerContact}
        </>
      ) : null}
    </PostalAddress>
  );
}

type ReturnCardView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["returnCard"]>;

/** The deal's Returns card: its policy, its return and the one step this viewer may take now. */
function ReturnsCard({ card, here }: { card: ReturnCardView; here: string }) {
  const currency = useCurrency();
  const zone = useZone();
  const section = useShipmentSection();
  const { ret } = card;
  return (
    <section aria-labelledby="returns-heading" className={styles.card} data-testid="returns-card">
      <h2 id="returns-heading">Returns</h2>
      <p>{card.policyLine}</p>
      {card.request ? (
        <>
          <h3>Send it back</h3>
          <p>Nothing is paid to the seller while a return is open. The seller answers within 3 days.</p>
          {section === "return" ? (
            <Outlet />
          ) : (
            <ReturnRequestForm
              action={`${here}/return`}
              reasons={card.request.reasons}
              asksSerial={card.request.asksSerial}
              asksShutterCount={card.request.asksShutterCount}
            />
          )}
        </>
      ) : null}
      {ret ? (
        <>
          <p className={styles.status} data-testid="return-state">
            {`Return: ${ret.stateWords}`}
          </p>
          {ret.progress ? (
            <>
              <h3 id="return-steps-heading">The return's steps</h3>
              <DealProgress steps={ret.progress} labelledBy="return-steps-heading" testId="return-steps" />
            </>
          ) : null}
          <dl className={styles.facts}>
            <dt>Reason</dt>
            <dd>{RETURN_REASON_WORDS[ret.reason]}</dd>
            <dt>What is wrong</dt>
            <dd className={styles.written}>{ret.details}</dd>
            {ret.serials.buyer ? (
              <>
                <dt>Serial read by the buyer</dt>
                <dd>{ret.serials.buyer}</dd>
              </>
            ) : null}
            {ret.sellerAnswer ? (
              <>
                <dt>The seller's words</dt>
                <dd className={styles.written}>{ret.sellerAnswer}</dd>
              </>
            ) : null}
            {ret.offerCents !== null ? (
              <>
                <dt>Offered back</dt>
                <dd>{formatMoney(ret.offerCents, currency)}</dd>
              </>
            ) : null}
            {ret.trackingNumber ? (
              <>
                <dt>Return tracking</dt>
                <dd data-testid="return-tracking">{`${ret.carrier} ${ret.trackingNumber}`}</dd>
              </>
            ) : null}
            {ret.state === "accepted" && ret.sendBy ? (
              <>
                <dt>Send by</dt>
                <dd>{formatMoment(ret.sendBy, zone)}</dd>
              </>
            ) : null}
            {ret.state === "delivered" && ret.checkDueAt ? (
              <>
                <dt>Checked by</dt>
                <dd>{formatMoment(ret.checkDueAt, zone)}</dd>
              </>
            ) : null}
            {ret.refundCents !== null ? (
              <>
                <dt>Refunded</dt>
                <dd data-testid="return-refund">{formatMoney(ret.refundCents, currency)}</dd>
              </>
            ) : null}
            {ret.toAdminReason ? (
              <>
                <dt>Sent to an admin</dt>
                <dd>{RETURN_ADMIN_REASON_WORDS[ret.toAdminReason]}</dd>
              </>
            ) : null}
            {ret.problem ? (
              <>
                <dt>Problem found</dt>
                <dd>{`${RETURN_PROBLEM_WORDS[ret.problem]}${ret.problemDetails ? `: ${ret.problemDetails}` : ""}`}</dd>
              </>
            ) : null}
            {ret.decisionNote ? (
              <>
                <dt>The admin's note</dt>
                <dd>{ret.decisionNote}</dd>
              </>
            ) : null}
          </dl>
          <ReturnPhotos photos={ret.photos} label="Photos of the return" />
          {ret.labelUrl ? (
            <div className={styles.actions}>
              <a href={ret.labelUrl} className={button.primary}>
                Print the return label
              </a>
            </div>
          ) : null}
          {ret.mayAnswer ? (
            section === "return-answer" ? (
              <Outlet />
            ) : (
              <ReturnAnswerForm action={`${here}/return-answer`} labelNote={card.labelNote ?? ""} />
            )
          ) : null}
          {ret.mayAnswerOffer && ret.offerCents !== null ? (
            <ReturnOfferForm action={`${here}/return-offer`} offerCents={ret.offerCents} />
          ) : null}
          {ret.mayCheck ? (
            section === "return-check" ? (
              <Outlet />
            ) : (
              <ReturnCheckForm action={`${here}/return-check`} asksSerial={card.asksSerialOnArrival} />
            )
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export default function Shipment() {
  const currency = useCurrency();
  const {
    deal,
    returnCard,
    shipBy,
    offlineCarrier,
    mayCancel,
    canSend,
    labelQuote,
    sender,
    confirmReceipt,
    printLabel,
    testCarrier,
  } = useLoaderData<typeof loader>();
  const { shipment } = deal;
  const here = shipmentPath(shipment.bookingId);
  // A form that came back with errors is rendered by its own route, in its place (ADR 0071).
  const section = useShipmentSection();
  const buyer = shipment.viewer === "buyer";
  return (
    <DashboardPage title={`Deal: ${shipment.productName}`}>
      <div className={styles.page}>
        <DealHeader deal={deal} />

        {confirmReceipt ? (
          <section aria-labelledby="receipt-heading" className={styles.card}>
            <h2 id="receipt-heading">Arrived as described?</h2>
            <p>{`Confirm it once you have looked at it. ${confirmReceipt.question} If something is wrong, report a problem instead.`}</p>
            <div className={styles.actions}>
              <Link to={confirmReceipt.href} className={button.primary}>
                I received it as described
              </Link>
              {deal.mayReport && !returnCard?.ret ? (
                <Link
                  to={`/dashboard/my_orders?claim=${encodeURIComponent(shipment.bookingId)}`}
                  className={button.secondary}
                >
                  Report a problem
                </Link>
              ) : null}
            </div>
          </section>
        ) : null}

        {mayCancel ? (
          <section aria-labelledby="cancel-heading" className={styles.card}>
            <h2 id="cancel-heading">Not sent in time</h2>
            <p>The seller did not send it by {shipBy}. You can cancel the purchase and get everything back.</p>
            <Form method="post" action={`${here}/cancel`}>
              <button type="submit" className={button.primary}>
                Cancel and refund me
              </button>
            </Form>
          </section>
        ) : null}

        {canSend && labelQuote ? (
          <section aria-labelledby="label-heading" className={styles.card}>
            <h2 id="label-heading">Buy a label through Pay&Buy</h2>
            <p>
              {`The label costs ${formatMoney(labelQuote.labelCents, currency)}; the buyer paid ${formatMoney(labelQuote.shippingCents, currency)} for shipping. `}
              {labelQuote.shippingCents >= labelQuote.labelCents
                ? `The ${formatMoney(labelQuote.shippingCents - labelQuote.labelCents, currency)} left is yours.`
                : `The ${formatMoney(labelQuote.labelCents - labelQuote.shippingCents, currency)} more comes out of your sale.`}
              {" It is paid from the sale when the money is released."}
            </p>
            {labelQuote.refusal ? <p>{labelQuote.refusal}</p> : null}
            {!labelQuote.affordable ? null : section === "label" ? (
              <Outlet />
            ) : (
              <LabelForm
                action={`${here}/label`}
                labelCents={labelQuote.labelCents}
                fromPostalCode={shipment.fromPostalCode}
                sender={sender}
              />
            )}
          </section>
        ) : null}

        {canSend ? (
          <section aria-labelledby="send-heading" className={styles.card}>
            <h2 id="send-heading">Sent it yourself? Add the tracking</h2>
            {section === "tracking" ? <Outlet /> : <TrackingForm action={`${here}/tracking`} />}
          </section>
        ) : null}

        {printLabel && shipment.labelUrl ? (
          <section aria-labelledby="print-heading" className={styles.card}>
            <h2 id="print-heading">Your label</h2>
            <p>
              {"Print it, stick it on the parcel and hand it to the carrier."}
              {shipment.labelCostCents !== null
                ? ` It cost ${formatMoney(shipment.labelCostCents, currency)}, paid from the sale when it is released.`
                : null}
            </p>
            <div className={styles.actions}>
              <a href={shipment.labelUrl} className={button.primary}>
                Print the shipping label
              </a>
            </div>
          </section>
        ) : null}

        {returnCard ? <ReturnsCard card={returnCard} here={here} /> : null}

        {testCarrier &&
        returnCard?.ret?.offline &&
        ["pre_transit", "in_transit"].includes(returnCard.ret.parcelStatus ?? "") ? (
          <TestModeBox intro="The return travels with Pay&Buy's test carrier: no real parcel moves. It moves on by itself once a day; you can move it to its next step now.">
            <Form method="post" action={`${here}/return-advance`}>
              <button type="submit" className={button.secondary}>
                Move the return parcel to its next step
              </button>
            </Form>
          </TestModeBox>
        ) : null}

        <section aria-labelledby="progress-heading" className={styles.card}>
          <h2 id="progress-heading">Progress</h2>
          <DealProgress steps={deal.progress} labelledBy="progress-heading" />
        </section>

        <section aria-labelledby="parcel-heading" className={styles.card}>
          <h2 id="parcel-heading">The parcel</h2>
          <dl className={styles.facts}>
            <dt>Parcel</dt>
            <dd>{`${PARCEL_PRESETS[shipment.parcel].label}: ${PARCEL_PRESETS[shipment.parcel].fits}`}</dd>
            {shipment.trackingNumber ? (
              <>
                <dt>Tracking</dt>
                <dd data-testid="deal-tracking">
                  {shipment.trackingUrl && shipment.trackingUrl !== here ? (
                    <a href={shipment.trackingUrl}>{`${shipment.carrier} ${shipment.trackingNumber}`}</a>
                  ) : (
                    `${shipment.carrier} ${shipment.trackingNumber}`
                  )}
                </dd>
              </>
            ) : null}
            {shipment.status === "awaiting_shipment" && shipBy ? (
              <>
                <dt>Send by</dt>
                <dd>{shipBy}</dd>
              </>
            ) : null}
          </dl>
          <h3>{buyer ? "Sent to" : "Ship to"}</h3>
          <ShipTo shipment={shipment} />
        </section>

        {offlineCarrier && ["pre_transit", "in_transit", "failure"].includes(shipment.status) ? (
          <TestModeBox intro="This parcel travels with Pay&Buy's test carrier: no real parcel moves. It moves on by itself once a day; you can move it to its next step now.">
            <Form method="post" action={`${here}/test-advance`}>
              <button type="submit" className={button.secondary}>
                Move the parcel to its next step
              </button>
            </Form>
          </TestModeBox>
        ) : null}

        <p className={`${styles.actions} ${styles.back}`}>
          {shipment.viewer !== "admin" ? (
            <Link to={`/dashboard/messages/${shipment.bookingId}`} className={button.ghost}>
              {deal.otherParty ? `Messages with ${deal.otherParty.name}` : "Messages"}
            </Link>
          ) : null}
          <Link to={shipment.viewer === "seller" ? "/dashboard/my_buyer" : "/dashboard/my_orders"}>
            {shipment.viewer === "seller" ? "Back to My Buyers" : "Back to My Orders"}
          </Link>
        </p>
      </div>
    </DashboardPage>
  );
}
