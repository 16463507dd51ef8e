// Session rows: every cookie and bearer token names one, so logout, account deletion and role
// changes end access at once.
import { and, eq, exists, gt, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { sessions, users } from "#db/schema";

export const WEB_SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const API_TOKEN_TTL_MS = 3600 * 1000;

/** What every request may know about its signed-in user. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  /** "My camera" (a key of the gear data, app/domain/gear/camera.ts), or null. */
  camera: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
}

export async function createSession(
  db: Database,
  userId: string,
  kind: "web" | "api",
  now = Date.now(),
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now + (kind === "web" ? WEB_SESSION_TTL_MS : API_TOKEN_TTL_MS));
  const [row] = await db.insert(sessions).values({ userId, kind, expiresAt }).returning({ id: sessions.id });
  return { id: row!.id, expiresAt };
}

/** A live session of this user: not revoked, not expired, account not deleted (joined as `users`). */
function liveSession(sessionId: string, userId: string, now: Date): SQL | undefined {
  return and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    isNull(users.deletedAt),
  );
}

/**
 * The condition that the session is live, for a write a page sends in its session's D1 batch: it
 * happens only if the session's read in the same batch finds the user (ADR 0046).
 */
export function sessionIsLive(db: Database, sessionId: string, userId: string, now = new Date()): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSession(sessionId, userId, now)),
  );
}

/**
 * The read of a live session's user: not revoked, not expired, account not deleted. A statement,
 * so that a page can send it in one D1 batch with its own reads (ADR 0040).
 */
export function sessionUserRead(db: Database, sessionId: string, userId: string, now = new Date()) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verifiedAt: users.verifiedAt,
      camera: users.camera,
      // Aliased: in a D1 batch, rows are keyed by column name, and the two "id" would collide.
      sessionId: sql`${sessions.id}`.mapWith(sessions.id).as("session_id"),
      sessionExpiresAt: sql`${sessions.expiresAt}`.mapWith(sessions.expiresAt).as("session_expires_at"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(sessionId, userId, now))
    .limit(1);
}

type SessionUserRow = Awaited<ReturnType<typeof sessionUserRead>>[number];

/** The user of a `sessionUserRead`'s rows, or null. */
export function toSessionUser(rows: readonly SessionUserRow[]): SessionUser | null {
  const row = rows[0];
  if (!row) return null;
  const { verifiedAt, ...user } = row;
  return { ...user, verified: verifiedAt !== null };
}

/** The live session's user: not revoked, not expired, account not deleted. */
export async function findSessionUser(db: Database, sessionId: string, userId: string): Promise<SessionUser | null> {
  return toSessionUser(await sessionUserRead(db, sessionId, userId));
}

export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session and token of a user (deletion, role change). */
export function revokeUserSessionsStatement(db: Database, userId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Deletes sessions that expired by `now` (a revoked one expires too, at its own time), at most
 * `limit` per run: an expired session never authenticates again, so nothing reads it.
 */
export function purgeExpiredSessionsStatement(db: Database, now: number, limit: number) {
  return db.delete(sessions).where(
    inArray(
      sessions.id,
      db
        .select({ id: sessions.id })
        .from(sessions)
        .where(lte(sessions.expiresAt, new Date(now)))
        .limit(limit),
    ),
  );
}
