// Session rows: every cookie and bearer token names one, so logout, account deletion and role
// changes end access at once.
import { and, desc, eq, exists, gt, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { Role, SessionKind } from "#db/closed-lists";
import { sessions, twoFactorCredentials, users } from "#db/schema";

export const WEB_SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const API_TOKEN_TTL_MS = 3600 * 1000;

/** What every request may know about its signed-in user. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** A seller an admin verified (the badge). */
  verified: boolean;
  /** "My camera" (a key of the gear data, app/domain/gear/camera.ts), or null. */
  camera: string | null;
  /** The reader's time zone (an IANA name), or null: dates are written in UTC, saying so. */
  timeZone: string | null;
  /** The owner proved the account's email address. */
  emailVerified: boolean;
  /** Signing in asks for a code from an authenticator app. */
  twoFactor: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
}

/** The User-Agent as a session keeps it: enough to name the device, never more than 256 characters. */
export const USER_AGENT_MAX = 256;

export function storedUserAgent(userAgent: string | null | undefined): string | null {
  const cleaned = (userAgent ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return cleaned ? cleaned.slice(0, USER_AGENT_MAX) : null;
}

export async function createSession(
  db: Database,
  userId: string,
  kind: SessionKind,
  options: { userAgent?: string | null; now?: number } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const now = options.now ?? Date.now();
  const expiresAt = new Date(now + (kind === "web" ? WEB_SESSION_TTL_MS : API_TOKEN_TTL_MS));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      kind,
      expiresAt,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      userAgent: storedUserAgent(options.userAgent),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, expiresAt };
}

/** The sessions of this user that are live at `now`: not revoked, not expired. */
export function liveSessionsOf(userId: string, now: number): SQL | undefined {
  return and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now)));
}

/** A session as its owner sees it, on the Sessions page and in the data export. */
export const SESSION_FIELDS = {
  id: sessions.id,
  kind: sessions.kind,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

/** A live session of this user: not revoked, not expired, account not deleted (joined as `users`). */
function liveSession(sessionId: string, userId: string, now: Date): SQL | undefined {
  return and(eq(sessions.id, sessionId), liveSessionsOf(userId, now.getTime()), isNull(users.deletedAt));
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

/** The live session's user: not revoked, not expired, account not deleted; null otherwise. */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  userId: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verifiedAt: users.verifiedAt,
      camera: users.camera,
      timeZone: users.timeZone,
      emailVerifiedAt: users.emailVerifiedAt,
      twoFactor:
        sql<boolean>`exists (select 1 from ${twoFactorCredentials} where ${twoFactorCredentials.userId} = ${users.id} and ${twoFactorCredentials.enabledAt} is not null)`
          .mapWith(Boolean)
          .as("two_factor"),
      // Aliased: in a D1 batch, rows are keyed by column name, and the two "id" would collide.
      sessionId: sql`${sessions.id}`.mapWith(sessions.id).as("session_id"),
      sessionExpiresAt: sql`${sessions.expiresAt}`.mapWith(sessions.expiresAt).as("session_expires_at"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(sessionId, userId, now))
    .limit(1);
  if (!row) return null;
  const { verifiedAt, emailVerifiedAt, ...user } = row;
  return { ...user, verified: verifiedAt !== null, emailVerified: emailVerifiedAt !== null };
}

export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session and token of a user (deletion, role change), or every one but `except`
 * (a new password ends the others).
 */
export function revokeUserSessionsStatement(db: Database, userId: string, except?: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined));
}

/** How often a session's "last seen" is written at most: reading a page does not write. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * The write that records that a live session was used now, if its "last seen" is older than
 * LAST_SEEN_EVERY_MS (otherwise it changes nothing). It guards itself, so that a page can send it
 * in its session's batch before the session is known to be live (ADR 0046).
 */
export function touchSessionStatement(db: Database, sessionId: string, userId: string, now = Date.now()) {
  return db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.id, sessionId),
        liveSessionsOf(userId, now),
        or(isNull(sessions.lastSeenAt), lte(sessions.lastSeenAt, new Date(now - LAST_SEEN_EVERY_MS))),
      ),
    );
}

/**
 * `touchSessionStatement` as a read of what it wrote (`returning`): a page's read batcher sends it
 * with the page's reads (db/read-batcher.ts), so "last seen" costs no round trip of its own.
 */
export function touchSession(db: Database, sessionId: string, userId: string, now = Date.now()) {
  return touchSessionStatement(db, sessionId, userId, now).returning({ id: sessions.id });
}

/** An account's live sessions, the one in use first, then the most recently seen. */
export async function listLiveSessions(db: Database, userId: string, now = Date.now()) {
  return db
    .select(SESSION_FIELDS)
    .from(sessions)
    .where(liveSessionsOf(userId, now))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id))
    .limit(LIVE_SESSIONS_SHOWN);
}

/** More live sessions than anyone keeps; the oldest beyond it are not listed (they can still be ended all at once). */
export const LIVE_SESSIONS_SHOWN = 100;

export const SESSION_MESSAGES = {
  signedOut: "That session is signed out.",
  othersSignedOut: "Every other session is signed out.",
  noSuchSession: "There is no such session of yours.",
  notThisOne: "To sign out of this session, use Logout.",
} as const;

export type EndSessionResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Ends one of the user's own sessions (ownership in the query). The session in use is ended by
 * Logout instead; ending one that is already over is not an error (a double submit).
 */
export async function endOwnSession(
  db: Database,
  user: { id: string; sessionId: string },
  sessionId: string,
): Promise<EndSessionResult> {
  if (sessionId === user.sessionId) return { ok: false, status: 409, message: SESSION_MESSAGES.notThisOne };
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
    .limit(1);
  if (!found) return { ok: false, status: 404, message: SESSION_MESSAGES.noSuchSession };
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  return { ok: true, message: SESSION_MESSAGES.signedOut };
}

/** Ends every session of the user but the one in use ("Sign out everywhere else"). */
export async function endOtherSessions(db: Database, user: { id: string; sessionId: string }) {
  const result = await revokeUserSessionsStatement(db, user.id, user.sessionId);
  return {
    ok: true as const,
    ended: (result as unknown as D1Result).meta?.changes ?? 0,
    message: SESSION_MESSAGES.othersSignedOut,
  };
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
