// A label bought from the offline carrier, to print (ADR 0086, ADR 0102): clearly a test label,
// with the sender (the seller's name and the postal code the listing ships from, what Pay&Buy
// keeps for it), the recipient, the tracking number, the carrier and the parcel. A return's label
// (`return-<bookingId>`, ADR 0107) goes the other way: from the address the deal shipped to, to
// the seller's sender address. Outside the dashboard and without the site's header and footer
// (its handle), with a print stylesheet; the Print button needs JavaScript, and the page says to
// use the browser's Print without it. A real carrier's label is its own file (its URL).
import { type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from "react-router";
import { COUNTRY_NAMES, PARCEL_PRESETS } from "#app/domain/catalog/delivery";
import { dealPageOf } from "#app/domain/deals/claims/deal-page.server";
import type { ShippingAddress } from "#app/domain/deals/parcels/address";
import { bookingOfReturnReference } from "#app/domain/deals/shipping/carriers";
import { OFFLINE_CARRIER_NAME } from "#app/domain/deals/shipping/offline-carrier";
import { findShipmentFor } from "#app/domain/deals/shipping/parcel-reads.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { findReturnLabelFor } from "#app/domain/deals/shipping/return-labels.server";
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

/** An address as the label's lines (a shipment's columns may each be empty). */
function linesOf(address: { [Field in keyof ShippingAddress]: ShippingAddress[Field] | null }): string[] {
  const place = `${address.city ?? ""}, ${address.region ?? ""} ${address.postalCode ?? ""}`;
  return [
    address.recipient,
    address.line1,
    address.line2,
    place,
    address.country && COUNTRY_NAMES[address.country],
  ].filter((line): line is string => Boolean(line));
}

/** A return's label: 404 unless its deal's buyer, seller or an admin asks, and it is bought. */
async function returnLabel(request: Request, context: LoaderFunctionArgs["context"], ofBooking: string) {
  const bookingId = idSchema.safeParse(ofBooking);
  if (!bookingId.success) throw notFound();
  const { data: label } = await requireUserWith(request, context, (viewer) =>
    findReturnLabelFor(database(context.env.DB), viewer, bookingId.data),
  );
  if (!label) throw notFound("There is no such label");
  if (label.carrierProvider !== "offline") {
    if (label.labelUrl?.startsWith("https://")) throw redirect(label.labelUrl);
    throw notFound("There is no such label");
  }
  return {
    kind: "return" as const,
    bookingId: label.bookingId,
    from: label.from ? linesOf(label.from) : null,
    to: label.to ? linesOf(label.to) : null,
    trackingNumber: label.trackingNumber,
    carrier: label.carrier,
    parcel: label.parcel,
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const returned = bookingOfReturnReference(params.bookingId ?? "");
  if (returned) return returnLabel(request, context, returned);
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
  return {
    kind: "outgoing" as const,
    bookingId: shipment.bookingId,
    // The seller's name and the postal code the listing ships from: what Pay&Buy keeps of the sender.
    from: [
      deal?.parties.seller ?? "The seller",
      ...(shipment.fromPostalCode ? [`${shipment.fromPostalCode}, ${COUNTRY_NAMES[shipment.country]}`] : []),
    ],
    to: shipment.address ? linesOf(shipment.address) : null,
    trackingNumber: shipment.trackingNumber,
    carrier: shipment.carrier,
    parcel: shipment.parcel,
  };
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
  const label = useLoaderData<typeof loader>();
  const parcel = PARCEL_PRESETS[label.parcel];
  const isReturn = label.kind === "return";
  return (
    <div className={styles.page}>
      <div className={styles.screenOnly}>
        <h1>{isReturn ? "Return label" : "Shipping label"}</h1>
        <p>
          {isReturn
            ? "Print it at its size, stick it on the parcel going back to the seller and hand the parcel to the carrier."
            : "Print it at its size, stick it on the parcel and hand the parcel to the carrier."}
        </p>
        <PrintButton />
        <p>
          <a href={shipmentPath(label.bookingId)}>Back to the deal</a>
        </p>
      </div>
      <article
        className={styles.label}
        aria-label={isReturn ? "Return label" : "Shipping label"}
        data-testid={isReturn ? "return-label" : "label"}
      >
        <p className={styles.banner}>
          {`Test label of the offline carrier (${OFFLINE_CARRIER_NAME}): no real carrier takes this parcel.`}
        </p>
        <section className={styles.block} aria-labelledby="label-from">
          <h2 id="label-from" className={styles.caption}>
            From
          </h2>
          {label.from ? (
            <address className={styles.address} data-testid="label-sender">
              {label.from.join("\n")}
            </address>
          ) : (
            <p>The address is erased.</p>
          )}
        </section>
        <section className={styles.block} aria-labelledby="label-to">
          <h2 id="label-to" className={styles.caption}>
            To
          </h2>
          {label.to ? (
            <address className={styles.recipient} data-testid="label-recipient">
              {label.to.join("\n")}
            </address>
          ) : (
            <p>{isReturn ? "The seller keeps no sender address: ask them for it." : "The address is erased."}</p>
          )}
        </section>
        <section className={styles.block} aria-labelledby="label-tracking-title">
          <h2 id="label-tracking-title" className={styles.caption}>
            Tracking number
          </h2>
          <p className={styles.tracking} data-testid="label-tracking">
            {label.trackingNumber}
          </p>
          <dl className={styles.facts}>
            <dt>Carrier</dt>
            <dd>{label.carrier}</dd>
            <dt>Parcel</dt>
            <dd>{`${parcel.label}: ${parcel.fits}`}</dd>
          </dl>
        </section>
      </article>
    </div>
  );
}
