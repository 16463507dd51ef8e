// The letters of money to sellers: a payment released or refunded, a claim opened, answered or
// decided, a payout paid or failed. Read from the data as it is now, like every letter.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { CLAIM_OUTCOME_WORDS, CLAIM_REASON_WORDS } from "#app/domain/deals/claims/claim-words";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { OperationOrigin } from "#db/closed-lists";
import { bookings, claims, dealOperations, deals, payouts, products, users } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter, type Recipient } from "./letter-kit.server";

const buyers = alias(users, "buyers");
const sellers = alias(users, "sellers");

type MoneyEvent = Extract<
  DomainEvent,
  {
    kind:
      | "payment_released"
      | "payment_refunded"
      | "claim_opened"
      | "claim_answered"
      | "claim_decided"
      | "payout_paid"
      | "payout_failed";
  }
>;

const person = (user: { id: string; email: string; name: string; deletedAt: Date | null }): Recipient => ({
  id: user.id,
  email: user.email,
  name: user.name,
  deleted: user.deletedAt !== null,
});

const buyerFields = { id: buyers.id, email: buyers.email, name: buyers.name, deletedAt: buyers.deletedAt };
const sellerFields = { id: sellers.id, email: sellers.email, name: sellers.name, deletedAt: sellers.deletedAt };

/** A deal with its product and its two parties. */
function dealParties(db: Database) {
  return db
    .select({
      paymentId: deals.paymentId,
      bookingId: deals.bookingId,
      amountCents: deals.amountCents,
      releaseDueAt: deals.releaseDueAt,
      productName: products.name,
      buyer: buyerFields,
      seller: sellerFields,
    })
    .from(deals)
    .innerJoin(bookings, eq(bookings.id, deals.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyers, eq(buyers.id, deals.buyerId))
    .innerJoin(sellers, eq(sellers.id, deals.sellerId));
}

/** The admins, who decide claims. */
export async function admins(db: Database): Promise<Recipient[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deletedAt)));
  return rows.map(person);
}

/** What was refunded of the deal before this operation (its earlier refunds). */
async function refundedBefore(db: Database, operation: { paymentId: string; seq: number }): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${dealOperations.amountCents}), 0)` })
    .from(dealOperations)
    .where(
      and(
        eq(dealOperations.paymentId, operation.paymentId),
        eq(dealOperations.kind, "refund"),
        lt(dealOperations.seq, operation.seq),
      ),
    );
  return Number(row?.cents ?? 0);
}

const ORIGIN_WORDS = {
  buyer_confirmed: "The buyer confirmed receiving it as described.",
  auto_release: "The buyer's protection window ended without a claim.",
  claim_decision: "An admin decided the buyer's claim.",
  provider_refund: "",
  not_shipped: "The seller did not send the parcel in time.",
  chargeback_lost: "The buyer's bank decided its dispute of the payment for the buyer.",
  return_received: "The item came back to the seller as it was sent.",
  return_partial: "The buyer kept the item for a part of the price back.",
  return_decision: "An admin decided the return.",
} as const satisfies Record<OperationOrigin, string>;

export async function moneyLetters(
  db: Database,
  event: MoneyEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  switch (event.kind) {
    case "payment_released":
    case "payment_refunded": {
      const [operation] = await db
        .select()
        .from(dealOperations)
        .where(eq(dealOperations.id, event.operationId))
        .limit(1);
      const [deal] = operation ? await dealParties(db).where(eq(deals.paymentId, operation.paymentId)).limit(1) : [];
      if (!operation || !deal) return [];
      const buyer = person(deal.buyer);
      const seller = person(deal.seller);
      if (event.kind === "payment_released") {
        const subject = `Payment released: ${deal.productName}`;
        // A part refunded before the release (a claim decided in part) is said in both letters.
        const refunded = await refundedBefore(db, operation);
        const refundWords =
          refunded > 0 ? `, after ${formatMoney(refunded, options.currency)} went back to the buyer` : "";
        const released = deal.amountCents - refunded;
        return [
          letter(
            seller,
            subject,
            `${ORIGIN_WORDS[operation.origin]}\nYou receive ${formatMoney(operation.amountCents, options.currency)} of ${formatMoney(deal.amountCents, options.currency)} ` +
              `for "${deal.productName}"${refundWords} (the platform's fee is ${formatMoney(operation.feeCents, options.currency)}); it is on its way to your payout account.\n` +
              link(options, "/dashboard/payouts", "Payouts"),
          ),
          letter(
            buyer,
            subject,
            `${ORIGIN_WORDS[operation.origin]}\n` +
              (refunded > 0
                ? `${formatMoney(refunded, options.currency)} of your payment for "${deal.productName}" is refunded to you; the rest, ${formatMoney(released, options.currency)}, is now the seller's.\n`
                : `Your payment for "${deal.productName}" is now the seller's.\n`) +
              link(options, "/dashboard/my_orders", "My Orders"),
          ),
        ];
      }
      const subject = `Payment refunded: ${deal.productName}`;
      return [
        letter(
          buyer,
          subject,
          `${formatMoney(operation.amountCents, options.currency)} of your payment for "${deal.productName}" is refunded to your card; ` +
            `banks take 5 to 10 days to show it.\n${link(options, "/dashboard/my_orders", "My Orders")}`,
        ),
        letter(
          seller,
          subject,
          `${formatMoney(operation.amountCents, options.currency)} of the sale of "${deal.productName}" went back to the buyer.` +
            (operation.reversalCents > 0
              ? ` ${formatMoney(operation.reversalCents, options.currency)} of it is taken back from what you received.`
              : "") +
            `\n${link(options, "/dashboard/payouts", "Payouts")}`,
        ),
      ];
    }
    case "claim_opened":
    case "claim_answered":
    case "claim_decided": {
      const [claim] = await db.select().from(claims).where(eq(claims.id, event.claimId)).limit(1);
      const [deal] = claim ? await dealParties(db).where(eq(deals.paymentId, claim.paymentId)).limit(1) : [];
      if (!claim || !deal) return [];
      const buyer = person(deal.buyer);
      const seller = person(deal.seller);
      const reason = `${CLAIM_REASON_WORDS[claim.reason]}: "${claim.details}"`;
      if (event.kind === "claim_opened") {
        const subject = `Claim opened: ${deal.productName}`;
        return [
          letter(
            seller,
            subject,
            `${buyer.name} opened a claim about "${deal.productName}".\n${reason}\n` +
              `The payment stays held until an admin decides; you may answer the claim.\n` +
              link(options, "/dashboard/payouts", "Payouts"),
          ),
          ...(await admins(db)).map((admin) =>
            letter(
              admin,
              `Claim to decide: ${deal.productName}`,
              `${buyer.name} opened a claim about "${deal.productName}" (sold by ${seller.name} ` +
                `for ${formatMoney(deal.amountCents, options.currency)}).\n${reason}\n` +
                link(options, "/dashboard/claims", "Claims"),
            ),
          ),
        ];
      }
      if (event.kind === "claim_answered") {
        return [
          letter(
            buyer,
            `The seller answered your claim: ${deal.productName}`,
            `${seller.name} answered your claim about "${deal.productName}":\n"${claim.sellerAnswer ?? ""}"\n` +
              `An admin decides the claim.\n${link(options, "/dashboard/my_orders", "My Orders")}`,
          ),
        ];
      }
      if (claim.status !== "decided" || !claim.outcome) return [];
      const outcome =
        claim.outcome === "release"
          ? "The payment goes to the seller."
          : `${formatMoney(claim.refundCents ?? 0, options.currency)} goes back to the buyer` +
            (claim.outcome === "refund_partial" ? "; the rest goes to the seller." : ".");
      const text =
        `An admin decided the claim about "${deal.productName}": ${CLAIM_OUTCOME_WORDS[claim.outcome]}.\n${outcome}` +
        (claim.decisionNote ? `\nThe admin's note: "${claim.decisionNote}"` : "");
      const subject = `Claim decided: ${deal.productName}`;
      return [
        letter(buyer, subject, `${text}\n${link(options, "/dashboard/my_orders", "My Orders")}`),
        letter(seller, subject, `${text}\n${link(options, "/dashboard/payouts", "Payouts")}`),
      ];
    }
    case "payout_paid":
    case "payout_failed": {
      const [row] = await db
        .select({ payout: payouts, seller: sellerFields })
        .from(payouts)
        .innerJoin(sellers, eq(sellers.id, payouts.sellerId))
        .where(eq(payouts.id, event.payoutId))
        .limit(1);
      if (!row) return [];
      const amount = formatMoney(row.payout.amountCents, options.currency);
      return [
        event.kind === "payout_paid"
          ? letter(
              person(row.seller),
              `Payout paid: ${amount}`,
              `${amount} of your sales reached your bank account.\n${link(options, "/dashboard/payouts", "Payouts")}`,
            )
          : letter(
              person(row.seller),
              `Payout failed: ${amount}`,
              `A payout of ${amount} to your bank account failed` +
                (row.payout.failureMessage ? ` (${row.payout.failureMessage})` : "") +
                `. The money is back in your balance; check the bank details of your payout account.\n` +
                link(options, "/dashboard/payouts", "Payouts"),
            ),
      ];
    }
  }
}
