// Every test starts on a clean database with the real migrations applied.
import { applyD1Migrations, reset } from "cloudflare:test";
import { testEnv as env } from "./test-env";
import { beforeEach } from "vitest";

beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
