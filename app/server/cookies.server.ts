// The one reader of request cookies. Parsing is Hono's cookie parser, which never throws: a
// value with malformed percent-encoding stays as sent (and then fails its own checks), a value
// with characters a cookie may not hold is skipped, and of a repeated name the first one counts
// (RFC 6265 orders the more specific cookie first).
import { parse } from "hono/utils/cookie";

/** One cookie's value from a request, or null. Never throws, whatever the header holds. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  return parse(header, name)[name] ?? null;
}
