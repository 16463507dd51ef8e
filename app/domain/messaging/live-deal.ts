// A live deal: the booking whose buyer and seller may still write to each other (ADR 0032). It
// is paid, or active and still within its hold: an unpaid booking past its deadline has ended
// even before the scheduled job makes it official (ADR 0030), and a cancelled one has ended. The
// one rule, said twice side by side: as a SQL condition for the statements that decide in the
// database, and as a predicate for a row already read. tests/integration/live-deal.test.ts
// checks that the two agree on bookings in every state.
import { and, eq, gt, isNull, or, type SQL } from "drizzle-orm";
import { isWithinHold } from "#app/domain/deals/bookings/bookings.server";
import type { BookingStatus } from "#db/closed-lists";
import { bookings } from "#db/schema";

/** The booking (`bookings` in the statement) is a live deal at `now`. */
export function liveDeal(now: number): SQL {
  return or(
    eq(bookings.status, "paid"),
    and(eq(bookings.status, "active"), or(isNull(bookings.expiresAt), gt(bookings.expiresAt, new Date(now)))),
  )!;
}

/** The booking read is a live deal at `now`. */
export function isLiveDeal(booking: { status: BookingStatus | string; expiresAt: Date | null }, now: number): boolean {
  return booking.status === "paid" || (booking.status === "active" && isWithinHold(booking, now));
}
