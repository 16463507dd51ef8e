// Sending a letter, whatever the provider: production posts it to an HTTP email API
// (Resend-style JSON); locally, and whenever no API key is configured, it lands in the
// `email_outbox` table, which a LOCAL_DEV server shows at /dev/outbox (ADR 0034).
import { desc, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { emailOutbox } from "#db/schema";
import type { EventKind } from "./events";

export interface Letter {
  kind: EventKind;
  to: string;
  subject: string;
  text: string;
}

export interface EmailProvider {
  readonly name: "http" | "outbox";
  /** Sends one letter; throws when it was not accepted (the message is then retried). */
  send(letter: Letter, idempotencyKey: string): Promise<void>;
}

export interface EmailSettings {
  LOCAL_DEV: "true" | "false";
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}

export const DEFAULT_EMAIL_API_URL = "https://api.resend.com/emails";

export function httpEmailProvider(settings: { url: string; apiKey: string; from: string }): EmailProvider {
  return {
    name: "http",
    async send(letter, idempotencyKey) {
      const response = await fetch(settings.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${settings.apiKey}`,
          "Content-Type": "application/json",
          // The provider drops a second request with the same key (a retry after a lost answer).
          "Idempotency-Key": idempotencyKey,
        },
        body: JSON.stringify({ from: settings.from, to: [letter.to], subject: letter.subject, text: letter.text }),
      });
      if (!response.ok) throw new Error(`The email provider answered ${response.status}`);
    },
  };
}

export function outboxEmailProvider(db: Database): EmailProvider {
  return {
    name: "outbox",
    async send(letter) {
      await db
        .insert(emailOutbox)
        .values({ kind: letter.kind, toEmail: letter.to, subject: letter.subject, body: letter.text });
    },
  };
}

/** The HTTP provider when an API key is set outside LOCAL_DEV; the outbox otherwise. */
export function chooseEmailProvider(db: Database, settings: EmailSettings): EmailProvider {
  if (!settings.EMAIL_API_KEY || settings.LOCAL_DEV === "true") return outboxEmailProvider(db);
  if (!settings.EMAIL_FROM) throw new Error("EMAIL_FROM is required when EMAIL_API_KEY is set");
  return httpEmailProvider({
    url: settings.EMAIL_API_URL ?? DEFAULT_EMAIL_API_URL,
    apiKey: settings.EMAIL_API_KEY,
    from: settings.EMAIL_FROM,
  });
}

export const OUTBOX_PAGE_SIZE = 100;

/** The newest letters of the outbox first. */
export function listOutbox(db: Database) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), sql`rowid desc`).limit(OUTBOX_PAGE_SIZE);
}
