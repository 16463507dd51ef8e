// A seller's statement (a GET that changes nothing): the movements of their money in the months
// asked for (`?from=YYYY-MM&to=YYYY-MM`, the last 12 by default) as a CSV file a spreadsheet opens.
import type { LoaderFunctionArgs } from "react-router";
import { readStatementRange } from "#app/domain/deals/ledger/months.server";
import { sellerStatement, statementCsv, statementFileName } from "#app/domain/deals/payouts/statements.server";
import { requireSeller } from "#app/utils/session.server";
import { database } from "#db/client";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const seller = await requireSeller(request, context);
  const url = new URL(request.url);
  const range = readStatementRange(url.searchParams.get("from"), url.searchParams.get("to"));
  if (!range.ok) {
    return new Response(range.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const lines = await sellerStatement(database(context.env.DB), seller.id, range);
  return new Response(statementCsv(lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${statementFileName(range)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
