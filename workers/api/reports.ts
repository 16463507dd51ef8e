// Reports: any signed-in caller reports a listing; admins list open reports and decide.
import { Hono } from "hono";
import * as z from "zod";
import { readListQuery } from "../../app/domain/list-query";
import { photoUrl } from "../../app/domain/photo-keys";
import { reportSchema } from "../../app/domain/report-schema";
import { dismissReport, listOpenReports, removeReportedListing, reportListing } from "../../app/domain/reports.server";
import { idSchema } from "../../app/domain/schemas";
import { type ApiEnv, db, readJson, requireApiRole, requireBearer } from "./context";
import { apiError, validationError } from "./errors";
import { listHeaders } from "./shapes";

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

reports.get("/reports", ...adminOnly, async (c) => {
  const query = readListQuery(new URL(c.req.url).searchParams);
  const page = await listOpenReports(db(c), query);
  listHeaders(c, page);
  return c.json(
    page.rows.map((report) => ({
      _id: report.id,
      productId: report.productId,
      productName: report.productName,
      productImg: photoUrl(report.photoKey),
      sellerName: report.sellerName,
      sellerEmail: report.sellerEmail,
      isSellerVerification: report.sellerVerifiedAt !== null,
      reporterName: report.reporterName,
      reporterEmail: report.reporterEmail,
      reason: report.reason,
      details: report.details,
      date: report.reportedAt.toISOString(),
      openReports: report.openReports,
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
  const decide = parsed.data.action === "dismiss" ? dismissReport : removeReportedListing;
  const result = await decide(db(c), c.get("user"), id.data);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  return c.json({
    action: parsed.data.action,
    reportResult: { modifiedCount: result.reportsResolved },
    productResult: { modifiedCount: result.listingsRemoved },
    bookingResult: { modifiedCount: result.bookingsEnded },
  });
});
