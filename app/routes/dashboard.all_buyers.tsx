import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DashboardPage } from "../components/dashboard-page";
import { requireAdmin } from "../utils/session.server";
import { pageMeta } from "../utils/seo";

export const meta: MetaFunction = () => pageMeta("Pay&Buy All Buyers", "The buyers registered on Pay&Buy, for administrators.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Page() {
  return <DashboardPage title="All Buyers" />;
}
