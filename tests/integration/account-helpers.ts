// The accounts' tests call the whole Worker the way a browser and a mail client would: requests
// with a queue that records what they publish, then the Worker's own queue() consumer delivers
// those messages into the local outbox (as on a LOCAL_DEV server, which keeps links), and the
// test follows the link in the letter. Codes of an authenticator app are made independently of
// the app's TOTP library (RFC 4226/6238 with WebCrypto), so the library is checked too.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { NotificationMessage } from "#app/domain/notifications/messages";
import { SESSION_COOKIE } from "#app/server/auth.server";
import { database } from "#db/client";
import { emailOutbox } from "#db/schema";
import worker from "../../workers/app";
import { ORIGIN } from "./auth-helpers";
import { TEST_TOTP_SECRET } from "./factories";
import { testEnv } from "./test-env";

const QUEUE = "pay-and-buy-notifications";

/** A browser's way into the Worker: a cookie jar, form posts and page loads, and what it published. */
export function accountClient(options: { userAgent?: string; address?: string } = {}) {
  const published: NotificationMessage[] = [];
  const queue = {
    async send(body: NotificationMessage) {
      published.push(body);
    },
    async sendBatch(messages: Iterable<{ body: NotificationMessage }>) {
      for (const message of messages) published.push(message.body);
    },
  };
  const jar = new Map<string, string>();

  function remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function call(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size && !headers.has("Cookie")) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (options.userAgent) headers.set("User-Agent", options.userAgent);
    if (options.address) headers.set("CF-Connecting-IP", options.address);
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      { ...testEnv, NOTIFICATIONS: queue } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    remember(response);
    return response;
  }

  return {
    published,
    jar,
    /** The session cookie this browser holds, if any. */
    session: () => jar.get(SESSION_COOKIE) ?? null,
    get: (path: string, headers: Record<string, string> = {}) => call(path, { headers }),
    post: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      call(path, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          ...headers,
        },
        body: new URLSearchParams(fields),
      }),
    /** A JSON call to the REST API, with a bearer token when given. */
    api: (method: string, path: string, body?: unknown, bearer?: string) =>
      call(`/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(bearer ? { Authorization: bearer } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    /** Delivers what was published so far through the Worker's queue consumer, into the outbox. */
    async deliver(env: Record<string, unknown> = { LOCAL_DEV: "true" }) {
      const messages = published.splice(0);
      if (messages.length === 0) return;
      const batch = createMessageBatch<NotificationMessage>(
        QUEUE,
        messages.map((body, index) => ({ id: `m-${Date.now()}-${index}`, timestamp: new Date(), attempts: 1, body })),
      );
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch, { ...testEnv, ...env } as unknown as Env, ctx);
      await getQueueResult(batch as MessageBatch, ctx);
    },
  };
}

export type AccountClient = ReturnType<typeof accountClient>;

/** The letters in the outbox for an address, newest first. */
export async function lettersTo(email: string) {
  return database(testEnv.DB)
    .select()
    .from(emailOutbox)
    .where(eq(sql`lower(${emailOutbox.toEmail})`, email.toLowerCase()))
    .orderBy(desc(emailOutbox.createdAt), sql`rowid desc`);
}

/** The one-time link in the newest letter of a kind to an address, as a path of this site. */
export async function linkFromLetter(email: string, kind: string): Promise<string> {
  const letter = (await lettersTo(email)).find((row) => row.kind === kind);
  expect(letter, `a ${kind} letter to ${email}`).toBeTruthy();
  const url = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(letter!.body)?.[0];
  expect(url, `a link in the ${kind} letter`).toBeTruthy();
  const parsed = new URL(url!);
  expect(parsed.origin).toBe(ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
}

/** The token of a link path. */
export const tokenOf = (path: string) => new URL(path, ORIGIN).searchParams.get("token")!;

/** Every value of every table, as text: to prove a secret was never stored. */
export async function everythingStored(): Promise<string> {
  const { results } = await testEnv.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const rows = await testEnv.DB.batch(results.map(({ name }) => testEnv.DB.prepare(`SELECT * FROM "${name}"`)));
  return JSON.stringify(rows.map((result) => result.results));
}

function base32Decode(text: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = new Uint8Array(Math.floor(bits.length / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return bytes;
}

/** RFC 4226 HOTP (HMAC-SHA-1, 6 digits) of a base32 secret at a counter. */
export async function hotp(secret: string, counter: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    base32Decode(secret) as BufferSource,
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1]! & 0xf;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 1_000_000).padStart(6, "0");
}

/** The current 30-second step (RFC 6238). */
export const currentStep = (now = Date.now()) => Math.floor(now / 30_000);

/** The code an authenticator app shows now for the secret (one step later with `offset` 1). */
export const appCode = (secret = TEST_TOTP_SECRET, offset = 0) => hotp(secret, currentStep() + offset);
