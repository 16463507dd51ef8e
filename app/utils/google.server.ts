// Google sign-in with arctic: authorization code + PKCE + state, redirect flow. The state, the
// code verifier and the page to return to travel in short-lived HttpOnly cookies.
import { Google, generateCodeVerifier, generateState } from "arctic";
import * as z from "zod";
import type { GoogleProfile } from "#app/domain/accounts/accounts.server";
import { readCookie } from "#app/server/cookies.server";
import type { Settings } from "#app/server/env.server";

export const GOOGLE_USERINFO_URL = "https://openidconnect.googleapis.com/v1/userinfo";
const COOKIE_MAX_AGE = 600;
const STATE_COOKIE = "__Host-pb_oauth_state";
const VERIFIER_COOKIE = "__Host-pb_oauth_verifier";
const RETURN_COOKIE = "__Host-pb_oauth_return";

export function isGoogleEnabled(settings: Settings): boolean {
  return Boolean(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET);
}

function client(settings: Settings, request: Request): Google {
  const origin = settings.APP_URL ?? new URL(request.url).origin;
  return new Google(
    settings.GOOGLE_CLIENT_ID!,
    settings.GOOGLE_CLIENT_SECRET!,
    new URL("/auth/google/callback", origin).toString(),
  );
}

const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;

/** The redirect to Google's consent page, with the cookies that make the callback verifiable. */
export function startGoogleSignIn(settings: Settings, request: Request, returnTo: string): Response {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client(settings, request).createAuthorizationURL(state, verifier, ["openid", "email", "profile"]);
  const headers = new Headers({ Location: url.toString() });
  headers.append("Set-Cookie", cookie(STATE_COOKIE, state, COOKIE_MAX_AGE));
  headers.append("Set-Cookie", cookie(VERIFIER_COOKIE, verifier, COOKIE_MAX_AGE));
  headers.append("Set-Cookie", cookie(RETURN_COOKIE, returnTo, COOKIE_MAX_AGE));
  return new Response(null, { status: 302, headers });
}

/** Clears the one-time cookies, whatever the outcome. */
export function clearGoogleCookies(): string[] {
  return [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE].map((name) => cookie(name, "", 0));
}

const profileSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});

export type GoogleCallbackResult =
  | { ok: true; profile: GoogleProfile; returnTo: string | null }
  | { ok: false; message: string; returnTo: string | null };

/** Checks state and PKCE, exchanges the code and reads the user's profile. */
export async function finishGoogleSignIn(settings: Settings, request: Request): Promise<GoogleCallbackResult> {
  const url = new URL(request.url);
  const returnTo = readCookie(request, RETURN_COOKIE);
  if (url.searchParams.get("error")) {
    return { ok: false, message: "Google sign-in was cancelled.", returnTo };
  }
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const expectedState = readCookie(request, STATE_COOKIE);
  const verifier = readCookie(request, VERIFIER_COOKIE);
  if (!code || !state || !expectedState || !verifier || state !== expectedState) {
    return { ok: false, message: "Google sign-in could not be verified. Please try again.", returnTo };
  }
  try {
    const tokens = await client(settings, request).validateAuthorizationCode(code, verifier);
    const response = await fetch(GOOGLE_USERINFO_URL, {
      headers: { Authorization: `Bearer ${tokens.accessToken()}` },
    });
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const profile = profileSchema.parse(await response.json());
    return {
      ok: true,
      returnTo,
      profile: {
        subject: profile.sub,
        email: profile.email,
        emailVerified: profile.email_verified === true,
        name: profile.name ?? "",
      },
    };
  } catch (error) {
    console.warn("Google sign-in failed", error);
    return { ok: false, message: "Google sign-in failed. Please try again.", returnTo };
  }
}
