// The demo accounts' sessions tests/e2e/global-setup.ts made, each handed to one journey: a
// claim is a directory made under the state directory (mkdir is atomic), so two workers, two
// projects or a retry never share one.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";

/** Sessions made per demo account: more than one run of both projects, with retries, signs in. */
export const SESSIONS_PER_ACCOUNT = 30;

/** Each account's session cookies (values of `__Host-pb_session`), by email. */
export type SignedInSessions = Record<string, string[]>;

export const sessionsFile = (state: string) => `${state}/e2e-sessions.json`;
export const claimsDir = (state: string) => `${state}/e2e-sessions-claimed`;

let made: SignedInSessions | undefined;

/** A session cookie of the account no other journey has had, or null (none made, or all handed out). */
export function claimSession(state: string, email: string): string | null {
  if (!made) {
    try {
      made = JSON.parse(readFileSync(sessionsFile(state), "utf8")) as SignedInSessions;
    } catch {
      made = {};
    }
  }
  const tokens = made[email] ?? [];
  const account = createHash("sha256").update(email).digest("hex").slice(0, 16);
  for (const [index, token] of tokens.entries()) {
    try {
      mkdirSync(`${claimsDir(state)}/${account}-${index}`);
      return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return null;
}
