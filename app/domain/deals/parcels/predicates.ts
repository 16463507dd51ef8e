// The parcel's rules other rooms ask of the `shipments` table, as SQL: a parcel its seller tracks
// themselves, and the ship-by date a payment gives a parcel. Pure SQL over the schema; the rooms
// that move money (settlement, payments) and the one that moves parcels (shipping) read them here.
import { type SQL, sql } from "drizzle-orm";
import { bookings, products, shipments } from "#db/schema";
import { HANDLING_DAYS, latestShipByOf, shipByOf } from "./clock";

/** A parcel on its way with its seller's own tracking: no label of ours, so no carrier tells us of it. */
export function selfTracked(): SQL {
  return sql`(${shipments.status} = 'in_transit' and ${shipments.labelRef} is null)`;
}

/**
 * The ship-by date of a shipment's parcel paid for at `now`, by its listing's handling time
 * (every value the listing rule allows; anything else, the longest).
 */
export function shipBySql(now: number): SQL {
  const cases = HANDLING_DAYS.map((days) => sql` when ${days} then ${shipByOf(now, days)}`);
  return sql`(select case ${products.handlingDays}${sql.join(cases)} else ${latestShipByOf(now)} end
    from ${products} join ${bookings} on ${bookings.productId} = ${products.id}
    where ${bookings.id} = ${shipments.bookingId})`;
}
