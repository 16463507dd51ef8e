// The stolen-gear register (ADR 0056). Anyone signed in registers a serial as stolen; a listing
// whose serial matches is held out of the storefront for the admin, who clears the hold or
// removes the listing. Nothing here tells a reporter or a seller whether a serial is registered:
// a registration answers the same whether it matched or not (and costs the same statements), a
// seller whose listing is held reads only "held for review", and both are rate limited.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { endActiveBookingsStatements } from "#app/domain/catalog/availability.server";
import { holdRegistrationStatements } from "#app/domain/catalog/serial-holds.server";
import { OTHER } from "#app/domain/gear/brands";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { products, serialMatches, stolenSerials, users } from "#db/schema";
import type { StolenSerial } from "./stolen-schema";

/** How many serials one account may register in a day. */
export const REGISTRATIONS_PER_DAY = 10;
const DAY_MS = 86_400_000;

export const STOLEN_MESSAGES = {
  // The same words whether or not the serial matched a listing.
  registered:
    "Thank you: the serial is registered as stolen. Any listing on Pay&Buy with it is held for review by our team.",
  tooMany: `You have registered ${REGISTRATIONS_PER_DAY} serials today, the most a day. Please try again tomorrow.`,
  withdrawn: "Your registration is withdrawn.",
  notYours: "There is no such registration among yours.",
  cleared: "The hold is cleared: the listing is back on the storefront.",
  removed: "The listing has been removed from the storefront.",
  deleted: "The registration is deleted.",
  noHold: "There is no such listing held for review.",
  noRegistration: "There is no such registration.",
} as const;

export type RegisterResult = { ok: true; message: string } | { ok: false; status: 429; message: string };

/**
 * Registers a serial as stolen, in one batch: the registration (only while the reporter is under
 * the day's limit; a repeat of a live registration of theirs adds nothing), then the matching
 * listings held and their unpaid bookings ended. The answer is the same whether or not anything
 * matched.
 */
export async function registerStolenSerial(
  db: Database,
  reporter: Pick<SessionUser, "id">,
  input: StolenSerial,
  now = Date.now(),
): Promise<RegisterResult> {
  const id = crypto.randomUUID();
  const underLimit = sql`(select count(*) from ${stolenSerials} where ${stolenSerials.reporterId} = ${reporter.id}
    and ${stolenSerials.createdAt} > ${now - DAY_MS}) < ${REGISTRATIONS_PER_DAY}`;
  const [inserted] = await db.batch([
    db
      .insert(stolenSerials)
      .select(
        db
          .select(
            intoColumns(stolenSerials, {
              id: sql`${id}`,
              reporterId: sql`${reporter.id}`,
              brand: sql`${input.brand}`,
              brandOther: input.brand === OTHER ? sql`${input.brandName}` : sql`null`,
              serial: sql`${input.serialNumber}`,
              stolenOn: sql`${input.stolenOn}`,
              policeReference: input.policeReference ? sql`${input.policeReference}` : sql`null`,
              note: input.note ? sql`${input.note}` : sql`null`,
              createdAt: sql`${now}`,
              withdrawnAt: sql`null`,
              deletedAt: sql`null`,
              deletedBy: sql`null`,
            }),
          )
          .from(sql`(select 1)`)
          .where(underLimit),
      )
      .onConflictDoNothing(),
    ...holdRegistrationStatements(db, id, now),
  ]);
  if ((inserted as D1Result).meta.changes > 0) return { ok: true, message: STOLEN_MESSAGES.registered };
  // Not written: a repeat of the reporter's own live registration (answered as the first), or the limit.
  const [own] = await db
    .select({ id: stolenSerials.id })
    .from(stolenSerials)
    .where(
      and(
        eq(stolenSerials.reporterId, reporter.id),
        eq(stolenSerials.brand, input.brand),
        eq(stolenSerials.serial, input.serialNumber),
        isNull(stolenSerials.withdrawnAt),
        isNull(stolenSerials.deletedAt),
      ),
    )
    .limit(1);
  if (own) return { ok: true, message: STOLEN_MESSAGES.registered };
  return { ok: false, status: 429, message: STOLEN_MESSAGES.tooMany };
}

export type ChangeResult =
  | { ok: true; message: string; events: DomainEvent[] }
  | { ok: false; status: 404; message: string };

/** The reporter withdraws a registration of theirs (found again, registered by mistake). A hold it caused stays for the admin. */
export async function withdrawStolenSerial(
  db: Database,
  reporter: Pick<SessionUser, "id">,
  id: string,
): Promise<ChangeResult> {
  const rows = await db
    .update(stolenSerials)
    .set({ withdrawnAt: new Date() })
    .where(
      and(
        eq(stolenSerials.id, id),
        eq(stolenSerials.reporterId, reporter.id),
        isNull(stolenSerials.withdrawnAt),
        isNull(stolenSerials.deletedAt),
      ),
    )
    .returning({ id: stolenSerials.id });
  if (rows.length === 0) return { ok: false, status: 404, message: STOLEN_MESSAGES.notYours };
  return { ok: true, message: STOLEN_MESSAGES.withdrawn, events: [] };
}

const registrationFields = {
  id: stolenSerials.id,
  brand: stolenSerials.brand,
  brandOther: stolenSerials.brandOther,
  serial: stolenSerials.serial,
  stolenOn: stolenSerials.stolenOn,
  policeReference: stolenSerials.policeReference,
  note: stolenSerials.note,
  createdAt: stolenSerials.createdAt,
  withdrawnAt: stolenSerials.withdrawnAt,
};

/**
 * A page of the reporter's registrations (newest first). No word of any match. The rows and their
 * count start together: one D1 batch (ADR 0069).
 */
export async function listMyStolenSerials(db: Database, reporterId: string, page: number) {
  const mine = and(eq(stolenSerials.reporterId, reporterId), isNull(stolenSerials.deletedAt));
  return listPage(
    db
      .select(registrationFields)
      .from(stolenSerials)
      .where(mine)
      .orderBy(desc(stolenSerials.createdAt), desc(stolenSerials.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(stolenSerials).where(mine),
    page,
  );
}

export type MyStolenSerial = Awaited<ReturnType<typeof listMyStolenSerials>>["rows"][number];

/** A column under its own name in the result, mapped as the column. */
function named<T extends SQLiteColumn>(column: T, name: string) {
  return sql<T["_"]["data"] | (T["_"]["notNull"] extends true ? never : null)>`${column}`.mapWith(column).as(name);
}

const seller = alias(users, "hold_seller");
const reporterOf = alias(users, "hold_reporter");

/**
 * The admin's review, a page at a time: every open match, oldest first, with both sides (the
 * listing and its seller, the registration and its reporter). The rows and their count start
 * together: one D1 batch (ADR 0069).
 */
export async function listSerialHolds(db: Database, page: number) {
  const open = isNull(serialMatches.resolvedAt);
  return listPage(
    db
      .select({
        // Every column aliased: in a D1 batch rows are keyed by column name, and the two tables
        // share several (id, brand, created_at).
        productId: named(products.id, "product_id"),
        productName: named(products.name, "product_name"),
        status: named(products.status, "product_status"),
        photoKey: named(products.photoKey, "photo_key"),
        listingBrand: named(products.brand, "listing_brand"),
        listingBrandOther: named(products.brandOther, "listing_brand_other"),
        listingModel: named(products.model, "listing_model"),
        listingModelOther: named(products.modelOther, "listing_model_other"),
        listingSerial: named(products.serialNumber, "listing_serial"),
        listedAt: named(products.createdAt, "listed_at"),
        deletedAt: named(products.deletedAt, "listing_deleted_at"),
        sellerName: sql<string>`${seller.name}`.as("seller_name"),
        sellerEmail: sql<string>`${seller.email}`.as("seller_email"),
        matchedAt: named(serialMatches.matchedAt, "matched_at"),
        registrationId: named(stolenSerials.id, "registration_id"),
        registeredBrand: named(stolenSerials.brand, "registered_brand"),
        registeredBrandOther: named(stolenSerials.brandOther, "registered_brand_other"),
        registeredSerial: named(stolenSerials.serial, "registered_serial"),
        stolenOn: named(stolenSerials.stolenOn, "stolen_on"),
        policeReference: named(stolenSerials.policeReference, "police_reference"),
        note: named(stolenSerials.note, "note"),
        registeredAt: named(stolenSerials.createdAt, "registered_at"),
        withdrawnAt: named(stolenSerials.withdrawnAt, "withdrawn_at"),
        reporterName: sql<string>`${reporterOf.name}`.as("reporter_name"),
        reporterEmail: sql<string>`${reporterOf.email}`.as("reporter_email"),
      })
      .from(serialMatches)
      .innerJoin(products, eq(products.id, serialMatches.productId))
      .innerJoin(seller, eq(seller.id, products.sellerId))
      .innerJoin(stolenSerials, eq(stolenSerials.id, serialMatches.stolenSerialId))
      .innerJoin(reporterOf, eq(reporterOf.id, stolenSerials.reporterId))
      .where(open)
      .orderBy(serialMatches.matchedAt, serialMatches.productId, serialMatches.stolenSerialId)
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(serialMatches).where(open),
    page,
  );
}

export type SerialHold = Awaited<ReturnType<typeof listSerialHolds>>["rows"][number];

/** A listing's open matches, resolved by the admin. */
function resolveStatement(
  db: Database,
  admin: Pick<SessionUser, "id">,
  productId: string,
  resolution: "cleared" | "removed",
  now: number,
) {
  return db
    .update(serialMatches)
    .set({ resolvedAt: new Date(now), resolvedBy: admin.id, resolution })
    .where(and(eq(serialMatches.productId, productId), isNull(serialMatches.resolvedAt)))
    .returning({ productId: serialMatches.productId });
}

/** Listings no longer held by any open match are released (back on the storefront if nothing else keeps them off). */
function releaseStatement(db: Database, productIds: ReturnType<typeof sql>, now: number) {
  return db
    .update(products)
    .set({ heldAt: null, updatedAt: new Date(now) })
    .where(
      and(
        sql`${products.id} in ${productIds}`,
        sql`${products.heldAt} is not null`,
        sql`not exists (select 1 from ${serialMatches} where ${serialMatches.productId} = ${products.id} and ${serialMatches.resolvedAt} is null)`,
      ),
    );
}

/** The admin clears a listing's hold: not the stolen item. Its matches are resolved, so they do not hold it again. */
export async function clearSerialHold(
  db: Database,
  admin: Pick<SessionUser, "id">,
  productId: string,
): Promise<ChangeResult> {
  const now = Date.now();
  const [resolved] = await db.batch([
    resolveStatement(db, admin, productId, "cleared", now),
    releaseStatement(db, sql`(${productId})`, now),
  ]);
  if (resolved.length === 0) return { ok: false, status: 404, message: STOLEN_MESSAGES.noHold };
  return { ok: true, message: STOLEN_MESSAGES.cleared, events: [] };
}

/** The admin removes a held listing (as a reported one is removed): its seller is told it was removed. */
export async function removeHeldListing(
  db: Database,
  admin: Pick<SessionUser, "id">,
  productId: string,
): Promise<ChangeResult> {
  const now = Date.now();
  const [resolved, removed] = await db.batch([
    resolveStatement(db, admin, productId, "removed", now),
    db
      .update(products)
      .set({ removedAt: new Date(now), updatedAt: new Date(now) })
      .where(
        and(
          eq(products.id, productId),
          isNull(products.removedAt),
          sql`exists (select 1 from ${serialMatches} where ${serialMatches.productId} = ${productId}
            and ${serialMatches.resolution} = 'removed' and ${serialMatches.resolvedAt} = ${now})`,
        ),
      )
      .returning({ id: products.id }),
    // A hold ended its unpaid booking already; this ends one only of the listing removed here.
    ...endActiveBookingsStatements(
      db,
      {
        productIn: sql`(select ${products.id} from ${products} where ${products.id} = ${productId} and ${products.removedAt} = ${now})`,
      },
      "listing_removed",
      { releaseProducts: true, now },
    ),
  ]);
  if (resolved.length === 0) return { ok: false, status: 404, message: STOLEN_MESSAGES.noHold };
  return {
    ok: true,
    message: STOLEN_MESSAGES.removed,
    events: removed.length ? [{ kind: "listing_removed", productId }] : [],
  };
}

/** The admin deletes a registration (made in bad faith, or by mistake): its open matches are cleared and their listings released. */
export async function deleteStolenSerial(
  db: Database,
  admin: Pick<SessionUser, "id">,
  id: string,
): Promise<ChangeResult> {
  const now = Date.now();
  const matched = sql`(select ${serialMatches.productId} from ${serialMatches}
    where ${serialMatches.stolenSerialId} = ${id} and ${serialMatches.resolvedBy} = ${admin.id} and ${serialMatches.resolvedAt} = ${now})`;
  const [deleted] = await db.batch([
    db
      .update(stolenSerials)
      .set({ deletedAt: new Date(now), deletedBy: admin.id })
      .where(and(eq(stolenSerials.id, id), isNull(stolenSerials.deletedAt)))
      .returning({ id: stolenSerials.id }),
    db
      .update(serialMatches)
      .set({ resolvedAt: new Date(now), resolvedBy: admin.id, resolution: "cleared" })
      .where(
        and(
          eq(serialMatches.stolenSerialId, id),
          isNull(serialMatches.resolvedAt),
          sql`exists (select 1 from ${stolenSerials} where ${stolenSerials.id} = ${id} and ${stolenSerials.deletedAt} = ${now})`,
        ),
      ),
    releaseStatement(db, matched, now),
  ]);
  if (deleted.length === 0) return { ok: false, status: 404, message: STOLEN_MESSAGES.noRegistration };
  return { ok: true, message: STOLEN_MESSAGES.deleted, events: [] };
}

/** The admin's search of the register by serial (normalised), newest first. */
export async function searchRegistrations(db: Database, serial: string) {
  return db
    .select({
      ...registrationFields,
      deletedAt: stolenSerials.deletedAt,
      reporterName: users.name,
      reporterEmail: users.email,
    })
    .from(stolenSerials)
    .innerJoin(users, eq(users.id, stolenSerials.reporterId))
    .where(eq(stolenSerials.serial, serial))
    .orderBy(desc(stolenSerials.createdAt))
    .limit(LIST_PAGE_SIZE);
}
