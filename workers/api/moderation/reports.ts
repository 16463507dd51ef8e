// Reports: any signed-in caller reports a listing; admins list open reports and decide.
import { Hono } from "hono";
import * as z from "zod";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { reportSchema } from "#app/domain/moderation/report-schema";
import {
  dismissListingReports,
  listOpenReports,
  removeReportedListing,
  reportedListingOf,
  reportListing,
} from "#app/domain/moderation/reports.server";
import { listQueryParams, readListQuery } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiEnv, db, publishEvents, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { listHeaders } from "../shapes";

export const reports = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;

reports.post("/report", requireBearer, async (c) => {
  const parsed = reportSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await reportListing(db(c), c.get("user"), parsed.data);
  if (!result.ok) {
    const code = result.status === 409 ? "duplicate" : result.status === 403 ? "forbidden" : "not_found";
    return apiError(c, result.status, code, result.message);
  }
  return c.json({ acknowledged: true, insertedId: result.reportId }, 201);
});

// One entry per reported listing (a listing reported twice is listed once). The top-level report
// fields are those of its newest open report, as before; `reports` has every open report.
reports.get("/reports", ...adminOnly, async (c) => {
  const query = readListQuery(new URL(c.req.url).searchParams);
  const page = await listOpenReports(db(c), query);
  listHeaders(c, page, listQueryParams({ q: query.q }));
  const shape = (report: (typeof page.rows)[number]["reports"][number]) => ({
    _id: report.id,
    reporterName: report.reporterName,
    reporterEmail: report.reporterEmail,
    reason: report.reason,
    details: report.details,
    date: report.reportedAt.toISOString(),
  });
  return c.json(
    page.rows.map((listing) => ({
      ...(listing.reports[0] ? shape(listing.reports[0]) : {}),
      productId: listing.productId,
      productName: listing.productName,
      productImg: photoUrl(listing.photoKey),
      sellerName: listing.sellerName,
      sellerEmail: listing.sellerEmail,
      isSellerVerification: listing.sellerVerifiedAt !== null,
      openReports: listing.openReports,
      reports: listing.reports.map(shape),
    })),
  );
});

const decisionSchema = z.object({
  action: z.enum(["dismiss", "remove"], { error: 'action must be "dismiss" or "remove".' }),
});

reports.put("/report/:id", ...adminOnly, async (c) => {
  const parsed = decisionSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such open report.");
  // The decision is on the reported listing: dismiss closes every open report of it.
  const productId = await reportedListingOf(db(c), id.data);
  if (!productId) return apiError(c, 404, "not_found", "There is no such open report.");
  const decide = parsed.data.action === "dismiss" ? dismissListingReports : removeReportedListing;
  const result = await decide(db(c), c.get("user"), productId);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  await publishEvents(c, result.events);
  return c.json({
    action: parsed.data.action,
    reportResult: { modifiedCount: result.reportsResolved },
    productResult: { modifiedCount: result.listingsRemoved },
    bookingResult: { modifiedCount: result.bookingsEnded },
  });
});
