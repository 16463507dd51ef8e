// Before the journeys run: sessions of the demo accounts, made the way a sign-in makes them (a
// session row in the server's local D1 and a cookie signed over it), so that journeys that only
// start signed in do not each send the server a password (and an admin its code). Each session
// is handed to one journey only (tests/e2e/sessions.ts): a journey that signs out ends its own
// session and nobody else's. Nothing here is part of the Worker; it writes to the local state
// the server command made (playwright.config.ts's E2E_STATE), as booking-expiry.spec.ts does.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { createSession } from "#app/domain/accounts/sessions.server";
import { signToken } from "#app/domain/accounts/tokens.server";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { users } from "#db/schema";
import { E2E_STATE } from "../../playwright.config";
import { DEMO } from "./helpers";
import { claimsDir, SESSIONS_PER_ACCOUNT, type SignedInSessions, sessionsFile } from "./sessions";

/** The demo accounts journeys start signed in as (never ops/ops2: their first sign-in is a journey). */
const ACCOUNTS = [DEMO.admin, DEMO.seller, DEMO.seller2, DEMO.buyer, DEMO.buyer2];

export default async function globalSetup() {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${E2E_STATE}/v3` } });
  try {
    const env = parseEnv({ ...proxy.env, LOCAL_DEV: "true" });
    const db = database(env.DB);
    const rows = await db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(
        inArray(
          users.email,
          ACCOUNTS.map((account) => account.email),
        ),
      );
    const made: SignedInSessions = {};
    for (const row of rows) {
      const tokens: string[] = [];
      for (let i = 0; i < SESSIONS_PER_ACCOUNT; i++) {
        const session = await busyRetry(() => createSession(db, row.id, "web"));
        tokens.push(
          await signToken(
            { sub: row.id, sid: session.id, role: row.role },
            { audience: "web", expiresAt: session.expiresAt, secrets: env.settings.SESSION_SECRET },
          ),
        );
      }
      made[row.email] = tokens;
    }
    rmSync(claimsDir(E2E_STATE), { recursive: true, force: true });
    mkdirSync(claimsDir(E2E_STATE), { recursive: true });
    writeFileSync(sessionsFile(E2E_STATE), JSON.stringify(made));
  } finally {
    await proxy.dispose();
  }
}

/** The running server may hold the database's write lock for a moment. */
async function busyRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!/SQLITE_BUSY|database is locked/.test(String(error)) || attempt === 5) throw error;
      await sleep(200 * attempt);
    }
  }
}
