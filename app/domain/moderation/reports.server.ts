// Reports: any signed-in user flags a listing with a reason; an admin dismisses the report or
// removes the listing. One open report per user and listing, enforced by a unique index.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { endActiveBookingsStatements } from "#app/domain/catalog/availability.server";
import { ANY_STATUS, isListed } from "#app/domain/catalog/catalog.server";
import type { DomainEvent } from "#app/domain/shared/events";
import {
  containsText,
  LIST_PAGE_SIZE,
  type ListQuery,
  type Page,
  pageOffset,
  toPage,
} from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { products, reports, users } from "#db/schema";
import type { ReportInput } from "./report-schema";

export const REPORT_MESSAGES = {
  reported: "Thank you. The listing has been reported to our team.",
  duplicate: "You have already reported this listing.",
  notFound: "This product is no longer available.",
  ownListing: "You cannot report your own listing.",
  dismissed: "The report has been dismissed",
  removed: "The listing has been removed",
  noSuchReport: "There is no such open report.",
} as const;

/** A listing that can still be reported: not deleted or removed, its seller still here. */
export async function findReportableProduct(db: Database, productId: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, productId), isListed(ANY_STATUS)))
    .limit(1);
  return row ?? null;
}

export type ReportResult = { ok: true; reportId: string } | { ok: false; status: 403 | 404 | 409; message: string };

export async function reportListing(
  db: Database,
  reporter: Pick<SessionUser, "id">,
  input: ReportInput,
): Promise<ReportResult> {
  const product = await findReportableProduct(db, input.productId);
  if (!product) return { ok: false, status: 404, message: REPORT_MESSAGES.notFound };
  if (product.sellerId === reporter.id) return { ok: false, status: 403, message: REPORT_MESSAGES.ownListing };
  try {
    const [row] = await db
      .insert(reports)
      .values({ productId: product.id, reporterId: reporter.id, reason: input.reason, details: input.details || null })
      .returning({ id: reports.id });
    return { ok: true, reportId: row!.id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: REPORT_MESSAGES.duplicate };
  }
}

const sellers = alias(users, "sellers");
const reporters = alias(users, "reporters");

/** Open reports of listings still on the storefront; a listing that left needs no decision. */
function openReportsWhere(q: string | undefined) {
  return and(
    eq(reports.status, "open"),
    isListed(ANY_STATUS),
    q
      ? or(
          ...[products.name, sellers.name, sellers.email, reporters.name, reporters.email].map((column) =>
            containsText(column, q),
          ),
        )
      : undefined,
  );
}

/** Every report query reads the listing, its seller and the reporter. */
function withParties<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, reports.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(reporters, eq(reporters.id, reports.reporterId));
}

// Aliased: D1 returns rows keyed by column name, and id, name and email appear more than once.
const reportFields = {
  id: reports.id,
  productId: reports.productId,
  reason: reports.reason,
  details: reports.details,
  reportedAt: reports.createdAt,
  reporterName: sql`${reporters.name}`.mapWith(reporters.name).as("reporter_name"),
  reporterEmail: sql`${reporters.email}`.mapWith(reporters.email).as("reporter_email"),
};

// The newest open report of a listing (of those the search matched) orders the list.
const lastReportedAt = sql`max(${reports.createdAt})`;

const listingFields = {
  productId: sql`${products.id}`.mapWith(products.id).as("listing_id"),
  productName: sql`${products.name}`.mapWith(products.name).as("product_name"),
  photoKey: products.photoKey,
  sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("seller_name"),
  sellerEmail: sql`${sellers.email}`.mapWith(sellers.email).as("seller_email"),
  sellerVerifiedAt: sql`${sellers.verifiedAt}`.mapWith(sellers.verifiedAt).as("seller_verified_at"),
  lastReportedAt: lastReportedAt.mapWith(reports.createdAt).as("last_reported_at"),
  // Every open report of the listing, found by the search or not: how serious it is.
  openReports: sql<number>`(select count(*) from ${reports} r where r.product_id = ${reports.productId}
    and r.status = 'open')`
    .mapWith(Number)
    .as("open_reports"),
};

export type ReportedListing = {
  productId: string;
  productName: string;
  photoKey: string | null;
  sellerName: string;
  sellerEmail: string;
  sellerVerifiedAt: Date | null;
  lastReportedAt: Date;
  openReports: number;
  /** Every open report of the listing, newest first. */
  reports: Array<{
    id: string;
    reason: (typeof reports.$inferSelect)["reason"];
    details: string | null;
    reportedAt: Date;
    reporterName: string;
    reporterEmail: string;
  }>;
};

/**
 * One page of reported listings, each listing once (however many people reported it), the most
 * recently reported first, searched by product, seller or reporter; with every open report of
 * each listing. Its three reads start together (one round trip in a request).
 */
export async function listOpenReports(db: Database, query: ListQuery): Promise<Page<ReportedListing>> {
  const where = openReportsWhere(query.q);
  // The listings of the page: the same grouping, order and slice for their fields and their ids.
  const paged = <T extends SQLiteSelect>(select: T) =>
    withParties(select)
      .where(where)
      .groupBy(reports.productId)
      .orderBy(desc(lastReportedAt), desc(reports.productId))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(query.page));
  const [listings, counted, reportRows] = await Promise.all([
    paged(db.select(listingFields).from(reports).$dynamic()),
    withParties(
      db
        .select({ total: sql<number>`count(distinct ${reports.productId})` })
        .from(reports)
        .$dynamic(),
    ).where(where),
    withParties(db.select(reportFields).from(reports).$dynamic())
      .where(
        and(
          openReportsWhere(undefined),
          inArray(reports.productId, paged(db.select({ id: reports.productId }).from(reports).$dynamic())),
        ),
      )
      .orderBy(desc(reports.createdAt), desc(reports.id)),
  ]);
  const rows: ReportedListing[] = listings.map((listing) => ({
    ...listing,
    reports: reportRows
      .filter((report) => report.productId === listing.productId)
      .map(({ productId: _listing, ...report }) => report),
  }));
  return toPage(rows, Number(counted[0]?.total ?? 0), query.page);
}

/** A listing with open reports, still on the storefront, for the removal confirmation. */
export async function findReportedListing(db: Database, productId: string) {
  const [row] = await withParties(
    db
      .select({
        productId: reports.productId,
        productName: sql`${products.name}`.mapWith(products.name).as("product_name"),
      })
      .from(reports)
      .$dynamic(),
  )
    .where(and(eq(reports.productId, productId), openReportsWhere(undefined)))
    .limit(1);
  return row ?? null;
}

/** The listing an open report is about (the REST API decides on reports by their id). */
export async function reportedListingOf(db: Database, reportId: string): Promise<string | null> {
  const [row] = await db
    .select({ productId: reports.productId })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .limit(1);
  return row?.productId ?? null;
}

export type ModerationResult =
  | { ok: true; reportsResolved: number; listingsRemoved: number; bookingsEnded: number; events: DomainEvent[] }
  | { ok: false; status: 404; message: string };

const noSuchReport = { ok: false, status: 404, message: REPORT_MESSAGES.noSuchReport } as const;

/** The toast after a dismissal: one report, or all of a listing's. */
export function dismissedMessage(count: number): string {
  return count === 1 ? REPORT_MESSAGES.dismissed : `The ${count} reports have been dismissed`;
}

/**
 * Dismisses every open report of a listing at once: the admin decides on the listing, not on
 * one report of it. The listing stays; its reporters may report it again.
 */
export async function dismissListingReports(
  db: Database,
  admin: Pick<SessionUser, "id">,
  productId: string,
): Promise<ModerationResult> {
  const dismissed = await db
    .update(reports)
    .set({ status: "dismissed", resolvedAt: new Date(), resolvedBy: admin.id })
    .where(and(eq(reports.productId, productId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  if (dismissed.length === 0) return noSuchReport;
  return { ok: true, reportsResolved: dismissed.length, listingsRemoved: 0, bookingsEnded: 0, events: [] };
}

/**
 * Removes a reported listing in one D1 batch: removed_at (the single source of truth the
 * storefront and the seller's pages read), its unpaid booking ended with the product no longer
 * `booked`, and every open report of that listing resolved. A sale stays as it is. Only a
 * listing with an open report is removed here.
 */
export async function removeReportedListing(
  db: Database,
  admin: Pick<SessionUser, "id">,
  productId: string,
): Promise<ModerationResult> {
  const [report] = await db
    .select({ productId: reports.productId })
    .from(reports)
    .where(and(eq(reports.productId, productId), eq(reports.status, "open")))
    .limit(1);
  if (!report) return noSuchReport;
  const now = Date.now();
  const endBooking = endActiveBookingsStatements(db, { productId: report.productId }, "listing_removed", {
    releaseProducts: true,
    now,
  });
  const results = await db.batch([
    db
      .update(products)
      .set({ removedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(products.id, report.productId), isNull(products.removedAt))),
    ...endBooking,
    db
      .update(reports)
      .set({ status: "actioned", resolvedAt: new Date(now), resolvedBy: admin.id })
      .where(and(eq(reports.productId, report.productId), eq(reports.status, "open"))),
  ]);
  const changes = (index: number) => (results[index] as D1Result).meta.changes;
  // The last of the booking statements is the one that ends the booking.
  // One listing at most: the search index's trigger adds its own changes to the first count.
  const [removed, ended, resolved] = [Math.min(changes(0), 1), changes(endBooking.length), changes(results.length - 1)];
  if (resolved === 0) return noSuchReport;
  return {
    ok: true,
    reportsResolved: resolved,
    listingsRemoved: removed,
    bookingsEnded: ended,
    events: removed ? [{ kind: "listing_removed", productId: report.productId }] : [],
  };
}
