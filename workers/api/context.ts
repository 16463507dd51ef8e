import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { hasRole } from "#app/domain/accounts/permissions";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { bearerUser, needsTwoFactorSetup } from "#app/server/auth.server";
import { type AppEnv, parseEnv } from "#app/server/env.server";
import { publish } from "#app/server/notifications.server";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { apiError, twoFactorSetupRequired } from "./errors";

export type ApiEnv = { Bindings: Env; Variables: { user: SessionUser } };
export type ApiContext = Context<ApiEnv>;

/** The parsed environment (the same parse the pages use). */
export function appEnv(c: { env: Env }): AppEnv {
  return parseEnv(c.env as unknown as Record<string, unknown>);
}

export function db(c: { env: Env }) {
  return database(c.env.DB);
}

/** Hands a domain operation's events to the notification queue, after the response if it can. */
export function publishEvents(c: Context<ApiEnv>, events: readonly DomainEvent[]): Promise<void> {
  let ctx: ExecutionContext | null = null;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    // Called without an execution context (app.request in a script): publish before answering.
  }
  return publish(appEnv(c), events, ctx);
}

/** Bearer token → live session → user; 401 otherwise. */
export const requireBearer = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) {
    c.header("WWW-Authenticate", 'Bearer realm="pay-and-buy"');
    return apiError(c, 401, "unauthorized", "A bearer token is required.");
  }
  const user = await bearerUser(header, appEnv(c));
  if (!user) {
    c.header("WWW-Authenticate", 'Bearer realm="pay-and-buy", error="invalid_token"');
    return apiError(c, 401, "unauthorized", "The token is invalid, expired or revoked.");
  }
  // An admin's calls wait until two-factor sign-in is set up.
  if (needsTwoFactorSetup(user)) return twoFactorSetupRequired(c);
  c.set("user", user);
  await next();
});

/** Role check after requireBearer; 403 for the wrong role. */
export function requireApiRole(...roles: Role[]) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (!hasRole(c.get("user"), roles)) {
      return apiError(c, 403, "forbidden", "Your account may not do this.");
    }
    await next();
  });
}

/** JSON bodies that are not JSON are a 400, not a 500. */
export async function readJson(c: Context): Promise<unknown | undefined> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
