// A label bought from the offline carrier, to print (ADR 0086): clearly a test label, with its
// tracking number and both postal codes. A real carrier's label is its own file (its URL).
import { type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { COUNTRY_NAMES } from "#app/domain/catalog/delivery";
import { OFFLINE_CARRIER_NAME } from "#app/domain/deals/shipping/offline-carrier";
import { findShipmentFor } from "#app/domain/deals/shipping/parcel-reads.server";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound } from "#app/server/http.server";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Shipping Label", "A parcel's shipping label, to print.");

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
  return { shipment };
}

export default function Label() {
  const { shipment } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="Shipping label">
      <p>
        <strong>Test label of the offline carrier ({OFFLINE_CARRIER_NAME}): no real carrier takes this parcel.</strong>
      </p>
      <dl>
        <dt>Tracking number</dt>
        <dd data-testid="label-tracking">{shipment.trackingNumber}</dd>
        <dt>Parcel</dt>
        <dd>{shipment.parcel}</dd>
        <dt>To</dt>
        <dd>
          {shipment.address ? (
            <address>
              {shipment.address.recipient}
              <br />
              {shipment.address.line1}
              {shipment.address.line2 ? `, ${shipment.address.line2}` : ""}
              <br />
              {`${shipment.address.city}, ${shipment.address.region} ${shipment.address.postalCode}`}
              <br />
              {COUNTRY_NAMES[shipment.address.country]}
            </address>
          ) : (
            "The address is erased."
          )}
        </dd>
      </dl>
    </DashboardPage>
  );
}
