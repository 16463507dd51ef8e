import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DashboardPage } from "../components/dashboard-page";
import { requireBuyer } from "../utils/session.server";

export const meta: MetaFunction = () => [{ title: "Pay&Buy Payment" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireBuyer(request, context);
  return null;
}

export default function Page() {
  return <DashboardPage title="Payment" />;
}
