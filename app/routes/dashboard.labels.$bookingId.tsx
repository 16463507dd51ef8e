// A label bought from the offline carrier, to print (ADR 0086, ADR 0102): clearly a test label,
// with the sender (the seller's name and the postal code the listing ships from, what Pay&Buy
// keeps for it), the recipient, the tracking number, the carrier and the parcel. Outside the
// dashboard and without the site's header and footer (its handle), with a print stylesheet; the
// Print button needs JavaScript, and the page says to use the browser's Print without it. A real
// carrier's label is its own file (its URL).
import { type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from "react-router";
import { COUNTRY_NAMES, PARCEL_PRESETS } from "#app/domain/catalog/delivery";
import { dealPageOf } from "#app/domain/deals/claims/deal-page.server";
import { OFFLINE_CARRIER_NAME } from "#app/domain/deals/shipping/offline-carrier";
import { findShipmentFor } from "#app/domain/deals/shipping/parcel-reads.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { useHydrated } from "#app/utils/use-hydrated";
import { database } from "#db/client";
import * as styles from "./label.css";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Shipping Label", "A parcel's shipping label, to print.");

/** Printed on its own: the root layout leaves the site's chrome out. */
export const handle = { bare: true };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const { user, data: shipment } = await requireUserWith(request, context, (viewer) =>
    findShipmentFor(database(context.env.DB), viewer, bookingId.data),
  );
  if (!shipment || (shipment.viewer === "admin" && user.role !== "admin") || !shipment.trackingNumber)
    throw notFound("There is no such label");
  if (shipment.carrierProvider !== "offline") {
    if (shipment.labelUrl?.startsWith("https://")) throw redirect(shipment.labelUrl);
    throw notFound("There is no such label");
  }
  const deal = await dealPageOf(database(context.env.DB), shipment);
  return { shipment, sender: deal?.parties.seller ?? "The seller" };
}

function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p>To print it, use your browser's Print (Ctrl+P, or ⌘P on a Mac).</p>;
  return (
    <p>
      <button type="button" className={button.primary} onClick={() => window.print()}>
        Print
      </button>
    </p>
  );
}

export default function Label() {
  const { shipment, sender } = useLoaderData<typeof loader>();
  const parcel = PARCEL_PRESETS[shipment.parcel];
  return (
    <div className={styles.page}>
      <div className={styles.screenOnly}>
        <h1>Shipping label</h1>
        <p>Print it at its size, stick it on the parcel and hand the parcel to the carrier.</p>
        <PrintButton />
        <p>
          <a href={shipmentPath(shipment.bookingId)}>Back to the deal</a>
        </p>
      </div>
      <article className={styles.label} aria-label="Shipping label" data-testid="label">
        <p className={styles.banner}>
          {`Test label of the offline carrier (${OFFLINE_CARRIER_NAME}): no real carrier takes this parcel.`}
        </p>
        <section className={styles.block} aria-labelledby="label-from">
          <h2 id="label-from" className={styles.caption}>
            From
          </h2>
          <address className={styles.address} data-testid="label-sender">
            {sender}
            {shipment.fromPostalCode ? (
              <>
                <br />
                {`${shipment.fromPostalCode}, ${COUNTRY_NAMES[shipment.country]}`}
              </>
            ) : null}
          </address>
        </section>
        <section className={styles.block} aria-labelledby="label-to">
          <h2 id="label-to" className={styles.caption}>
            To
          </h2>
          {shipment.address ? (
            <address className={styles.recipient} data-testid="label-recipient">
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
            </address>
          ) : (
            <p>The address is erased.</p>
          )}
        </section>
        <section className={styles.block} aria-labelledby="label-tracking-title">
          <h2 id="label-tracking-title" className={styles.caption}>
            Tracking number
          </h2>
          <p className={styles.tracking} data-testid="label-tracking">
            {shipment.trackingNumber}
          </p>
          <dl className={styles.facts}>
            <dt>Carrier</dt>
            <dd>{shipment.carrier}</dd>
            <dt>Parcel</dt>
            <dd>{`${parcel.label}: ${parcel.fits}`}</dd>
          </dl>
        </section>
      </article>
    </div>
  );
}
