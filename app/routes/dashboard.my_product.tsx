import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DashboardPage } from "../components/dashboard-page";
import { requireSeller } from "../utils/session.server";

export const meta: MetaFunction = () => [{ title: "Pay&Buy My Products" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSeller(request, context);
  return null;
}

export default function Page() {
  return <DashboardPage title="My Products" />;
}
