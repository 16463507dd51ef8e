// What the two-factor page's loader read, for its child routes, which render the page with
// their action's answer (ADR 0075).
import { useRouteLoaderData } from "react-router";
import type { loader } from "./dashboard.settings.two-factor";

const TWO_FACTOR_ROUTE_ID = "routes/dashboard.settings.two-factor";

export function useTwoFactorData() {
  const data = useRouteLoaderData<typeof loader>(TWO_FACTOR_ROUTE_ID);
  if (!data) throw new Error("A two-factor form outside its page.");
  return data;
}
