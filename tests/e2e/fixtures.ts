// The journeys' `test`: with JavaScript on, a page opened by `goto` or `reload` is handed over
// once the app has hydrated. The page's modules load after its load event (ADR 0043), so a click
// right after `goto` could reach the plain HTML page; the journeys about what JavaScript adds
// start from the enhanced one. Without JavaScript nothing changes.
import { test as base, type Page } from "@playwright/test";

/** Waits until the app has hydrated the page, if it is one of the app's pages. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" ||
      // A page without React Router's parked module script (a photo, a file) never hydrates.
      document.querySelector('script[type="text/x-module-after-load"]') === null,
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
});
