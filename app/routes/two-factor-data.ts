// What the two-factor page's loader read, for its child routes, which render the page with
// their action's answer (ADR 0075). Typed by the page's data (the component's), not by the
// page's loader: the page's module imports this one, and no module imports its importer back.
import { useRouteLoaderData } from "react-router";
import type { TwoFactorPageData } from "#app/components/two-factor-page";

const TWO_FACTOR_ROUTE_ID = "routes/dashboard.settings.two-factor";

export function useTwoFactorData(): TwoFactorPageData {
  const data = useRouteLoaderData<TwoFactorPageData>(TWO_FACTOR_ROUTE_ID);
  if (!data) throw new Error("A two-factor form outside its page.");
  return data;
}
