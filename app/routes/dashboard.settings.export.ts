// "Download my data": the signed-in account's data as a JSON file (a GET that changes nothing).
import type { LoaderFunctionArgs } from "react-router";
import { exportAccountData, exportFileName } from "#app/domain/privacy/account-data.server";
import { notFound } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { database } from "#db/client";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const data = await exportAccountData(database(context.env.DB), user.id);
  if (!data) throw notFound();
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
