// The platform's statement (a GET that changes nothing, ADR 0088): its money in the months asked
// for (`?from=YYYY-MM&to=YYYY-MM`, the last 12 by default), a line per month and currency, as a
// CSV file a spreadsheet opens. The admin's alone, as the rest of Claims.
import type { LoaderFunctionArgs } from "react-router";
import { readStatementRange } from "#app/domain/deals/ledger/months.server";
import {
  platformMonths,
  platformStatementCsv,
  platformStatementFileName,
} from "#app/domain/deals/payouts/platform-statement.server";
import { requireAdmin } from "#app/utils/session.server";
import { database } from "#db/client";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const range = readStatementRange(url.searchParams.get("from"), url.searchParams.get("to"));
  if (!range.ok) {
    return new Response(range.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const months = await platformMonths(database(context.env.DB), range);
  return new Response(platformStatementCsv(months), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${platformStatementFileName(range)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
