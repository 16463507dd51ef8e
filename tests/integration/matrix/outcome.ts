// How the matrix reads an answer: what a user (or a program) would take it to mean.
import { get } from "../auth-helpers";

export type Outcome =
  | "ok" // done, shown, or a success toast
  | "redirect" // sent elsewhere without a message (e.g. /login when already signed in)
  | "login" // sent to log in
  | "refused" // an error toast: the action was refused with a message
  | "badRequest" // 400/422 (and 405: a POST to a page that takes none)
  | "unauthorized" // 401 (API)
  | "forbidden" // 403
  | "notFound" // 404
  | "gone"; // 410: a listing that left the storefront (deleted, removed, held for review)

/** The outcomes that mean "not done": after them the database and R2 must be as before. */
export const REFUSALS: ReadonlySet<Outcome> = new Set<Outcome>([
  "login",
  "refused",
  "badRequest",
  "unauthorized",
  "forbidden",
  "notFound",
  "gone",
]);

async function toastType(response: Response): Promise<string | null> {
  const toast = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  if (!toast) return null;
  const page = await get("/about", { Cookie: toast.split(";")[0]! });
  return /data-toast-type="([a-z]+)"/.exec(await page.text())?.[1] ?? null;
}

export async function classify(response: Response): Promise<Outcome> {
  const { status } = response;
  if (status >= 300 && status < 400) {
    const type = await toastType(response);
    if (type === "error") return "refused";
    if (type) return "ok";
    const location = response.headers.get("Location") ?? "";
    if (location.startsWith("/login")) return "login";
    return "redirect";
  }
  if (status >= 200 && status < 300) return "ok";
  if (status === 400 || status === 405 || status === 413 || status === 415 || status === 422) return "badRequest";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 410) return "gone";
  if (status === 409 || status === 402) return "refused";
  throw new Error(`Unexpected status ${status}`);
}
