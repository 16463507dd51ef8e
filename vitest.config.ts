// Integration tests run inside workerd against the real migrations and the production build
// of the Worker (`npm run build` first).
import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * The product's spec, beside the repository (`../shared/`, as CI checks it out): workerd cannot
 * read files, so its text is a binding. Empty when it is missing, and the test that reads it says so.
 */
function specText(): string {
  try {
    return readFileSync(new URL("../shared/spec/pay-and-buy-spec.md", import.meta.url), "utf8");
  } catch {
    return "";
  }
}

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          PRODUCT_SPEC: specText(),
          SESSION_SECRET: "integration-test-secret-0123456789abcdef",
          GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
          GOOGLE_CLIENT_SECRET: "test-client-secret",
          // The edge cache would answer one test with another's page; its own tests turn it on.
          EDGE_CACHE: "off",
          // A batched read whose columns share a name fails its test (db/read-batcher.ts).
          D1_BATCH_CHECK: "on",
          // React's production build, as the deployed Worker renders: `process.env` carries the
          // bindings (nodejs_compat), and without NODE_ENV React's CommonJS entry picks its
          // development build, whose checks cost the page tests much of their time.
          NODE_ENV: "production",
        },
        // What the tests' requests publish goes to a queue nobody consumes: no consumer writes
        // rows between a test's snapshots. The tests drive the Worker's queue() handler
        // themselves (tests/integration/notifications.test.ts).
        queueProducers: { NOTIFICATIONS: { queueName: "pay-and-buy-notifications-unconsumed" } },
      },
    })),
  ],
  test: {
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    // Several tests walk every listing state through pages and calls; on a busy 2-core machine
    // they need more than the 5 s default. A hang still fails, just later.
    testTimeout: 20_000,
    // Two files at a time, each in its own workerd runtime and storage: on a 2-core machine the
    // default (one less than the cores) runs the files one after another, and each file spends
    // seconds starting up while the other core idles.
    maxWorkers: 2,
    deps: { optimizer: { ssr: { enabled: true, include: ["react-router"] } } },
  },
});
