// What the edit page's loader read, for the child routes that render a form of the page (ADR
// 0071): they show the same listing as the page around them.
import { useRouteLoaderData } from "react-router";
import type { loader } from "./dashboard.my_product.$id.edit";

const EDIT_ROUTE_ID = "routes/dashboard.my_product.$id.edit";

export function useListingEditData() {
  const data = useRouteLoaderData<typeof loader>(EDIT_ROUTE_ID);
  if (!data) throw new Error("A form of the edit page outside the edit page.");
  return data;
}
