// The letters of money under faults: a seller told what they owe once a refund's share could not
// be taken back from their account (ADR 0087), the admins told of a chargeback (ADR 0081) and of
// what the daily reconciliation found (ADR 0089). Read from the data as it is now.
import { eq } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, disputes, ledgerEntries, payments, products, reconciliationRuns } from "#db/schema";
import { type LetterOf, type LetterOptions, link, loadUser, type PlannedLetter, utc } from "./letter-kit.server";
import { admins } from "./money-letters.server";

type MoneyFaultEvent = Extract<DomainEvent, { kind: "seller_debt" | "dispute_opened" | "reconciliation_differences" }>;

/** The product a deal's payment was for. */
function paymentProduct(db: Database, paymentId: string) {
  return db
    .select({ productName: products.name })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(payments.id, paymentId))
    .limit(1);
}

export async function moneyFaultLetters(
  db: Database,
  event: MoneyFaultEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  switch (event.kind) {
    case "seller_debt": {
      const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, event.entryId)).limit(1);
      if (entry?.kind !== "seller_debt" || !entry.paymentId) return [];
      const [[product], seller] = await Promise.all([
        paymentProduct(db, entry.paymentId),
        loadUser(db, entry.sellerId),
      ]);
      if (!product || !seller) return [];
      return [
        letter(
          seller,
          `Money owed: ${product.productName}`,
          `Part of the sale of "${product.productName}" went back to the buyer after you were paid, and ` +
            `${formatMoney(entry.amountCents, options.currency)} of it could not be taken back from your payout account.\n` +
            "The buyer has their money; you owe it to Pay&Buy. It is taken from your next sales before anything " +
            "is paid out, and we try again to take it back from your payout account once a day.\n" +
            link(options, "/dashboard/payouts", "Payouts"),
        ),
      ];
    }
    case "dispute_opened": {
      const [dispute] = await db.select().from(disputes).where(eq(disputes.id, event.disputeId)).limit(1);
      if (!dispute) return [];
      const [product] = await paymentProduct(db, dispute.paymentId);
      if (!product) return [];
      const due = dispute.evidenceDueAt ? ` Evidence is due by ${utc(dispute.evidenceDueAt)}.` : "";
      return (await admins(db)).map((admin) =>
        letter(
          admin,
          `Chargeback: ${product.productName}`,
          `A buyer's bank disputes the payment of ${formatMoney(dispute.amountCents, options.currency)} for ` +
            `"${product.productName}" (reason: ${dispute.reason}). Nothing of the deal is released while it is open.${due}\n` +
            link(options, "/dashboard/claims#disputes", "Claims"),
        ),
      );
    }
    case "reconciliation_differences": {
      const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, event.runId)).limit(1);
      if (!run || run.differences === 0) return [];
      return (await admins(db)).map((admin) =>
        letter(
          admin,
          `Reconciliation of ${run.day}: ${run.differences} difference${run.differences === 1 ? "" : "s"}`,
          `The check of the ledger against the ${run.provider === "stripe" ? "Stripe" : "test"} provider's records ` +
            `for ${run.day} found ${run.differences} difference${run.differences === 1 ? "" : "s"}.\n` +
            link(options, "/dashboard/reconciliation", "Reconciliation"),
        ),
      );
    }
  }
}
