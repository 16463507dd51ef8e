// How long a delivered parcel's money stays held (ADR 0106), in SQL for the statements that start
// the buyer's window: a delivery seen, or a parcel its seller tracks sent.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ANY_REASON_DAYS } from "#app/domain/catalog/return-policy";
import { bookings } from "#db/schema";

/**
 * The days a delivered parcel's money stays held (ADR 0106): the buyer's protection window, or a
 * return policy's longer days for any reason, so a policy's promise can be kept while the money is
 * still there to refund. In SQL over the booking's policy, for the statements that start the window.
 */
export function heldDaysSql(protectionDays: number, bookingId: SQL | SQLiteColumn | string): SQL {
  const days = Object.entries(ANY_REASON_DAYS).map(
    ([policy, policyDays]) => sql`when ${policy} then ${Math.max(protectionDays, policyDays)}`,
  );
  return sql`coalesce((select case ${bookings.returnPolicy} ${sql.join(days, sql` `)} else ${protectionDays} end
    from ${bookings} where ${bookings.id} = ${bookingId}), ${protectionDays})`;
}
