// Debian's Chromium, as the end-to-end tests and the bench start it: never a downloaded
// browser, and no background traffic (this machine's network is closed).
import { existsSync } from "node:fs";

/** The full browser: the bench's Lighthouse runs and measures pages in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The journeys' browser: Debian's `chromium-headless-shell` (the same engine without the
 * desktop browser around it, ADR 0078), which costs the suite's 2-core machine about a third of
 * the full browser's CPU; the full browser where it is not installed.
 */
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
