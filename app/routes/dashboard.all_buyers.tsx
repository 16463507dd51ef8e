import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DashboardPage } from "../components/dashboard-page";
import { requireAdmin } from "../utils/session.server";

export const meta: MetaFunction = () => [{ title: "Pay&Buy All Buyers" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Page() {
  return <DashboardPage title="All Buyers" />;
}
