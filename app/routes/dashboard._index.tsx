import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { DASHBOARD_HOME } from "#app/utils/dashboard-tabs";
import { requireUser } from "#app/utils/session.server";

/** /dashboard opens the role's first page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return redirect(DASHBOARD_HOME[user.role]);
}
