// Every test starts on a clean database with the real migrations applied.
import { applyD1Migrations, reset } from "cloudflare:test";
import { beforeEach } from "vitest";
import { testEnv as env } from "./test-env";

beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
