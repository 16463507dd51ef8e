// Recovery codes are shown once: the action that makes them hands them to the next page view in
// a short-lived signed cookie (redirect-after-post), and the page that shows them clears it. They
// are never stored anywhere else in clear (D1 keeps their hashes).
import * as z from "zod";
import type { EnvContext } from "#app/server/env.server";
import { flashCookie } from "#app/server/flash-cookie.server";

const codesSchema = z.object({ userId: z.string().max(100), codes: z.array(z.string().max(20)).max(20) });

const codesCookie = flashCookie("__Host-pb_codes", codesSchema, { key: "codes", maxAge: 300 });

/** The Set-Cookie header that carries the codes to the next page view of this account. */
export function recoveryCodesCookie(context: EnvContext, userId: string, codes: string[]): Promise<string> {
  return codesCookie.set(context, { userId, codes });
}

/**
 * The codes the last action made for this account, if the browser carries them (a bad cookie is
 * none), and the header that clears them.
 */
export async function readRecoveryCodes(request: Request, context: EnvContext, userId: string) {
  if (!codesCookie.carried(request)) return { codes: null, clear: null };
  const stored = await codesCookie.read(request, context);
  return { codes: stored?.userId === userId ? stored.codes : null, clear: codesCookie.clear };
}
