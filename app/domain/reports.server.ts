// Reports: any signed-in user flags a listing with a reason; an admin dismisses the report or
// removes the listing. One open report per user and listing, enforced by a unique index.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { products, reports, users } from "../../db/schema";
import { endActiveBookingsStatements } from "./bookings.server";
import { ANY_STATUS, isListed } from "./catalog.server";
import { containsText, LIST_PAGE_SIZE, type ListQuery, pageOffset, toPage } from "./list-query";
import type { ReportInput } from "./report-schema";
import type { SessionUser } from "./sessions.server";

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
  reason: reports.reason,
  details: reports.details,
  reportedAt: reports.createdAt,
  productId: sql`${products.id}`.mapWith(products.id).as("listing_id"),
  productName: sql`${products.name}`.mapWith(products.name).as("product_name"),
  photoKey: products.photoKey,
  sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("seller_name"),
  sellerEmail: sql`${sellers.email}`.mapWith(sellers.email).as("seller_email"),
  sellerVerifiedAt: sql`${sellers.verifiedAt}`.mapWith(sellers.verifiedAt).as("seller_verified_at"),
  reporterName: sql`${reporters.name}`.mapWith(reporters.name).as("reporter_name"),
  reporterEmail: sql`${reporters.email}`.mapWith(reporters.email).as("reporter_email"),
  // How many people flagged this listing: the admin's first hint of how serious it is.
  openReports: sql<number>`(select count(*) from ${reports} r where r.product_id = ${reports.productId}
    and r.status = 'open')`
    .mapWith(Number)
    .as("open_reports"),
};

/** One page of open reports, newest first, searched by product, seller or reporter. */
export async function listOpenReports(db: Database, query: ListQuery) {
  const where = openReportsWhere(query.q);
  const [rows, counted] = await db.batch([
    withParties(db.select(reportFields).from(reports).$dynamic())
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    withParties(db.select({ total: sql<number>`count(*)` }).from(reports).$dynamic()).where(where),
  ]);
  return toPage(rows, Number(counted[0]?.total ?? 0), query.page);
}

/** An open report with its listing's name, for the removal confirmation. */
export async function findOpenReport(db: Database, reportId: string) {
  const [row] = await withParties(
    db
      .select({ id: reports.id, productName: sql`${products.name}`.mapWith(products.name).as("product_name") })
      .from(reports)
      .$dynamic(),
  )
    .where(and(eq(reports.id, reportId), openReportsWhere(undefined)))
    .limit(1);
  return row ?? null;
}

export type ModerationResult =
  | { ok: true; reportsResolved: number; listingsRemoved: number; bookingsEnded: number }
  | { ok: false; status: 404; message: string };

const noSuchReport = { ok: false, status: 404, message: REPORT_MESSAGES.noSuchReport } as const;

export async function dismissReport(
  db: Database,
  admin: Pick<SessionUser, "id">,
  reportId: string,
): Promise<ModerationResult> {
  const dismissed = await db
    .update(reports)
    .set({ status: "dismissed", resolvedAt: new Date(), resolvedBy: admin.id })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  if (dismissed.length === 0) return noSuchReport;
  return { ok: true, reportsResolved: 1, listingsRemoved: 0, bookingsEnded: 0 };
}

/**
 * Removes the reported listing in one D1 batch: removed_at (the single source of truth the
 * storefront and the seller's pages read), its unpaid booking ended with the product no longer
 * `booked`, and every open report of that listing resolved. A sale stays as it is.
 */
export async function removeReportedListing(
  db: Database,
  admin: Pick<SessionUser, "id">,
  reportId: string,
): Promise<ModerationResult> {
  const [report] = await db
    .select({ productId: reports.productId })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
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
  const [removed, ended, resolved] = [changes(0), changes(endBooking.length), changes(results.length - 1)];
  if (resolved === 0) return noSuchReport;
  return { ok: true, reportsResolved: resolved, listingsRemoved: removed, bookingsEnded: ended };
}
