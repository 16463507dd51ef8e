// Bindings, settings and secrets are parsed once per isolate at the load-context boundary;
// nothing else in the app reads the raw `env`.
import * as z from "zod";
import { percentToBasisPoints } from "#app/domain/deals/ledger/fees";
import { MAX_PROTECTION_DAYS } from "#app/domain/deals/providers/settings";
import type { NotificationMessage } from "#app/domain/notifications/messages";
import { type Currency, currencyOf } from "#app/domain/shared/money";

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const settingsSchema = z.object({
  APP_NAME: z.string().default("Pay&Buy"),
  // Set only by the local commands (npm start, the end-to-end server): allows the local
  // defaults below. A deployed Worker without its secrets refuses to start serving.
  LOCAL_DEV: z.enum(["true", "false"]).default("false"),
  // A comma-separated list: sign with the first, accept all (rotation).
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value = "") =>
      value
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, "SESSION_SECRET entries need 32+ characters"))),
  PAYMENT_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/)
    .default("usd"),
  // How long an unpaid booking holds its product (hours): fixed on each booking when it is made.
  BOOKING_HOLD_HOURS: z.coerce
    .number({ error: "BOOKING_HOLD_HOURS must be a whole number of hours" })
    .int("BOOKING_HOLD_HOURS must be a whole number of hours")
    .min(1, "BOOKING_HOLD_HOURS must be at least 1")
    .max(336, "BOOKING_HOLD_HOURS must be at most 336 (14 days)")
    .default(48),
  // The platform's commission (ADR 0057): a percentage from 0 to 50 with at most two decimals,
  // plus an optional fixed part in cents.
  PLATFORM_FEE_PERCENT: z
    .string()
    .trim()
    .default("8")
    .refine((value) => percentToBasisPoints(value) !== null, {
      error: "PLATFORM_FEE_PERCENT must be a percentage from 0 to 50 with at most two decimals, such as 8 or 8.5",
    }),
  PLATFORM_FEE_FIXED_CENTS: z.coerce
    .number({ error: "PLATFORM_FEE_FIXED_CENTS must be a whole number of cents" })
    .int("PLATFORM_FEE_FIXED_CENTS must be a whole number of cents")
    .min(0, "PLATFORM_FEE_FIXED_CENTS must be at least 0")
    .max(10_000, "PLATFORM_FEE_FIXED_CENTS must be at most 10000 ($100)")
    .default(0),
  // Days a buyer's payment is held after paying before it is released by itself (ADR 0057):
  // fixed on each deal when it is paid.
  BUYER_PROTECTION_DAYS: z.coerce
    .number({ error: "BUYER_PROTECTION_DAYS must be a whole number of days" })
    .int("BUYER_PROTECTION_DAYS must be a whole number of days")
    .min(1, "BUYER_PROTECTION_DAYS must be at least 1")
    .max(MAX_PROTECTION_DAYS, `BUYER_PROTECTION_DAYS must be at most ${MAX_PROTECTION_DAYS}`)
    .default(3),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  // The signing secrets of the two webhook endpoints: the platform's events, and the events of
  // connected accounts (sellers' payout accounts: account.updated, payout.*).
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_CONNECT_WEBHOOK_SECRET: optional,
  // Shipping labels and tracking through Shippo (ADR 0086, docs/guides/shipping.md): with no key
  // the offline carrier is used. The webhook secret is the token its tracking webhook URL carries.
  SHIPPO_API_KEY: optional,
  SHIPPO_WEBHOOK_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  // The public origin, used for OAuth and payment return URLs; the request's origin otherwise.
  APP_URL: optional,
  // Where customers write (the Contact page); support@<the site's host name> otherwise.
  SUPPORT_EMAIL: optional.pipe(z.email("SUPPORT_EMAIL must be an email address").optional()),
  // Notifications by email (ADR 0034): without a key (or under LOCAL_DEV) letters go to the
  // email_outbox table instead.
  EMAIL_API_URL: optional.pipe(z.url("EMAIL_API_URL must be a URL").optional()),
  EMAIL_API_KEY: optional,
  EMAIL_FROM: optional,
});

const LOCAL_SESSION_SECRET = "local-development-only-secret-0123456789abcdef";

export type Settings = z.infer<typeof settingsSchema>;

export interface AppEnv {
  DB: D1Database;
  PHOTOS: R2Bucket;
  /** The static assets (build/client): the static pages' text is read from them (ADR 0084). */
  ASSETS?: Fetcher;
  /** Cloudflare Images: makes the WebP renditions of uploaded photos (ADR 0029). */
  IMAGES: ImagesBinding;
  /** The notification queue's producer (ADR 0033); absent only where nothing is published. */
  NOTIFICATIONS?: Queue<NotificationMessage>;
  settings: Settings;
  /** PAYMENT_CURRENCY as every amount is written and read in (ADR 0095). */
  currency: Currency;
}

const cache = new WeakMap<object, AppEnv>();

export function parseEnv(env: Record<string, unknown>): AppEnv {
  const cached = cache.get(env);
  if (cached) return cached;
  const db = env.DB as D1Database | undefined;
  const photos = env.PHOTOS as R2Bucket | undefined;
  const images = env.IMAGES as ImagesBinding | undefined;
  if (!db || !photos || !images) throw new Error("The DB (D1), PHOTOS (R2) and IMAGES (Images) bindings are required");
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const settings = parsed.data;
  if (settings.SESSION_SECRET.length === 0) {
    if (settings.LOCAL_DEV !== "true") throw new Error("SESSION_SECRET is not configured");
    settings.SESSION_SECRET = [LOCAL_SESSION_SECRET];
  }
  const notifications = env.NOTIFICATIONS as Queue<NotificationMessage> | undefined;
  const assets = env.ASSETS as Fetcher | undefined;
  const appEnv: AppEnv = {
    DB: db,
    PHOTOS: photos,
    IMAGES: images,
    NOTIFICATIONS: notifications,
    ASSETS: assets,
    settings,
    currency: currencyOf(settings.PAYMENT_CURRENCY),
  };
  cache.set(env, appEnv);
  return appEnv;
}

/**
 * The same bindings with another D1 (a Sessions API session, the bench's counter), parsed once:
 * the settings are those of `env`.
 */
export function withDatabase<T extends object>(env: T, db: D1Database): T {
  const parsed = parseEnv(env as unknown as Record<string, unknown>);
  const next = { ...env, DB: db };
  cache.set(next, { ...parsed, DB: db });
  return next;
}

/** Anything that carries the parsed environment: React Router's load context or the API's. */
export interface EnvContext {
  env: AppEnv;
}
