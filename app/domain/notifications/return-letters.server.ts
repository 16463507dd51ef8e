// The letters of a return (ADR 0107), each to the one who must act next: the seller when it is
// asked and when it comes back, the buyer when it is answered, when its label is ready and when
// the refund is made, the admins when it reaches them. No letter carries an address: the label
// and the deal page are read signed in.
import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isFault, RETURN_ADMIN_REASON_WORDS, RETURN_REASON_WORDS } from "#app/domain/deals/returns/return-words";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import type { EventOf } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, products, returns, users } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter, type Recipient, utc } from "./letter-kit.server";

const buyers = alias(users, "return_buyers");
const sellers = alias(users, "return_sellers");

async function loadReturn(db: Database, returnId: string) {
  const [row] = await db
    .select({
      bookingId: returns.bookingId,
      state: returns.state,
      reason: returns.reason,
      details: returns.details,
      sellerAnswer: returns.sellerAnswer,
      offerCents: returns.offerCents,
      refundCents: returns.refundCents,
      labelCostCents: returns.labelCostCents,
      sendBy: returns.sendBy,
      checkDueAt: returns.checkDueAt,
      toAdminReason: returns.toAdminReason,
      productName: products.name,
      buyer: { id: buyers.id, email: buyers.email, name: buyers.name, deletedAt: buyers.deletedAt },
      seller: { id: sellers.id, email: sellers.email, name: sellers.name, deletedAt: sellers.deletedAt },
    })
    .from(returns)
    .innerJoin(bookings, eq(bookings.id, returns.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyers, eq(buyers.id, returns.buyerId))
    .innerJoin(sellers, eq(sellers.id, returns.sellerId))
    .where(eq(returns.id, returnId))
    .limit(1);
  if (!row) return null;
  const person = (user: typeof row.buyer): Recipient => ({
    id: user.id,
    email: user.email,
    name: user.name,
    deleted: user.deletedAt !== null,
  });
  return { ...row, buyer: person(row.buyer), seller: person(row.seller) };
}

async function adminRecipients(db: Database): Promise<Recipient[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deletedAt)));
  return rows.map((row) => ({ ...row, deleted: false }));
}

type ReturnEvent = EventOf<
  | "return_requested"
  | "return_answered"
  | "return_label_ready"
  | "return_delivered"
  | "return_refunded"
  | "return_to_admin"
>;

export async function returnLetters(
  db: Database,
  event: ReturnEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const found = await loadReturn(db, event.returnId);
  if (!found) return [];
  const page = link(options, shipmentPath(found.bookingId), "The deal");
  const name = found.productName;
  switch (event.kind) {
    case "return_requested":
      return [
        letter(
          found.seller,
          `Return asked: ${name}`,
          `${found.buyer.name} asks to send "${name}" back: ${RETURN_REASON_WORDS[found.reason]}.\n"${found.details}"\n` +
            `Answer within 3 days: accept (a prepaid return label is made), offer a part back, or decline (an admin decides). ` +
            `Nothing of the payment is released meanwhile.\n${page}`,
        ),
      ];
    case "return_answered":
      return [
        letter(
          found.buyer,
          `Return answered: ${name}`,
          (found.state === "offered" && found.offerCents !== null
            ? `${found.seller.name} offers ${formatMoney(found.offerCents, options.currency)} back for you to keep "${name}".\n` +
              `"${found.sellerAnswer ?? ""}"\nAccept the offer or decline it (an admin then decides).\n`
            : `${found.seller.name} declined the return of "${name}": an admin decides it with what you both sent.\n`) +
            page,
        ),
      ];
    case "return_label_ready":
      return [
        letter(
          found.buyer,
          `Return label ready: ${name}`,
          `${found.seller.name} accepted the return of "${name}". Print the prepaid label on the deal page, pack the item ` +
            `as it came and hand it to the carrier by ${utc(found.sendBy)}. The refund is made once it is back and checked.\n${page}`,
        ),
      ];
    case "return_delivered":
      return [
        letter(
          found.seller,
          `Return delivered: ${name}`,
          `The carrier delivered the return of "${name}" to you. Check it by ${utc(found.checkDueAt)}: read its serial ` +
            `number and report a problem if it is not the item you sent. Otherwise the buyer is refunded then.\n${page}`,
        ),
      ];
    case "return_refunded":
      return [
        letter(
          found.buyer,
          `Refunded: ${name}`,
          `The return of "${name}" is complete: ${formatMoney(found.refundCents ?? 0, options.currency)} is refunded to your card.\n${page}`,
        ),
        letter(
          found.seller,
          `Return complete: ${name}`,
          `The return of "${name}" is complete and the buyer is refunded ${formatMoney(found.refundCents ?? 0, options.currency)}.\n` +
            (isFault(found.reason) && found.labelCostCents
              ? `The return label, ${formatMoney(found.labelCostCents, options.currency)}, is yours for a fault: it is what you owe, taken from a later sale.\n`
              : "") +
            link(options, "/dashboard/payouts", "Payouts"),
        ),
      ];
    case "return_to_admin":
      return (await adminRecipients(db)).map((admin) =>
        letter(
          admin,
          `Return to decide: ${name}`,
          `${found.toAdminReason ? RETURN_ADMIN_REASON_WORDS[found.toAdminReason] : "A return reached you"}: "${name}", ` +
            `bought by ${found.buyer.name} from ${found.seller.name}.\n` +
            link(options, "/dashboard/claims", "Claims"),
        ),
      );
  }
}
