// A value handed from an action to the next page view (redirect-after-post) in a cookie of its
// own: the toast, a refused dialog form, recovery codes shown once. The same three choices for
// each (ADR 0005, ADR 0059):
// - signed with our secrets (React Router's cookie session), so nobody can plant a value on another page;
// - read only when the request carries it, so ordinary pages stay free of Set-Cookie;
// - checked with a schema: a cookie that is garbled, forged, signed with an old secret or of the
//   wrong shape holds nothing, and is cleared like any other. Never a 500.
import { createCookieSessionStorage } from "react-router";
import type * as z from "zod";
import { readCookie } from "./cookies.server";
import type { EnvContext } from "./env.server";

export interface FlashCookie<T> {
  /** The Set-Cookie header that carries `value` to the next page view. */
  set(context: EnvContext, value: T): Promise<string>;
  /** What the request's cookie holds, or null: no cookie, or one that is bad in any way. */
  read(request: Request, context: EnvContext): Promise<T | null>;
  /** Whether the request carries the cookie at all (good or bad): then it is to be cleared. */
  carried(request: Request): boolean;
  /** The Set-Cookie header that clears it. */
  clear: string;
}

/**
 * A signed, schema-checked flash cookie `name`, its value under `key` in the cookie session, kept
 * `maxAge` seconds (or for the browser's session).
 */
export function flashCookie<S extends z.ZodType>(
  name: string,
  schema: S,
  { key, maxAge }: { key: string; maxAge?: number },
): FlashCookie<z.output<S>> {
  const storage = (context: EnvContext) =>
    createCookieSessionStorage({
      cookie: {
        name,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: true,
        maxAge,
        secrets: context.env.settings.SESSION_SECRET,
      },
    });
  return {
    async set(context, value) {
      const cookies = storage(context);
      const session = await cookies.getSession();
      session.flash(key, value);
      return cookies.commitSession(session);
    },
    async read(request, context) {
      if (readCookie(request, name) === null) return null;
      let stored: unknown;
      try {
        // Throws on a signature that is not base64, for one; any failure means "nothing".
        stored = (await storage(context).getSession(request.headers.get("Cookie"))).get(key);
      } catch {
        return null;
      }
      const parsed = schema.safeParse(stored);
      return parsed.success ? parsed.data : null;
    },
    carried: (request) => readCookie(request, name) !== null,
    clear: `${name}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
  };
}
