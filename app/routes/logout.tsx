import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { signOutResponse } from "#app/utils/session.server";

// Logout is a POST only: a GET (a prefetch, a crawler, an <img>) never signs anyone out.
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOutResponse(request, context, "/");
}
