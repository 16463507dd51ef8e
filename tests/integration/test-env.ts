import { env } from "cloudflare:test";
import type { D1Migration } from "@cloudflare/vitest-plugin";

/** The bindings of the Worker under test, plus what vitest.config.ts adds for tests. */
export const testEnv = env as unknown as Env & {
  TEST_MIGRATIONS: D1Migration[];
  SESSION_SECRET: string;
  /** The text of ../shared/spec/pay-and-buy-spec.md ("" when it is not there). */
  PRODUCT_SPEC: string;
};
