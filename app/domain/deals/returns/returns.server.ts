// A shipped deal's return (ADR 0107): the buyer asks, the seller answers (accept with a prepaid
// label, offer a part back, decline), the buyer answers an offer, the seller checks what came
// back, and the admin decides what reached them. Each step is one conditional write from the
// state it was read in, so a double submit or two tabs move a return once; a step that moves
// money goes through the deal's decisions (settlement/decisions.server.ts) with the return's
// move in the same batch. Only the deal's buyer, its seller and the admin ever read a return.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accessTo } from "#app/domain/accounts/permissions";
import type { PhotoStore } from "#app/domain/catalog/uploads.server";
import { discardPhotos, preparePhotos, storePhotos } from "#app/domain/catalog/uploads.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { ClaimOutcome, ReturnPhotoSide, ReturnProblem, ReturnReason, ReturnState } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { intoColumns } from "#db/insert-select";
import { bookings, deals, products, returnPhotos, returns, shipments, users } from "#db/schema";
import { senderAddress } from "../bookings/saved-addresses.server";
import { ledgerEntry, recordEntry } from "../ledger/entries.server";
import type { PaymentSettings } from "../providers/settings";
import type { PaymentProvider } from "../providers/types";
import { disputeOpen } from "../settlement/deals.server";
import { type DecisionResult, decideReturnMove } from "../settlement/decisions.server";
import type { ClaimDecision } from "../settlement/plan";
import { type Carrier, type LabelResult, returnReference } from "../shipping/carriers";
import { isFault, RETURN_ANSWER_DAYS, RETURN_MESSAGES, RETURN_SEND_DAYS } from "./return-words";
import { labelPayer, type ReturnFacts, returnRefund, returnRefusal, serialsMatch } from "./steps";

const DAY_MS = 86_400_000;

export type ReturnResult =
  | { ok: true; message: string; returnId: string; events: DomainEvent[] }
  | { ok: false; status: 404 | 409 | 422; message: string; field?: string };

type Settlement = Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">;

/** A return photo's stem: `r-` and 32 hex digits, never one the public image route serves (`p-…`). */
const newReturnPhotoStem = () =>
  `r-${[...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
const RETURN_PHOTO_KEY = /^r-[0-9a-f]{32}$/;
export const isReturnPhotoKey = (key: string) => RETURN_PHOTO_KEY.test(key);

const notFound = { ok: false, status: 404, message: RETURN_MESSAGES.notFound } as const;
const notNow = { ok: false, status: 409, message: RETURN_MESSAGES.notNow } as const;

/** What a return request is read against: the buyer's shipped deal, its parcel and its listing. */
async function requestFacts(db: Database, buyerId: string, bookingId: string) {
  const [row] = await db
    .select({
      paymentId: deals.paymentId,
      sellerId: deals.sellerId,
      dealState: deals.state,
      releaseDueAt: deals.releaseDueAt,
      policy: bookings.returnPolicy,
      delivery: bookings.delivery,
      parcelStatus: shipments.status,
      carrierProvider: shipments.carrierProvider,
      shippedAt: shipments.shippedAt,
      deliveredAt: shipments.deliveredAt,
      gearKind: products.gearKind,
      listingSerial: products.serialNumber,
      disputed: sql<boolean>`${disputeOpen(deals.paymentId)}`.mapWith(Boolean).as("return_disputed"),
      claimOpen: sql<boolean>`exists (select 1 from claims where claims.payment_id = ${deals.paymentId}
        and claims.status = 'open')`
        .mapWith(Boolean)
        .as("return_claim_open"),
      returnId: returns.id,
    })
    .from(bookings)
    .innerJoin(deals, eq(deals.bookingId, bookings.id))
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(shipments, eq(shipments.bookingId, bookings.id))
    .leftJoin(returns, eq(returns.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyerId)))
    .limit(1);
  if (!row) return null;
  const facts: ReturnFacts = {
    shipped: row.delivery === "ship" && row.parcelStatus !== null,
    dealState: row.dealState,
    disputed: row.disputed,
    claimOpen: row.claimOpen,
    hasReturn: row.returnId !== null,
    // Delivered as the carrier says, or sent with the seller's own tracking (nothing tells us more).
    arrived:
      row.parcelStatus === "delivered" ||
      (row.parcelStatus === "in_transit" && row.carrierProvider === null && row.shippedAt !== null),
    releaseDueAt: row.releaseDueAt,
    policy: row.policy,
    deliveredAt: row.deliveredAt,
  };
  return { ...row, facts };
}

/** Whether the buyer may ask for a return of this deal now, and with which reasons; for the page. */
export async function returnOffer(db: Database, buyerId: string, bookingId: string, now = Date.now()) {
  const found = await requestFacts(db, buyerId, bookingId);
  if (!found) return null;
  return {
    refusal: returnRefusal(found.facts, now),
    policy: found.facts.policy,
    deliveredAt: found.facts.deliveredAt,
    /** A body or a lens whose seller recorded its serial: the buyer types the serial they read. */
    asksSerial: found.listingSerial !== null && (found.gearKind === "body" || found.gearKind === "lens"),
    asksShutterCount: found.gearKind === "body",
  };
}

export interface ReturnRequestInput {
  reason: ReturnReason;
  details: string;
  serial?: string | undefined;
  shutterCount?: number | undefined;
}

/**
 * The buyer asks to send the item back (ADR 0107): a reason the booking's policy covers, what is
 * wrong, photos (the listings' upload rules: first bytes, size, re-encoded so no metadata stays)
 * and, for a body or lens with a recorded serial, the serial as read. One return per deal; while
 * it is open nothing of the deal is released.
 */
export async function requestReturn(
  db: Database,
  store: PhotoStore,
  buyer: { id: string },
  bookingId: string,
  input: ReturnRequestInput,
  files: File[],
  now = Date.now(),
): Promise<ReturnResult> {
  const found = await requestFacts(db, buyer.id, bookingId);
  if (!found) return notFound;
  const refusal = returnRefusal(found.facts, now, input.reason);
  if (refusal) return { ok: false, status: 409, message: refusal };
  const asksSerial = found.listingSerial !== null && (found.gearKind === "body" || found.gearKind === "lens");
  if (asksSerial && !input.serial) {
    return { ok: false, status: 422, message: RETURN_MESSAGES.serialRequired, field: "serial" };
  }
  const prepared = await preparePhotos(store.images, files);
  if (!prepared.ok) return { ok: false, status: 422, message: prepared.message, field: "photos" };
  const stored = await storePhotos(
    store.photos,
    prepared.photos,
    prepared.photos.map(() => newReturnPhotoStem()),
  );
  const returnId = crypto.randomUUID();
  const askable = and(
    eq(deals.bookingId, bookingId),
    eq(deals.buyerId, buyer.id),
    eq(deals.state, "held"),
    sql`not ${disputeOpen(deals.paymentId)}`,
    sql`not exists (select 1 from claims where claims.payment_id = ${deals.paymentId} and claims.status = 'open')`,
    found.releaseDueAt ? sql`${deals.releaseDueAt} > ${now}` : undefined,
  );
  try {
    const [inserted] = await db.batch([
      db.insert(returns).select(
        db
          .select(
            intoColumns(returns, {
              id: sql`${returnId}`,
              bookingId: deals.bookingId,
              paymentId: deals.paymentId,
              buyerId: deals.buyerId,
              sellerId: deals.sellerId,
              reason: sql`${input.reason}`,
              details: sql`${input.details}`,
              buyerSerial: sql`${input.serial ?? null}`,
              buyerShutterCount: sql`${input.shutterCount ?? null}`,
              state: sql`'requested'`,
              answerDueAt: sql`${now + RETURN_ANSWER_DAYS * DAY_MS}`,
              answeredAt: sql`null`,
              sellerAnswer: sql`null`,
              offerCents: sql`null`,
              carrierProvider: sql`null`,
              carrier: sql`null`,
              trackingNumber: sql`null`,
              trackingUrl: sql`null`,
              labelRef: sql`null`,
              labelUrl: sql`null`,
              labelCostCents: sql`null`,
              sendBy: sql`null`,
              parcelStatus: sql`null`,
              shippedAt: sql`null`,
              deliveredAt: sql`null`,
              lastEventAt: sql`null`,
              checkDueAt: sql`null`,
              sellerSerial: sql`null`,
              problem: sql`null`,
              problemDetails: sql`null`,
              toAdminReason: sql`null`,
              toAdminAt: sql`null`,
              outcome: sql`null`,
              refundCents: sql`null`,
              decisionNote: sql`null`,
              decidedBy: sql`null`,
              closedAt: sql`null`,
              version: sql`0`,
              createdAt: sql`${now}`,
              updatedAt: sql`null`,
            }),
          )
          .from(deals)
          .where(askable),
      ),
      ...photoRows(db, returnId, "buyer", stored),
      // A decision read before the return must not be written after it.
      db
        .update(deals)
        .set({ version: sql`${deals.version} + 1` })
        .where(
          and(eq(deals.bookingId, bookingId), sql`exists (select 1 from ${returns} where ${returns.id} = ${returnId})`),
        ),
    ]);
    if ((inserted as D1Result).meta.changes === 1) {
      return { ok: true, message: RETURN_MESSAGES.asked, returnId, events: [{ kind: "return_requested", returnId }] };
    }
  } catch (error) {
    await discardPhotos(
      store.photos,
      stored.map((photo) => photo.key),
    );
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: RETURN_MESSAGES.already };
  }
  // The deal changed between the read and the write (released, claimed, disputed): read it again.
  await discardPhotos(
    store.photos,
    stored.map((photo) => photo.key),
  );
  const again = await requestFacts(db, buyer.id, bookingId);
  return {
    ok: false,
    status: 409,
    message: (again && returnRefusal(again.facts, now, input.reason)) || RETURN_MESSAGES.notNow,
  };
}

/**
 * The photo rows of a return's side, written only with the return they belong to (and, given
 * `whileState`, only while it is still in that state: a step that lost a race writes none).
 */
function photoRows(
  db: Database,
  returnId: string,
  side: ReturnPhotoSide,
  stored: Array<{ key: string; width: number; height: number }>,
  whileState?: ReturnState,
) {
  return stored.map((photo, position) =>
    db.insert(returnPhotos).select(
      db
        .select(
          intoColumns(returnPhotos, {
            id: sql`${crypto.randomUUID()}`,
            returnId: returns.id,
            side: sql`${side}`,
            position: sql`${position}`,
            key: sql`${photo.key}`,
            width: sql`${photo.width}`,
            height: sql`${photo.height}`,
            createdAt: sql`${Date.now()}`,
          }),
        )
        .from(returns)
        .where(and(eq(returns.id, returnId), whileState ? eq(returns.state, whileState) : undefined)),
    ),
  );
}

/** The seller's return of one of their deals, with what its answer needs. */
async function sellersReturn(db: Database, sellerId: string, bookingId: string) {
  const [row] = await db
    .select({
      id: returns.id,
      state: returns.state,
      reason: returns.reason,
      version: returns.version,
      paymentId: returns.paymentId,
      charged: deals.amountCents,
      country: shipments.country,
      parcel: shipments.parcel,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
    })
    .from(returns)
    .innerJoin(deals, eq(deals.paymentId, returns.paymentId))
    .innerJoin(shipments, eq(shipments.bookingId, returns.bookingId))
    .where(and(eq(returns.bookingId, bookingId), eq(returns.sellerId, sellerId)))
    .limit(1);
  return row ?? null;
}

/** Moves a return from `from` to `to` with `set`, once: true when this call moved it. */
async function move(
  db: Database,
  returnId: string,
  from: ReturnState,
  set: Partial<typeof returns.$inferInsert> & { state: ReturnState },
  now: number,
): Promise<boolean> {
  const moved = await db
    .update(returns)
    .set({ ...set, updatedAt: new Date(now), version: sql`${returns.version} + 1` })
    .where(and(eq(returns.id, returnId), eq(returns.state, from)))
    .returning({ id: returns.id });
  return moved.length === 1;
}

export type SellerAnswer =
  | { answer: "accept" }
  | { answer: "offer"; amountCents: number; note: string }
  | { answer: "decline"; note: string };

/**
 * The seller's answer to a return still waiting for it. Accept: a prepaid label is bought from the
 * buyer's address to the seller's kept sender address (claimed first, so it is bought once; let go
 * again when the carrier fails). Offer: a part back for the buyer to keep it. Decline: the admin
 * decides.
 */
export async function answerReturn(
  db: Database,
  carrier: Carrier | null,
  seller: { id: string },
  bookingId: string,
  answer: SellerAnswer,
  currency: Parameters<typeof formatMoney>[1],
  now = Date.now(),
): Promise<ReturnResult> {
  const found = await sellersReturn(db, seller.id, bookingId);
  if (!found) return { ok: false, status: 404, message: RETURN_MESSAGES.returnNotFound };
  if (found.state !== "requested") return notNow;
  const returnId = found.id;
  if (answer.answer === "decline") {
    const moved = await move(
      db,
      returnId,
      "requested",
      {
        state: "to_admin",
        answeredAt: new Date(now),
        sellerAnswer: answer.note,
        toAdminReason: "declined",
        toAdminAt: new Date(now),
      },
      now,
    );
    if (!moved) return notNow;
    return {
      ok: true,
      message: RETURN_MESSAGES.declined,
      returnId,
      events: [
        { kind: "return_answered", returnId },
        { kind: "return_to_admin", returnId },
      ],
    };
  }
  if (answer.answer === "offer") {
    if (answer.amountCents >= found.charged) {
      return {
        ok: false,
        status: 422,
        message: RETURN_MESSAGES.offerTooLarge(formatMoney(found.charged, currency)),
        field: "amount",
      };
    }
    const moved = await move(
      db,
      returnId,
      "requested",
      { state: "offered", answeredAt: new Date(now), sellerAnswer: answer.note, offerCents: answer.amountCents },
      now,
    );
    if (!moved) return notNow;
    return { ok: true, message: RETURN_MESSAGES.offered, returnId, events: [{ kind: "return_answered", returnId }] };
  }
  if (!carrier) return { ok: false, status: 409, message: RETURN_MESSAGES.noCarrier };
  const sender = await senderAddress(db, seller.id);
  if (!sender) return { ok: false, status: 409, message: RETURN_MESSAGES.noSenderAddress };
  if (!found.recipient || !found.line1 || !found.city || !found.region || !found.postalCode) {
    return { ok: false, status: 409, message: RETURN_MESSAGES.buyerAddressGone };
  }
  // Claimed before the carrier is asked: a second answer finds it accepted and buys nothing.
  const pending = `pending:${crypto.randomUUID()}`;
  const claimed = await move(
    db,
    returnId,
    "requested",
    { state: "accepted", answeredAt: new Date(now), labelRef: pending },
    now,
  );
  if (!claimed) return notNow;
  const bought = await buyLabelSafely(carrier, returnId, {
    parcel: found.parcel,
    country: found.country,
    reference: returnReference(bookingId),
    buyer: {
      recipient: found.recipient,
      line1: found.line1,
      line2: found.line2,
      city: found.city,
      region: found.region,
      postalCode: found.postalCode,
      country: found.country,
    },
    seller: {
      recipient: sender.name,
      line1: sender.line1,
      line2: sender.line2,
      city: sender.city,
      region: sender.region,
      postalCode: sender.postalCode,
      country: found.country,
    },
  });
  if (!bought.ok) {
    // Let go, so the seller can try again.
    await db
      .update(returns)
      .set({ state: "requested", answeredAt: null, labelRef: null, updatedAt: new Date(now) })
      .where(and(eq(returns.id, returnId), eq(returns.labelRef, pending)));
    return { ok: false, status: 409, message: bought.message };
  }
  const { label } = bought;
  await db
    .update(returns)
    .set({
      carrierProvider: carrier.name,
      carrier: label.carrier,
      trackingNumber: label.trackingNumber,
      trackingUrl: label.trackingUrl,
      labelRef: label.labelRef,
      labelUrl: label.labelUrl,
      labelCostCents: label.costCents,
      sendBy: new Date(now + RETURN_SEND_DAYS * DAY_MS),
      parcelStatus: "pre_transit",
      updatedAt: new Date(now),
      version: sql`${returns.version} + 1`,
    })
    .where(and(eq(returns.id, returnId), eq(returns.labelRef, pending)));
  return {
    ok: true,
    message: RETURN_MESSAGES.accepted,
    returnId,
    events: [{ kind: "return_label_ready", returnId }],
  };
}

/** The carrier's return label, or why not: a carrier that throws is a label not bought. */
async function buyLabelSafely(
  carrier: Carrier,
  returnId: string,
  route: Parameters<Carrier["buyReturnLabel"]>[0],
): Promise<LabelResult> {
  try {
    return await carrier.buyReturnLabel(route);
  } catch (error) {
    console.error("The carrier failed to sell a return label", returnId, error);
    return { ok: false, message: RETURN_MESSAGES.labelUnavailable };
  }
}

/** How long a label's claim may wait for its carrier before the job lets it go (a Worker that stopped). */
export const LABEL_CLAIM_MS = 10 * 60_000;

/** A return label claimed and never bought (the Worker stopped midway) is let go: the seller can answer again. */
export async function releaseStaleLabelClaims(db: Database, now: number): Promise<number> {
  const released = await db
    .update(returns)
    .set({ state: "requested", answeredAt: null, labelRef: null, updatedAt: new Date(now) })
    .where(
      and(
        eq(returns.state, "accepted"),
        sql`${returns.labelRef} like 'pending:%'`,
        lte(returns.updatedAt, new Date(now - LABEL_CLAIM_MS)),
      ),
    )
    .returning({ id: returns.id });
  return released.length;
}

/** The return of the buyer's deal (its id, state and offer), or null. */
async function buyersReturn(db: Database, buyerId: string, bookingId: string) {
  const [row] = await db
    .select({ id: returns.id, state: returns.state, offerCents: returns.offerCents, paymentId: returns.paymentId })
    .from(returns)
    .where(and(eq(returns.bookingId, bookingId), eq(returns.buyerId, buyerId)))
    .limit(1);
  return row ?? null;
}

/**
 * The buyer's answer to the seller's offer: accepted, the part is refunded and the rest released
 * (the buyer keeps the item); declined, the admin decides.
 */
export async function answerReturnOffer(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  buyer: { id: string },
  bookingId: string,
  accept: boolean,
  now = Date.now(),
): Promise<ReturnResult> {
  const found = await buyersReturn(db, buyer.id, bookingId);
  if (!found) return { ok: false, status: 404, message: RETURN_MESSAGES.returnNotFound };
  if (found.state !== "offered" || found.offerCents === null) return notNow;
  if (!accept) {
    const moved = await move(
      db,
      found.id,
      "offered",
      { state: "to_admin", toAdminReason: "offer_declined", toAdminAt: new Date(now) },
      now,
    );
    if (!moved) return notNow;
    return {
      ok: true,
      message: RETURN_MESSAGES.offerDeclined,
      returnId: found.id,
      events: [{ kind: "return_to_admin", returnId: found.id }],
    };
  }
  const decided = await decideReturnMove(
    db,
    provider,
    settings,
    found.paymentId,
    { from: "offered", to: "kept" },
    { outcome: "refund_partial", amountCents: found.offerCents },
    { origin: "return_partial", now, success: RETURN_MESSAGES.offerAccepted },
  );
  return asReturnResult(decided, found.id, []);
}

function asReturnResult(decided: DecisionResult, returnId: string, more: DomainEvent[]): ReturnResult {
  if (!decided.ok) return decided;
  if (!decided.decided) return notNow;
  return { ok: true, message: decided.message, returnId, events: [...decided.events, ...more] };
}

export type ArrivalCheck =
  | { result: "as_sent"; serial?: string | undefined }
  | { result: "problem"; serial?: string | undefined; problem: ReturnProblem; details: string };

/**
 * The seller's check of what came back. As sent: the serial read is compared with the listing's
 * and the buyer's, and the buyer is refunded now; a serial that differs stops the refund and goes
 * to the admin. A problem goes to the admin with the seller's photos.
 */
export async function checkReturn(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  store: PhotoStore,
  seller: { id: string },
  bookingId: string,
  check: ArrivalCheck,
  files: File[],
  now = Date.now(),
): Promise<ReturnResult> {
  const [found] = await db
    .select({
      id: returns.id,
      state: returns.state,
      buyerSerial: returns.buyerSerial,
      listingSerial: products.serialNumber,
      gearKind: products.gearKind,
    })
    .from(returns)
    .innerJoin(bookings, eq(bookings.id, returns.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(and(eq(returns.bookingId, bookingId), eq(returns.sellerId, seller.id)))
    .limit(1);
  if (!found) return { ok: false, status: 404, message: RETURN_MESSAGES.returnNotFound };
  if (found.state !== "delivered") return notNow;
  if (found.listingSerial && !check.serial) {
    return { ok: false, status: 422, message: RETURN_MESSAGES.serialRequired, field: "serial" };
  }
  const matches = serialsMatch(found.listingSerial, found.buyerSerial, check.serial ?? null);
  if (check.result === "as_sent" && matches) {
    await db
      .update(returns)
      .set({ sellerSerial: check.serial ?? null })
      .where(and(eq(returns.id, found.id), eq(returns.state, "delivered")));
    return refundReturn(db, provider, settings, found.id, now);
  }
  const prepared = await preparePhotos(store.images, files);
  if (!prepared.ok) return { ok: false, status: 422, message: prepared.message, field: "photos" };
  const stored = await storePhotos(
    store.photos,
    prepared.photos,
    prepared.photos.map(() => newReturnPhotoStem()),
  );
  const problem = check.result === "problem";
  const toAdmin = db
    .update(returns)
    .set({
      state: "to_admin",
      sellerSerial: check.serial ?? null,
      problem: problem ? check.problem : null,
      problemDetails: problem ? check.details : null,
      toAdminReason: problem ? "problem" : "serial_mismatch",
      toAdminAt: new Date(now),
      updatedAt: new Date(now),
      version: sql`${returns.version} + 1`,
    })
    .where(and(eq(returns.id, found.id), eq(returns.state, "delivered")))
    .returning({ id: returns.id });
  // The photos first, while it is still delivered, then the move: in one batch, both or neither.
  const [first, ...more] = photoRows(db, found.id, "seller", stored, "delivered");
  const moved = first ? ((await db.batch([first, ...more, toAdmin])).at(-1) as Array<{ id: string }>) : await toAdmin;
  if (moved.length === 0) {
    await discardPhotos(
      store.photos,
      stored.map((photo) => photo.key),
    );
    return notNow;
  }
  return {
    ok: true,
    message: RETURN_MESSAGES.problem,
    returnId: found.id,
    events: [{ kind: "return_to_admin", returnId: found.id }],
  };
}

/**
 * The refund once the item is back (the seller's check, or the check's time over): everything for
 * a fault, with the label what the seller owes; for a change of mind everything less the label. A
 * serial that does not match stops it: the admin decides instead.
 */
export async function refundReturn(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  returnId: string,
  now = Date.now(),
): Promise<ReturnResult> {
  const [found] = await db
    .select({
      id: returns.id,
      state: returns.state,
      reason: returns.reason,
      paymentId: returns.paymentId,
      labelCostCents: returns.labelCostCents,
      buyerSerial: returns.buyerSerial,
      sellerSerial: returns.sellerSerial,
      listingSerial: products.serialNumber,
      charged: deals.amountCents,
    })
    .from(returns)
    .innerJoin(deals, eq(deals.paymentId, returns.paymentId))
    .innerJoin(bookings, eq(bookings.id, returns.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(returns.id, returnId))
    .limit(1);
  if (!found) return { ok: false, status: 404, message: RETURN_MESSAGES.returnNotFound };
  if (found.state !== "delivered") return notNow;
  if (!serialsMatch(found.listingSerial, found.buyerSerial, found.sellerSerial)) {
    const moved = await move(
      db,
      returnId,
      "delivered",
      { state: "to_admin", toAdminReason: "serial_mismatch", toAdminAt: new Date(now) },
      now,
    );
    return moved
      ? { ok: true, message: RETURN_MESSAGES.problem, returnId, events: [{ kind: "return_to_admin", returnId }] }
      : notNow;
  }
  const label = found.labelCostCents ?? 0;
  const amount = returnRefund(found.reason, found.charged, label);
  const buyerPaysLabel = labelPayer(found.reason) === "buyer" && label > 0;
  // A change of mind whose label eats the whole refund: nothing is taken silently, the admin decides.
  if (amount <= 0) {
    const moved = await move(
      db,
      returnId,
      "delivered",
      { state: "to_admin", toAdminReason: "label_too_dear", toAdminAt: new Date(now) },
      now,
    );
    return moved
      ? { ok: true, message: RETURN_MESSAGES.problem, returnId, events: [{ kind: "return_to_admin", returnId }] }
      : notNow;
  }
  const decision: ClaimDecision =
    amount >= found.charged ? { outcome: "refund_full" } : { outcome: "refund_partial", amountCents: amount };
  const decided = await decideReturnMove(
    db,
    provider,
    settings,
    found.paymentId,
    { from: "delivered", to: "refunded" },
    decision,
    {
      origin: "return_received",
      now,
      success: RETURN_MESSAGES.checked,
      ...(buyerPaysLabel ? { returnLabelCents: label } : {}),
    },
  );
  if (decided.ok && decided.decided && !buyerPaysLabel) await recordSellersLabel(db, returnId, now);
  return asReturnResult(
    decided,
    returnId,
    decided.ok && decided.decided ? [{ kind: "return_refunded", returnId }] : [],
  );
}

/**
 * A fault's return label, once its buyer is refunded: what the seller owes Pay&Buy (ADR 0107),
 * recovered like any debt. Once per return (its reference is unique).
 */
async function recordSellersLabel(db: Database, returnId: string, now: number) {
  const [row] = await db
    .select({
      cents: returns.labelCostCents,
      reason: returns.reason,
      sellerId: returns.sellerId,
      paymentId: returns.paymentId,
      provider: deals.provider,
      currency: deals.currency,
    })
    .from(returns)
    .innerJoin(deals, eq(deals.paymentId, returns.paymentId))
    .where(eq(returns.id, returnId))
    .limit(1);
  if (!row?.cents || !isFault(row.reason)) return;
  await recordEntry(
    db,
    ledgerEntry({
      kind: "return_label",
      amountCents: row.cents,
      currency: row.currency,
      provider: row.provider,
      providerRef: `return_label:${returnId}`,
      sellerId: row.sellerId,
      paymentId: row.paymentId,
      operationId: null,
      createdAt: new Date(now),
    }),
  );
}

/**
 * The admin's decision on a return that reached them: refund all, a part, or release to the
 * seller. A fault's label is the seller's to pay when the buyer gets money back.
 */
export async function decideReturn(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  admin: { id: string },
  returnId: string,
  decision: ClaimDecision,
  note: string | null,
  now = Date.now(),
): Promise<ReturnResult> {
  const [found] = await db
    .select({ state: returns.state, paymentId: returns.paymentId, labelCostCents: returns.labelCostCents })
    .from(returns)
    .where(eq(returns.id, returnId))
    .limit(1);
  if (!found) return { ok: false, status: 404, message: RETURN_MESSAGES.returnNotFound };
  if (found.state !== "to_admin") return notNow;
  const decided = await decideReturnMove(
    db,
    provider,
    settings,
    found.paymentId,
    { from: "to_admin", to: "decided" },
    decision,
    { origin: "return_decision", now, decidedBy: admin.id, note, success: RETURN_MESSAGES.decided },
  );
  if (decided.ok && decided.decided && decision.outcome !== "release") await recordSellersLabel(db, returnId, now);
  return asReturnResult(decided, returnId, []);
}

/** The admin's Claims: the returns an admin decides, oldest first. */
export const RETURNS_TO_DECIDE_LIMIT = 50;

const returnBuyers = alias(users, "return_list_buyers");
const returnSellers = alias(users, "return_list_sellers");

/** A return for someone allowed to see it (its buyer, its seller, an admin), with its photos. */
export async function returnFor(db: Database, viewer: { id: string; role: string | undefined }, bookingId: string) {
  const access = accessTo(viewer as Parameters<typeof accessTo>[0], "read", "booking");
  if (!access) return null;
  const [row] = await returnsQuery(db)
    .where(
      and(
        eq(returns.bookingId, bookingId),
        access === "any" ? undefined : sql`(${returns.buyerId} = ${viewer.id} or ${returns.sellerId} = ${viewer.id})`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return { ...row, photos: await photosOf(db, [row.id]) };
}

/** The returns waiting for the admin, with both sides' words, photos, serials and shutter counts. */
export async function returnsToDecide(db: Database) {
  const rows = await returnsQuery(db)
    .where(eq(returns.state, "to_admin"))
    .orderBy(returns.toAdminAt)
    .limit(RETURNS_TO_DECIDE_LIMIT);
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, photos: photos.filter((photo) => photo.returnId === row.id) }));
}

function returnsQuery(db: Database) {
  return db
    .select({
      id: returns.id,
      bookingId: returns.bookingId,
      buyerId: returns.buyerId,
      sellerId: returns.sellerId,
      reason: returns.reason,
      details: returns.details,
      state: returns.state,
      answerDueAt: returns.answerDueAt,
      answeredAt: returns.answeredAt,
      shippedAt: returns.shippedAt,
      sellerAnswer: returns.sellerAnswer,
      offerCents: returns.offerCents,
      carrier: returns.carrier,
      carrierProvider: returns.carrierProvider,
      trackingNumber: returns.trackingNumber,
      trackingUrl: returns.trackingUrl,
      labelUrl: returns.labelUrl,
      labelCostCents: returns.labelCostCents,
      sendBy: returns.sendBy,
      parcelStatus: returns.parcelStatus,
      deliveredAt: returns.deliveredAt,
      checkDueAt: returns.checkDueAt,
      problem: returns.problem,
      problemDetails: returns.problemDetails,
      toAdminReason: returns.toAdminReason,
      outcome: returns.outcome,
      refundCents: returns.refundCents,
      decisionNote: returns.decisionNote,
      createdAt: returns.createdAt,
      closedAt: returns.closedAt,
      buyerSerial: returns.buyerSerial,
      sellerSerial: returns.sellerSerial,
      buyerShutterCount: returns.buyerShutterCount,
      listingSerial: products.serialNumber,
      listingShutterCount: products.shutterCount,
      productName: products.name,
      // Named apart from the return's own id: a batched read keys its rows by column name.
      productId: sql`${products.id}`.mapWith(products.id).as("return_product_id"),
      amountCents: deals.amountCents,
      buyerName: sql`${returnBuyers.name}`.mapWith(returnBuyers.name).as("return_buyer_name"),
      sellerName: sql`${returnSellers.name}`.mapWith(returnSellers.name).as("return_seller_name"),
    })
    .from(returns)
    .innerJoin(deals, eq(deals.paymentId, returns.paymentId))
    .innerJoin(bookings, eq(bookings.id, returns.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(returnBuyers, eq(returnBuyers.id, returns.buyerId))
    .innerJoin(returnSellers, eq(returnSellers.id, returns.sellerId))
    .$dynamic();
}

export type ReturnView = NonNullable<Awaited<ReturnType<typeof returnFor>>>;

async function photosOf(db: Database, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnId: returnPhotos.returnId,
      side: returnPhotos.side,
      key: returnPhotos.key,
      width: returnPhotos.width,
      height: returnPhotos.height,
    })
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, returnIds))
    .orderBy(returnPhotos.side, returnPhotos.position);
}

/** Whether `viewer` may see the return photo `key` (its deal's buyer, seller, or an admin). */
export async function mayViewReturnPhoto(
  db: Database,
  viewer: { id: string; role: string | undefined },
  key: string,
): Promise<boolean> {
  if (!isReturnPhotoKey(key)) return false;
  const [row] = await db
    .select({ buyerId: returns.buyerId, sellerId: returns.sellerId })
    .from(returnPhotos)
    .innerJoin(returns, eq(returns.id, returnPhotos.returnId))
    .where(eq(returnPhotos.key, key))
    .limit(1);
  if (!row) return false;
  return viewer.role === "admin" || row.buyerId === viewer.id || row.sellerId === viewer.id;
}

/** How the decision ended, for the pages. */
export type ReturnOutcome = ClaimOutcome;

/** The returns whose clocks ran out at `now`, for the scheduled job. */
export async function dueReturns(db: Database, now: number, limit: number) {
  const at = new Date(now);
  const [unanswered, unsent, unchecked] = await db.batch([
    db
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.state, "requested"), lte(returns.answerDueAt, at)))
      .limit(limit),
    db
      .select({ id: returns.id })
      .from(returns)
      .where(
        and(
          eq(returns.state, "accepted"),
          lte(returns.sendBy, at),
          sql`coalesce(${returns.parcelStatus}, 'pre_transit') = 'pre_transit'`,
        ),
      )
      .limit(limit),
    db
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.state, "delivered"), lte(returns.checkDueAt, at)))
      .limit(limit),
  ]);
  return {
    unanswered: unanswered.map((row) => row.id),
    unsent: unsent.map((row) => row.id),
    unchecked: unchecked.map((row) => row.id),
  };
}

/** A return not answered in time goes to the admin. */
export async function sendUnansweredToAdmin(db: Database, returnId: string, now: number): Promise<DomainEvent[]> {
  const moved = await db
    .update(returns)
    .set({
      state: "to_admin",
      toAdminReason: "no_answer",
      toAdminAt: new Date(now),
      updatedAt: new Date(now),
      version: sql`${returns.version} + 1`,
    })
    .where(and(eq(returns.id, returnId), eq(returns.state, "requested"), lte(returns.answerDueAt, new Date(now))))
    .returning({ id: returns.id });
  return moved.length === 1 ? [{ kind: "return_to_admin", returnId }] : [];
}

/**
 * A return not sent in time lapses and the deal goes on: its protection window is moved on by the
 * time the return was open, so the buyer loses none of it.
 */
export async function lapseUnsent(db: Database, returnId: string, now: number): Promise<boolean> {
  const [moved] = await db.batch([
    db
      .update(returns)
      .set({ state: "lapsed", closedAt: new Date(now), updatedAt: new Date(now), version: sql`${returns.version} + 1` })
      .where(and(eq(returns.id, returnId), eq(returns.state, "accepted"), lte(returns.sendBy, new Date(now))))
      .returning({ id: returns.id, paymentId: returns.paymentId }),
    db
      .update(deals)
      .set({
        releaseDueAt: sql`${deals.releaseDueAt} + (${now} - (select ${returns.createdAt} from ${returns} where ${returns.id} = ${returnId}))`,
        version: sql`${deals.version} + 1`,
      })
      .where(
        and(
          eq(deals.paymentId, sql`(select ${returns.paymentId} from ${returns} where ${returns.id} = ${returnId})`),
          eq(deals.state, "held"),
          sql`exists (select 1 from ${returns} where ${returns.id} = ${returnId} and ${returns.state} = 'lapsed'
            and ${returns.closedAt} = ${now})`,
        ),
      ),
  ]);
  return moved.length === 1;
}
