// Writes to the running server's local D1 (wrangler's own command, as an operator would), for the
// few things a person cannot do through the site: let time pass for one row. Never part of the
// Worker; it writes to the local state the server command made (playwright.config.ts's E2E_STATE).
import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { E2E_STATE } from "../../playwright.config";

/**
 * Runs one statement. The server may hold the database's write lock at that moment (another
 * journey's write): then the statement is tried again. Starting wrangler takes several seconds.
 */
export async function executeSql(sql: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--command", sql], {
        stdio: "pipe",
      });
      return;
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/.test(String((error as { stderr?: Buffer }).stderr ?? error));
      if (!busy || attempt === 5) throw error;
      await sleep(500 * attempt);
    }
  }
}

/**
 * A listing's current price as if it had been set 25 hours earlier: kept for a day, so a lower
 * price is a price drop measured from it (ADR 0077).
 */
export async function keepPriceForADay(productId: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(productId)) throw new Error(`Not a product id: ${productId}`);
  await executeSql(
    `UPDATE products SET price_set_at = price_set_at - ${25 * 60 * 60 * 1000} WHERE id = '${productId}'`,
  );
}
