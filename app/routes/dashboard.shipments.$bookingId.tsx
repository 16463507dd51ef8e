// A shipped deal's parcel (ADR 0086), for its buyer, its seller and the admin: where it is, its
// tracking, and, for the seller of a paid deal, the address to send it to and the form to say it
// is sent. With the offline carrier, a labelled test control moves the parcel on.

import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, Outlet, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { LabelForm, TrackingForm } from "#app/components/shipment-forms";
import { TestModeBox } from "#app/components/test-mode-box";
import { COUNTRY_NAMES, PARCEL_PRESETS } from "#app/domain/catalog/delivery";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { receiptQuestion } from "#app/domain/deals/settlement/confirmation";
import { confirmationQuestion } from "#app/domain/deals/settlement/decisions.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { quoteLabel } from "#app/domain/deals/shipping/labels.server";
import { offlineControlMoves } from "#app/domain/deals/shipping/offline-parcels.server";
import { findShipmentFor } from "#app/domain/deals/shipping/parcel-reads.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { SHIPMENT_STATUS_WORDS, shipmentTimeline } from "#app/domain/deals/shipping/shipment-words";
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
import { database } from "#db/client";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Shipment", "Where a parcel of a Pay&Buy deal is.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const { user, data: shipment } = await requireUserWith(request, context, (viewer) =>
    findShipmentFor(database(context.env.DB), viewer, bookingId.data),
  );
  // The cookie's role claim is checked against the account the session proved.
  if (!shipment || (shipment.viewer === "admin" && user.role !== "admin")) throw notFound("There is no such shipment");
  const zone = zoneTable(user.timeZone);
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
  // Arrived: the buyer's "I received it as described", by the confirmation's own rule (ADR 0098).
  const receipt =
    shipment.viewer === "buyer"
      ? await confirmationQuestion(database(context.env.DB), context.env.settings, user, shipment.bookingId)
      : null;
  return {
    canSend,
    labelQuote,
    confirmReceipt: receipt?.ok
      ? {
          href: `/dashboard/my_orders?confirm=receipt&id=${encodeURIComponent(shipment.bookingId)}`,
          question: receiptQuestion(receipt.sellerName, receipt.sellerReceivesCents, context.env.currency),
        }
      : null,
    shipment,
    timeline: shipmentTimeline(shipment),
    shipBy: formatMoment(shipment.shipBy, zone),
    // Past its ship-by date and still unsent: the buyer may cancel for a full refund (ADR 0086).
    mayCancel:
      shipment.viewer === "buyer" &&
      shipment.status === "awaiting_shipment" &&
      shipment.shipBy !== null &&
      shipment.shipBy.getTime() <= Date.now(),
    // Test mode's carrier control, for the test carrier's own parcels only (ADR 0091).
    offlineCarrier: offlineControlMoves(carrier, shipment),
  };
}

export default function Shipment() {
  const currency = useCurrency();
  const { shipment, timeline, shipBy, offlineCarrier, mayCancel, canSend, labelQuote, confirmReceipt } =
    useLoaderData<typeof loader>();
  const here = shipmentPath(shipment.bookingId);
  // A form that came back with errors is rendered by its own route, in its place (ADR 0071).
  const section = useShipmentSection();
  return (
    <DashboardPage title={`Shipment of ${shipment.productName}`}>
      <p>
        <strong>{SHIPMENT_STATUS_WORDS[shipment.status]}</strong>
        {shipment.status === "awaiting_shipment" && shipBy ? ` · to be sent by ${shipBy}` : null}
      </p>
      <dl>
        <dt>Parcel</dt>
        <dd>{`${PARCEL_PRESETS[shipment.parcel].label}: ${PARCEL_PRESETS[shipment.parcel].fits}`}</dd>
        <dt>Shipping paid</dt>
        <dd>{formatMoney(shipment.shippingCents, currency)}</dd>
        {shipment.trackingNumber ? (
          <>
            <dt>Tracking</dt>
            <dd>{`${shipment.carrier} ${shipment.trackingNumber}`}</dd>
          </>
        ) : null}
      </dl>
      <h2>Ship to</h2>
      {shipment.address ? (
        <address data-testid="ship-to">
          {shipment.address.recipient}
          <br />
          {shipment.address.line1}
          {shipment.address.line2 ? (
            <>
              <br />
              {shipment.address.line2}
            </>
          ) : null}
          <br />
          {`${shipment.address.city}, ${shipment.address.region} ${shipment.address.postalCode}`}
          <br />
          {COUNTRY_NAMES[shipment.address.country]}
          {shipment.buyerContact ? (
            <>
              <br />
              {shipment.buyerContact}
            </>
          ) : null}
        </address>
      ) : (
        <p>
          The address is shown to the seller once the buyer has paid, and erased some time after the deal is settled.
        </p>
      )}
      {shipment.labelUrl && shipment.viewer !== "buyer" ? (
        <p>
          <a href={shipment.labelUrl}>Print the shipping label</a>
          {shipment.labelCostCents !== null
            ? ` (${formatMoney(shipment.labelCostCents, currency)}, paid from the sale when it is released)`
            : null}
        </p>
      ) : null}
      {canSend && labelQuote ? (
        <section aria-labelledby="label-heading">
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
            <LabelForm action={`${here}/label`} labelCents={labelQuote.labelCents} />
          )}
        </section>
      ) : null}
      {canSend ? (
        <section aria-labelledby="send-heading">
          <h2 id="send-heading">Sent it? Add the tracking</h2>
          {section === "tracking" ? <Outlet /> : <TrackingForm action={`${here}/tracking`} />}
        </section>
      ) : null}
      {mayCancel ? (
        <section aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">Not sent in time</h2>
          <p>The seller did not send it by {shipBy}. You can cancel the purchase and get everything back.</p>
          <Form method="post" action={`${here}/cancel`}>
            <button type="submit" className={button.primary}>
              Cancel and refund me
            </button>
          </Form>
        </section>
      ) : null}
      {confirmReceipt ? (
        <section aria-labelledby="receipt-heading">
          <h2 id="receipt-heading">Arrived as described?</h2>
          <p>{`Confirm it once you have looked at it. ${confirmReceipt.question} If something is wrong, report a problem on My Orders instead.`}</p>
          <p>
            <Link to={confirmReceipt.href} className={button.primary}>
              I received it as described
            </Link>
          </p>
        </section>
      ) : null}
      <h2>Timeline</h2>
      <ol>
        {timeline.map((step) => (
          <li key={step.label}>{`${step.label}${step.at ? `: ${formatMoment(step.at)}` : ""}`}</li>
        ))}
      </ol>
      {offlineCarrier && ["pre_transit", "in_transit", "failure"].includes(shipment.status) ? (
        <TestModeBox intro="This parcel travels with Pay&Buy's test carrier: no real parcel moves. It moves on by itself once a day; you can move it to its next step now.">
          <Form method="post" action={`${here}/test-advance`}>
            <button type="submit" className={button.secondary}>
              Move the parcel to its next step
            </button>
          </Form>
        </TestModeBox>
      ) : null}
      <p>
        <Link to={shipment.viewer === "seller" ? "/dashboard/my_buyer" : "/dashboard/my_orders"}>
          {shipment.viewer === "seller" ? "Back to My Buyers" : "Back to My Orders"}
        </Link>
      </p>
    </DashboardPage>
  );
}
