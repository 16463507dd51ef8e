import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from "./tests/e2e/chromium";

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 8788);
export const BASE_URL = `http://localhost:${PORT}`;
/** The server's local D1/R2 state; journeys that set data up directly write to it. */
export const E2E_STATE = `.e2e-state-${PORT}`;

// Debian's Chromium headless shell; Playwright never downloads a browser here.
const launchOptions = { executablePath: JOURNEY_CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey is several people's pages on a 2-core machine that also runs the server: some take
  // 25–30 s there, so twice that before a journey counts as hung.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every journey about a fifth of its time (screenshots, snapshots),
    // so CI records one only when a journey failed once and runs again (ADR 0078).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  // Migrations and seed run inside the server command: webServer starts before globalSetup,
  // which makes the demo accounts' sessions for the journeys that only start signed in.
  globalSetup: "./tests/e2e/global-setup.ts",
  webServer: {
    command: `bash tests/e2e/serve.sh ${PORT} ${E2E_STATE}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
