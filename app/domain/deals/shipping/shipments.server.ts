// A shipped booking's parcel (ADR 0086): what it costs (quoted at booking from the listing's
// terms), the buyer's address kept in its shipment, and who may read that address: the buyer,
// and the deal's seller once the deal is paid; nobody after it is erased.
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { isListed } from "#app/domain/catalog/catalog.server";
import { COUNTRY_NAMES } from "#app/domain/catalog/delivery";
import { readsBuyerDetails } from "#app/domain/deals/buyer-details";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { ParcelSize, ShipmentStatus, ShippingCountry } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { intoColumns, qualified } from "#db/insert-select";
import { bookings, dealOperations, deals, products, shipments } from "#db/schema";
import type { ShippingAddress } from "../booking-schema";
import type { FeeRule } from "../fees";
import { labelBudget } from "../settlement/plan";
import { CARRIER_MESSAGES, type Carrier, type ReturnAddressOf, type TrackingEvent } from "./carriers";
import { AUTO_CANCEL_DAYS, SELF_TRACKED_DUE_DAYS, selfTrackedReleaseAt } from "./clock";
import { offlineTrackingUrl } from "./offline-carrier";
import type { TrackingInput } from "./tracking-schema";

const DAY_MS = 86_400_000;

/** A listing's shipping terms as a booking quoted them: the booking is made only if they still hold. */
export interface ShippingTerms {
  productId: string;
  country: ShippingCountry;
  fromPostalCode: string;
  parcel: ParcelSize;
  /** The seller's flat price; null: the carrier's rate. */
  flatCents: number | null;
}

export const SHIPPING_QUOTE_MESSAGES = {
  notShipped: "This listing is handed over in person only: choose a meetup.",
  notFound: "This product is no longer available.",
  notShippedTo: (country: ShippingCountry) => `This listing ships within ${COUNTRY_NAMES[country]} only.`,
} as const;

export type Quote =
  | { ok: true; cents: number; terms: ShippingTerms }
  | { ok: false; status: 404 | 422 | 503; message: string };

/**
 * What shipping this listing to this address costs: the seller's flat price, or the carrier's
 * rate for the parcel from the seller's postal code to the buyer's. Refused for a listing that
 * does not ship, or an address outside the country it ships within.
 */
export async function quoteShipping(
  db: Database,
  carrier: Carrier | null,
  productId: string,
  address: ShippingAddress,
): Promise<Quote> {
  const [listing] = await db
    .select({
      delivery: products.delivery,
      country: products.shipsFromCountry,
      fromPostalCode: products.shipsFromPostalCode,
      parcel: products.parcel,
      flatCents: products.shippingPriceCents,
    })
    .from(products)
    .where(and(eq(products.id, productId), isListed(["available"])))
    .limit(1);
  if (!listing) return { ok: false, status: 404, message: SHIPPING_QUOTE_MESSAGES.notFound };
  if (listing.delivery === "meetup" || !listing.country || !listing.fromPostalCode || !listing.parcel)
    return { ok: false, status: 422, message: SHIPPING_QUOTE_MESSAGES.notShipped };
  if (address.country !== listing.country)
    return { ok: false, status: 422, message: SHIPPING_QUOTE_MESSAGES.notShippedTo(listing.country) };
  const terms: ShippingTerms = {
    productId,
    country: listing.country,
    fromPostalCode: listing.fromPostalCode,
    parcel: listing.parcel,
    flatCents: listing.flatCents,
  };
  if (terms.flatCents !== null) return { ok: true, cents: terms.flatCents, terms };
  if (!carrier) return { ok: false, status: 503, message: CARRIER_MESSAGES.noCarrierRate };
  const rate = await carrier.rate({
    parcel: terms.parcel,
    country: terms.country,
    fromPostalCode: terms.fromPostalCode,
    to: address,
  });
  if (!rate.ok) return { ok: false, status: 503, message: CARRIER_MESSAGES.rateUnavailable };
  return { ok: true, cents: rate.cents, terms };
}

/** The listing still ships on the terms quoted (a seller's edit in between refuses the booking). */
export function sameShippingTerms(terms: ShippingTerms): SQL {
  return sql`${products.delivery} != 'meetup' and ${products.shipsFromCountry} = ${terms.country}
    and ${products.shipsFromPostalCode} = ${terms.fromPostalCode} and ${products.parcel} = ${terms.parcel}
    and ${products.shippingPriceCents} is ${terms.flatCents}`;
}

/** The shipment of a booking just inserted in the same batch (nothing when it was not). */
export function shipmentStatement(db: Database, bookingId: string, address: ShippingAddress, parcel: ParcelSize) {
  return db.insert(shipments).select(
    db
      .select(
        intoColumns(shipments, {
          bookingId: bookings.id,
          recipient: sql`${address.recipient}`,
          line1: sql`${address.line1}`,
          line2: sql`${address.line2}`,
          city: sql`${address.city}`,
          region: sql`${address.region}`,
          postalCode: sql`${address.postalCode}`,
          country: sql`${address.country}`,
          addressErasedAt: sql`null`,
          parcel: sql`${parcel}`,
          status: sql`'awaiting_shipment'`,
          shipBy: sql`null`,
          carrier: sql`null`,
          trackingNumber: sql`null`,
          trackingUrl: sql`null`,
          carrierProvider: sql`null`,
          labelRef: sql`null`,
          labelUrl: sql`null`,
          labelCostCents: sql`null`,
          shippedAt: sql`null`,
          deliveredAt: sql`null`,
          remindedAt: sql`null`,
          releaseRemindedAt: sql`null`,
          lastEventAt: sql`null`,
          version: sql`0`,
          createdAt: bookings.createdAt,
          updatedAt: sql`null`,
        }),
      )
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.delivery, "ship"))),
  );
}

export const SHIPMENT_MESSAGES = {
  notFound: "There is no such shipment.",
  sent: "Tracking saved: the buyer can follow the parcel.",
  notAwaiting: "This parcel is already on its way: its tracking is set.",
  notPaid: "This parcel is sent once the buyer has paid.",
  notHeld: "This deal is settled: there is nothing to send.",
  trackingTaken: "This tracking number is already another parcel's.",
  notOffline: "Test mode's carrier control moves only the test carrier's own parcels, and only in test mode.",
  nothingToAdvance: "This parcel is not on its way: there is nothing to move on.",
  advanced: "The test carrier moved the parcel on.",
} as const;

type Viewer = { id: string; role: string | undefined };

/**
 * A shipped booking's parcel for someone allowed to see it: its buyer, its seller, or an admin;
 * anyone else gets null. The address is given to the buyer, to the admin, and to the seller only
 * once the deal is paid (ADR 0086); after it is erased, to nobody.
 */
export async function findShipmentFor(db: Database, viewer: Viewer, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
      country: shipments.country,
      addressErasedAt: shipments.addressErasedAt,
      parcel: shipments.parcel,
      shipBy: shipments.shipBy,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
      carrierProvider: shipments.carrierProvider,
      labelUrl: shipments.labelUrl,
      labelCostCents: shipments.labelCostCents,
      shippedAt: shipments.shippedAt,
      deliveredAt: shipments.deliveredAt,
      lastEventAt: shipments.lastEventAt,
      buyerId: bookings.buyerId,
      sellerId: products.sellerId,
      // Aliased: a batched read keys rows by column name, and shipments.status collides.
      bookingStatus: sql`${bookings.status}`.mapWith(bookings.status).as("booking_status"),
      productId: products.id,
      productName: products.name,
      shippingCents: bookings.shippingCents,
      buyerContact: bookings.buyerContact,
      fromPostalCode: products.shipsFromPostalCode,
    })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(shipments.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  const isBuyer = row.buyerId === viewer.id;
  const isSeller = row.sellerId === viewer.id;
  const isAdmin = viewer.role === "admin";
  if (!isBuyer && !isSeller && !isAdmin) return null;
  const viewerSide = isSeller ? ("seller" as const) : isBuyer ? ("buyer" as const) : ("admin" as const);
  const showsAddress = row.addressErasedAt === null && readsBuyerDetails(viewerSide, row.bookingStatus);
  const { recipient, line1, line2, city, region, postalCode, buyerContact, fromPostalCode, ...rest } = row;
  return {
    ...rest,
    viewer: viewerSide,
    address: showsAddress ? { recipient, line1, line2, city, region, postalCode, country: row.country } : null,
    // The carrier calls the number on the parcel: the seller reads it with the address.
    buyerContact: showsAddress ? buyerContact : null,
    // Where it leaves from: the seller's own (never the buyer's to read).
    fromPostalCode: isSeller || isAdmin ? fromPostalCode : null,
    // An offline parcel is followed on this deal's page, whatever URL an older label stored.
    trackingUrl:
      row.carrierProvider === "offline" && row.trackingUrl !== null
        ? offlineTrackingUrl(row.bookingId)
        : row.trackingUrl,
  };
}

export type ShipmentView = NonNullable<Awaited<ReturnType<typeof findShipmentFor>>>;

export type ShipmentResult =
  | { ok: true; message: string; events: DomainEvent[] }
  | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * The seller sends the parcel themselves and types its carrier and tracking number: the parcel is
 * on its way. Only the deal's seller, only for a paid deal still held, only once (compare-and-set
 * on the shipment's status and version in the same statement). Pay&Buy hears nothing of that
 * carrier, so the deal's money is due SELF_TRACKED_DUE_DAYS plus the protection days after
 * sending (ADR 0092), set in the same batch.
 */
export async function enterTracking(
  db: Database,
  seller: Viewer,
  bookingId: string,
  input: TrackingInput,
  protectionDays: number,
  now = Date.now(),
): Promise<ShipmentResult> {
  const own = sql`exists (select 1 from ${bookings} join ${products} on ${products.id} = ${bookings.productId}
    where ${bookings.id} = ${shipments.bookingId} and ${products.sellerId} = ${seller.id})`;
  const payable = sql`exists (select 1 from ${deals} where ${deals.bookingId} = ${shipments.bookingId} and ${deals.state} = 'held')`;
  try {
    const [updated] = await db.batch([
      db
        .update(shipments)
        .set({
          status: "in_transit",
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          shippedAt: new Date(now),
          updatedAt: new Date(now),
          version: sql`${shipments.version} + 1`,
        })
        .where(
          and(
            eq(shipments.bookingId, bookingId),
            eq(shipments.status, "awaiting_shipment"),
            // A label being bought is the parcel's tracking already.
            isNull(shipments.labelRef),
            own,
            payable,
          ),
        )
        .returning({ bookingId: shipments.bookingId }),
      // Only the sending this batch wrote (its instant, its own tracking, no label).
      db
        .update(deals)
        .set({ releaseDueAt: new Date(selfTrackedReleaseAt(now, protectionDays)) })
        .where(
          and(
            eq(deals.bookingId, bookingId),
            eq(deals.state, "held"),
            sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${bookingId}
              and ${shipments.status} = 'in_transit' and ${shipments.labelRef} is null
              and ${shipments.shippedAt} = ${now} and ${shipments.trackingNumber} = ${input.trackingNumber})`,
          ),
        ),
    ]);
    if (updated.length === 1)
      return { ok: true, message: SHIPMENT_MESSAGES.sent, events: [{ kind: "parcel_sent", bookingId }] };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.trackingTaken };
  }
  const shipment = await findShipmentFor(db, seller, bookingId);
  if (shipment?.viewer !== "seller") return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.bookingStatus !== "paid") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notPaid };
  if (shipment.status !== "awaiting_shipment")
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notAwaiting };
  return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notHeld };
}

/** Where each carrier state may lead: a parcel never goes back, and a delivered one stays delivered. */
const NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  awaiting_shipment: ["pre_transit", "in_transit", "delivered", "returned", "failure"],
  pre_transit: ["in_transit", "delivered", "returned", "failure"],
  in_transit: ["in_transit", "delivered", "returned", "failure"],
  delivered: [],
  returned: [],
  failure: ["in_transit", "delivered", "returned"],
  cancelled: [],
};

export type TrackingOutcome = "applied" | "ignored_older" | "ignored_final" | "unknown_parcel";

/**
 * A carrier's event about a parcel, applied once and in order: an event no newer than the last
 * one applied, or one that would move the parcel back, changes nothing (carriers resend and
 * reorder). Delivered starts the buyer's protection window (`protectionDays` from delivery), in
 * the same batch, for a deal still held.
 */
export async function applyTrackingEvent(
  db: Database,
  event: TrackingEvent,
  protectionDays: number,
): Promise<TrackingOutcome> {
  const [shipment] = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      version: shipments.version,
      lastEventAt: shipments.lastEventAt,
    })
    .from(shipments)
    .where(and(eq(shipments.carrier, event.carrier), eq(shipments.trackingNumber, event.trackingNumber)))
    .limit(1);
  if (!shipment) return "unknown_parcel";
  if (shipment.lastEventAt && shipment.lastEventAt.getTime() >= event.at.getTime()) return "ignored_older";
  if (!NEXT[shipment.status].includes(event.status)) return "ignored_final";
  const delivered = event.status === "delivered";
  const [moved] = await db.batch([
    db
      .update(shipments)
      .set({
        status: event.status,
        lastEventAt: event.at,
        updatedAt: new Date(),
        version: sql`${shipments.version} + 1`,
        ...(delivered ? { deliveredAt: event.at } : {}),
      })
      .where(and(eq(shipments.bookingId, shipment.bookingId), eq(shipments.version, shipment.version)))
      .returning({ bookingId: shipments.bookingId }),
    db
      .update(deals)
      .set({ releaseDueAt: new Date(event.at.getTime() + protectionDays * DAY_MS) })
      .where(
        and(
          eq(deals.bookingId, shipment.bookingId),
          eq(deals.state, "held"),
          sql`${delivered ? 1 : 0} = 1`,
          sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${shipment.bookingId}
            and ${shipments.version} = ${shipment.version + 1} and ${shipments.status} = 'delivered')`,
        ),
      ),
  ]);
  // Another event was applied meanwhile: read again and decide on what it left.
  if (moved.length === 0) return applyTrackingEvent(db, event, protectionDays);
  return "applied";
}

/** What the offline carrier's parcel does next: sent parcels travel, travelling parcels arrive. */
const OFFLINE_NEXT: Partial<Record<ShipmentStatus, TrackingEvent["status"]>> = {
  pre_transit: "in_transit",
  in_transit: "delivered",
  failure: "delivered",
};

/**
 * Whether test mode's carrier control may move this parcel (ADR 0091): only with the offline
 * carrier in use (the product in test mode as a whole), and only a parcel whose label the offline
 * carrier made; never a parcel the seller tracks themselves, whose carrier says nothing to us.
 */
export function offlineControlMoves(carrier: Carrier | null, shipment: Pick<ShipmentView, "carrierProvider">) {
  return carrier?.name === "offline" && shipment.carrierProvider === "offline";
}

/**
 * The offline carrier's labelled test control: the parcel moves to its next state, as the real
 * carrier's webhook would say. Only with the offline carrier in use, only for a parcel it
 * labelled, only for the deal's buyer, seller or an admin.
 */
export async function advanceOfflineParcel(
  db: Database,
  carrier: Carrier | null,
  viewer: Viewer,
  bookingId: string,
  protectionDays: number,
  now = Date.now(),
): Promise<ShipmentResult> {
  if (carrier?.name !== "offline") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notOffline };
  const shipment = await findShipmentFor(db, viewer, bookingId);
  if (!shipment) return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.status === "awaiting_shipment" && !shipment.carrierProvider)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  if (!offlineControlMoves(carrier, shipment)) return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notOffline };
  const next = OFFLINE_NEXT[shipment.status];
  if (!next || !shipment.carrier || !shipment.trackingNumber)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  const outcome = await applyTrackingEvent(
    db,
    {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      status: next,
      at: new Date(now),
      detail: "Test carrier",
    },
    protectionDays,
  );
  if (outcome !== "applied") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  const events: DomainEvent[] = next === "delivered" ? [{ kind: "parcel_delivered", bookingId }] : [];
  return { ok: true, message: SHIPMENT_MESSAGES.advanced, events };
}

/** How long a settled deal keeps the buyer's address: long enough for a claim and its decision. */
export const ADDRESS_KEPT_DAYS = 30;

/**
 * The addresses the scheduled job erases (ADR 0086): of bookings that ended unpaid, and of deals
 * settled (released or refunded) ADDRESS_KEPT_DAYS ago; at most `limit` a run, oldest first.
 */
export function eraseAddressesStatement(db: Database, now: number, limit: number) {
  const keptUntil = now - ADDRESS_KEPT_DAYS * DAY_MS;
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .leftJoin(deals, eq(deals.bookingId, shipments.bookingId))
    .where(
      and(
        isNull(shipments.addressErasedAt),
        or(
          eq(bookings.status, "cancelled"),
          and(
            inArray(deals.state, ["released", "refunded"]),
            sql`coalesce(${deals.refundedAt}, ${deals.releasedAt}) <= ${keptUntil}`,
          ),
        ),
      ),
    )
    .limit(limit);
  return db
    .update(shipments)
    .set({
      recipient: null,
      line1: null,
      line2: null,
      city: null,
      region: null,
      postalCode: null,
      addressErasedAt: new Date(now),
    })
    .where(inArray(shipments.bookingId, due));
}

/** Parcels still unsent AUTO_CANCEL_DAYS after their ship-by date: the job cancels their deals. */
export async function dueUnshipped(db: Database, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .where(
      and(eq(shipments.status, "awaiting_shipment"), lte(shipments.shipBy, new Date(now - AUTO_CANCEL_DAYS * DAY_MS))),
    )
    .orderBy(asc(shipments.shipBy))
    .limit(limit);
  return rows.map((row) => row.bookingId);
}

/**
 * The day before its ship-by date, a paid parcel's seller is reminded once to send it: marked in
 * the statement that picks it, so two runs never remind twice.
 */
export async function remindToShip(db: Database, now: number, limit: number): Promise<DomainEvent[]> {
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .where(
      and(
        eq(shipments.status, "awaiting_shipment"),
        isNull(shipments.remindedAt),
        gt(shipments.shipBy, new Date(now)),
        lte(shipments.shipBy, new Date(now + DAY_MS)),
      ),
    )
    .limit(limit);
  const reminded = await db
    .update(shipments)
    .set({ remindedAt: new Date(now) })
    .where(and(inArray(shipments.bookingId, due), isNull(shipments.remindedAt)))
    .returning({ bookingId: shipments.bookingId });
  return reminded.map(({ bookingId }) => ({ kind: "ship_reminder" as const, bookingId }));
}

/**
 * A parcel its seller tracks themselves, SELF_TRACKED_DUE_DAYS after it was sent and still held
 * (ADR 0092): its buyer is told, once, that the protection window has started without a delivery
 * seen, and until when they may report a problem. Marked in the statement that picks it.
 */
export async function remindSelfTrackedDue(db: Database, now: number, limit: number): Promise<DomainEvent[]> {
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .innerJoin(deals, eq(deals.bookingId, shipments.bookingId))
    .where(
      and(
        selfTracked(),
        isNull(shipments.releaseRemindedAt),
        lte(shipments.shippedAt, new Date(now - SELF_TRACKED_DUE_DAYS * DAY_MS)),
        eq(deals.state, "held"),
      ),
    )
    .limit(limit);
  const reminded = await db
    .update(shipments)
    .set({ releaseRemindedAt: new Date(now) })
    .where(and(inArray(shipments.bookingId, due), isNull(shipments.releaseRemindedAt)))
    .returning({ bookingId: shipments.bookingId });
  return reminded.map(({ bookingId }) => ({ kind: "parcel_release_due" as const, bookingId }));
}

/** A parcel on its way with its seller's own tracking: no label of ours, so no carrier tells us of it. */
export function selfTracked(): SQL {
  return sql`(${shipments.status} = 'in_transit' and ${shipments.labelRef} is null)`;
}

export const LABEL_MESSAGES = {
  bought: "Label bought: print it, stick it on the parcel and hand it to the carrier.",
  inProgress: "A label for this parcel is being bought: look again in a minute.",
  tooDear: (labelCents: number, budgetCents: number) =>
    `This label costs ${formatMoney(labelCents)}, more than this sale can pay for it (${formatMoney(budgetCents)} after the fee): send the parcel yourself and enter its tracking.`,
} as const;

/** What a deal has given back so far (a refund at the provider may leave a held deal held). */
const refundedSoFar = sql<number>`(select coalesce(sum(${dealOperations.amountCents}), 0) from ${dealOperations}
  where ${dealOperations.paymentId} = ${deals.paymentId} and ${dealOperations.kind} = 'refund')`;

/**
 * What a label for this deal may cost (the settlement plan's `labelBudget`), and the refunds it
 * was read with: a label is bought only while they are still the same (`buyLabel`).
 */
async function labelBudgetOf(db: Database, bookingId: string, rule: FeeRule) {
  const [row] = await db
    .select({
      charged: deals.amountCents,
      shipping: deals.shippingCents,
      // A single-table SELECT: the correlated subquery keeps its tables' names (qualified).
      refunded: sql<number>`${qualified(refundedSoFar)}`.mapWith(Number).as("label_refunded"),
    })
    .from(deals)
    .where(eq(deals.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  return { budgetCents: labelBudget(row, rule), refundedCents: row.refunded };
}

/** The seller's address the carrier prints as the sender's (passed on, never stored). */
export type ReturnAddress = ReturnAddressOf;

/** The parcel as its carrier needs it: from the listing's postal code to the buyer's address. */
async function parcelRoute(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      parcel: shipments.parcel,
      country: shipments.country,
      fromPostalCode: products.shipsFromPostalCode,
      shippingCents: bookings.shippingCents,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
    })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(shipments.bookingId, bookingId))
    .limit(1);
  if (!row?.fromPostalCode || !row.postalCode || !row.recipient || !row.line1 || !row.city || !row.region) return null;
  return {
    shippingCents: row.shippingCents,
    route: {
      parcel: row.parcel,
      country: row.country,
      fromPostalCode: row.fromPostalCode,
      to: {
        recipient: row.recipient,
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        region: row.region,
        postalCode: row.postalCode,
        country: row.country,
      },
    },
  };
}

/**
 * What a label through Pay&Buy costs now, beside the shipping the buyer paid: shown to the seller
 * before they buy (the difference is theirs, either way). Null when nothing can be bought. Reads
 * nothing more than the shipment as its seller sees it.
 */
export async function quoteLabel(db: Database, carrier: Carrier | null, shipment: ShipmentView, rule: FeeRule) {
  const postalCode = shipment.address?.postalCode;
  if (!carrier || !postalCode || !shipment.fromPostalCode) return null;
  const [rate, budget] = await Promise.all([
    carrier.rate({
      parcel: shipment.parcel,
      country: shipment.country,
      fromPostalCode: shipment.fromPostalCode,
      to: { postalCode },
    }),
    labelBudgetOf(db, shipment.bookingId, rule),
  ]);
  if (!rate.ok || !budget) return null;
  const affordable = rate.cents <= budget.budgetCents;
  return {
    labelCents: rate.cents,
    shippingCents: shipment.shippingCents,
    /** The most the sale can pay for a label; a dearer one is not sold. */
    budgetCents: budget.budgetCents,
    affordable,
    refusal: affordable ? null : LABEL_MESSAGES.tooDear(rate.cents, budget.budgetCents),
  };
}

/**
 * The seller buys the parcel's label through Pay&Buy (ADR 0086). The shipment is claimed first
 * (a pending label, in the statement that checks the parcel is unsent, the deal held and the
 * seller its own), so the label is bought once and no cancellation passes it; then the carrier
 * sells it, and the shipment takes its tracking. A carrier that refuses leaves the parcel as it
 * was. The label's cost is paid by the deal at release.
 */
export async function buyLabel(
  db: Database,
  carrier: Carrier | null,
  seller: Viewer,
  bookingId: string,
  from: ReturnAddress,
  rule: FeeRule,
  now = Date.now(),
): Promise<ShipmentResult> {
  if (!carrier) return { ok: false, status: 409, message: CARRIER_MESSAGES.noCarrier };
  const [parcel, shipment, budget] = await Promise.all([
    parcelRoute(db, bookingId),
    findShipmentFor(db, seller, bookingId),
    labelBudgetOf(db, bookingId, rule),
  ]);
  if (!parcel || shipment?.viewer !== "seller") return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.bookingStatus !== "paid" || !budget)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notPaid };
  const quote = await carrier.rate(parcel.route);
  if (!quote.ok) return { ok: false, status: 409, message: CARRIER_MESSAGES.labelUnavailable };
  // A label the sale cannot pay is never bought (the platform would pay the rest).
  if (quote.cents > budget.budgetCents)
    return { ok: false, status: 409, message: LABEL_MESSAGES.tooDear(quote.cents, budget.budgetCents) };
  const pending = `pending:${crypto.randomUUID()}`;
  const claimed = await db
    .update(shipments)
    .set({
      carrierProvider: carrier.name,
      labelRef: pending,
      labelCostCents: quote.cents,
      updatedAt: new Date(now),
      version: sql`${shipments.version} + 1`,
    })
    .where(
      and(
        eq(shipments.bookingId, bookingId),
        eq(shipments.status, "awaiting_shipment"),
        isNull(shipments.labelRef),
        // Still held, and refunded no further than when the budget was read.
        sql`exists (select 1 from ${deals} where ${deals.bookingId} = ${shipments.bookingId} and ${deals.state} = 'held'
          and ${refundedSoFar} = ${budget.refundedCents})`,
      ),
    )
    .returning({ bookingId: shipments.bookingId });
  if (claimed.length !== 1) {
    const again = await findShipmentFor(db, seller, bookingId);
    if (again?.status === "awaiting_shipment" && again.carrierProvider)
      return { ok: false, status: 409, message: LABEL_MESSAGES.inProgress };
    return {
      ok: false,
      status: 409,
      message: again?.status === "awaiting_shipment" ? SHIPMENT_MESSAGES.notHeld : SHIPMENT_MESSAGES.notAwaiting,
    };
  }
  const bought = await carrier
    .buyLabel({ ...parcel.route, from, reference: bookingId })
    .catch(() => ({ ok: false as const, message: CARRIER_MESSAGES.labelUnavailable }));
  if (!bought.ok) {
    await releaseLabelClaim(db, bookingId, pending);
    return { ok: false, status: 409, message: bought.message };
  }
  const { label } = bought;
  await db
    .update(shipments)
    .set({
      status: "pre_transit",
      labelRef: label.labelRef,
      labelUrl: label.labelUrl,
      labelCostCents: label.costCents,
      carrier: label.carrier,
      trackingNumber: label.trackingNumber,
      trackingUrl: label.trackingUrl,
      shippedAt: new Date(now),
      updatedAt: new Date(now),
      version: sql`${shipments.version} + 1`,
    })
    .where(and(eq(shipments.bookingId, bookingId), eq(shipments.labelRef, pending)));
  return { ok: true, message: LABEL_MESSAGES.bought, events: [{ kind: "parcel_sent", bookingId }] };
}

function releaseLabelClaim(db: Database, bookingId: string, pending: string) {
  return db
    .update(shipments)
    .set({ carrierProvider: null, labelRef: null, labelCostCents: null, version: sql`${shipments.version} + 1` })
    .where(and(eq(shipments.bookingId, bookingId), eq(shipments.labelRef, pending)));
}

/** A label claim older than this is a purchase that never finished: the job lets it go. */
export const STALE_LABEL_CLAIM_MS = 15 * 60 * 1000;

/** The scheduled job's clean-up of label purchases that never finished (the Worker stopped mid-way). */
export function releaseStaleLabelClaimsStatement(db: Database, now: number) {
  return db
    .update(shipments)
    .set({ carrierProvider: null, labelRef: null, labelCostCents: null, version: sql`${shipments.version} + 1` })
    .where(
      and(
        sql`${shipments.labelRef} like 'pending:%'`,
        eq(shipments.status, "awaiting_shipment"),
        lte(shipments.updatedAt, new Date(now - STALE_LABEL_CLAIM_MS)),
      ),
    );
}

/** How long the offline carrier's parcels take: picked up a day after the label, delivered two later. */
export const OFFLINE_PICKUP_MS = DAY_MS;
export const OFFLINE_TRANSIT_MS = 2 * DAY_MS;

/**
 * The offline carrier's scheduled step (ADR 0086): its labelled parcels move on as a real
 * carrier's would, picked up a day after the label was bought and delivered two days later,
 * each through `applyTrackingEvent` like a real carrier's event.
 */
export async function advanceOfflineParcels(
  db: Database,
  now: number,
  protectionDays: number,
  limit: number,
): Promise<DomainEvent[]> {
  const due = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.carrierProvider, "offline"),
        or(
          and(eq(shipments.status, "pre_transit"), lte(shipments.shippedAt, new Date(now - OFFLINE_PICKUP_MS))),
          and(
            eq(shipments.status, "in_transit"),
            lte(shipments.shippedAt, new Date(now - OFFLINE_PICKUP_MS - OFFLINE_TRANSIT_MS)),
          ),
        ),
      ),
    )
    .limit(limit);
  const events: DomainEvent[] = [];
  for (const parcel of due) {
    if (!parcel.carrier || !parcel.trackingNumber) continue;
    const next = parcel.status === "pre_transit" ? "in_transit" : "delivered";
    const outcome = await applyTrackingEvent(
      db,
      { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, status: next, at: new Date(now), detail: "" },
      protectionDays,
    );
    if (outcome === "applied" && next === "delivered")
      events.push({ kind: "parcel_delivered", bookingId: parcel.bookingId });
  }
  return events;
}

/**
 * A tracking event the real carrier pushed (ADR 0086) for a parcel whose label was bought through
 * it: found by its tracking number, applied once and in order like any carrier event. The outcome
 * and, for a delivery, the letters' event.
 */
export async function receiveCarrierEvent(
  db: Database,
  provider: "shippo",
  event: Omit<TrackingEvent, "carrier">,
  protectionDays: number,
): Promise<{ outcome: TrackingOutcome; events: DomainEvent[] }> {
  const [parcel] = await db
    .select({ bookingId: shipments.bookingId, carrier: shipments.carrier })
    .from(shipments)
    .where(and(eq(shipments.carrierProvider, provider), eq(shipments.trackingNumber, event.trackingNumber)))
    .limit(1);
  if (!parcel?.carrier) return { outcome: "unknown_parcel", events: [] };
  const outcome = await applyTrackingEvent(db, { ...event, carrier: parcel.carrier }, protectionDays);
  const events: DomainEvent[] =
    outcome === "applied" && event.status === "delivered"
      ? [{ kind: "parcel_delivered", bookingId: parcel.bookingId }]
      : [];
  return { outcome, events };
}
