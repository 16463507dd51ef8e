// Sending a letter, whatever the provider: production posts it to an HTTP email API
// (Resend-style JSON); locally, and whenever no API key is configured, it lands in the
// `email_outbox` table, which a LOCAL_DEV server shows at /dev/outbox (ADR 0034).
import { desc, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { LetterKind } from "#db/closed-lists";
import { emailOutbox } from "#db/schema";

export interface Letter {
  kind: LetterKind;
  to: string;
  subject: string;
  text: string;
  /** Parts of the text only the recipient may read (a one-time link): never stored by us. */
  secrets?: readonly string[];
  /** Mail headers beyond the usual, such as List-Unsubscribe (RFC 8058, ADR 0062). */
  headers?: Readonly<Record<string, string>>;
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
        body: JSON.stringify({
          from: settings.from,
          to: [letter.to],
          subject: letter.subject,
          text: letter.text,
          ...(letter.headers ? { headers: letter.headers } : {}),
        }),
      });
      if (!response.ok) throw new Error(`The email provider answered ${response.status}`);
    },
  };
}

/** What the outbox keeps of a secret when it stands in for no one's mailbox. */
export const WITHHELD = "[one-time link withheld: no email provider is configured]";

/**
 * The outbox. On a LOCAL_DEV server it is the developer's mailbox and keeps letters whole, links
 * included; anywhere else (a deployed Worker without an email provider) it keeps them without
 * their secrets, so no one-time link is ever stored in clear in a real database.
 */
export function outboxEmailProvider(db: Database, options: { keepSecrets: boolean }): EmailProvider {
  return {
    name: "outbox",
    async send(letter) {
      let body = letter.text;
      let headers = letter.headers ? JSON.stringify(letter.headers) : null;
      if (!options.keepSecrets) {
        for (const secret of letter.secrets ?? []) {
          body = body.replaceAll(secret, WITHHELD);
          headers = headers?.replaceAll(secret, WITHHELD) ?? null;
        }
      }
      await db
        .insert(emailOutbox)
        .values({ kind: letter.kind, toEmail: letter.to, subject: letter.subject, body, headers });
    },
  };
}

/** The HTTP provider when an API key is set outside LOCAL_DEV; the outbox otherwise. */
export function chooseEmailProvider(db: Database, settings: EmailSettings): EmailProvider {
  const local = settings.LOCAL_DEV === "true";
  if (!settings.EMAIL_API_KEY || local) return outboxEmailProvider(db, { keepSecrets: local });
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
