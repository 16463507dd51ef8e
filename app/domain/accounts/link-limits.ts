// How many one-time links of each purpose an account may be sent per hour (browser-safe: the
// pages' words name the limits).
import type { AccountTokenPurpose } from "#db/closed-lists";

/** Links of one purpose an account may be sent per hour. */
export const LINKS_PER_HOUR: Record<AccountTokenPurpose, number> = {
  reset_password: 3,
  verify_email: 5,
  change_email: 5,
};
