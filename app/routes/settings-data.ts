// What the Settings page's loader read, for the child routes that render a form of the page
// (ADR 0071): they show the same account as the page around them.
import { useRouteLoaderData } from "react-router";
import type { loader } from "./dashboard.settings";

const SETTINGS_ROUTE_ID = "routes/dashboard.settings";

export function useSettingsData() {
  const data = useRouteLoaderData<typeof loader>(SETTINGS_ROUTE_ID);
  if (!data) throw new Error("A settings form outside the Settings page.");
  return data;
}
