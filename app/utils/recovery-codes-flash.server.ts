// Recovery codes are shown once: the action that makes them hands them to the next page view in
// a short-lived signed cookie (redirect-after-post), and the page that shows them clears it. They
// are never stored anywhere else in clear (D1 keeps their hashes).
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import * as z from "zod";
import { readCookie } from "#app/server/cookies.server";
import type { EnvContext } from "#app/server/env.server";

const COOKIE = "__Host-pb_codes";
const KEY = "codes";

function storage(context: EnvContext) {
  return createCookieSessionStorage({
    cookie: {
      name: COOKIE,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      maxAge: 300,
      secrets: context.env.settings.SESSION_SECRET,
    },
  });
}

const codesSchema = z.object({ userId: z.string().max(100), codes: z.array(z.string().max(20)).max(20) });

/** The Set-Cookie header that carries the codes to the next page view of this account. */
export async function recoveryCodesCookie(context: EnvContext, userId: string, codes: string[]): Promise<string> {
  const cookies = storage(context);
  const session = await cookies.getSession();
  session.flash(KEY, { userId, codes });
  return cookies.commitSession(session);
}

/**
 * The codes the last action made for this account, if the browser carries them (a bad cookie is
 * none), and the header that clears them.
 */
export async function readRecoveryCodes(request: Request, context: EnvContext, userId: string) {
  if (readCookie(request, COOKIE) === null) return { codes: null, clear: null };
  const cookies = storage(context);
  let stored: unknown;
  try {
    stored = (await cookies.getSession(request.headers.get("Cookie"))).get(KEY);
  } catch {
    stored = undefined;
  }
  const parsed = codesSchema.safeParse(stored);
  const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
  return { codes: parsed.success && parsed.data.userId === userId ? parsed.data.codes : null, clear };
}
