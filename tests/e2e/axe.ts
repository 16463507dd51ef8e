// axe's check of a page, with and without JavaScript: every rule of WCAG 2.0, 2.1 and 2.2 at
// levels A and AA and axe's best practices. Used by the accessibility journeys and by the
// journeys that reach a page's sections only with their data (Payouts' months, Claims' lists).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

// Every rule of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices; none disabled.
const RULE_SETS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe finds nothing on the page as it is now (a violation lists its rule and elements). */
export async function expectAccessible(page: Page, what: string) {
  // With JavaScript, the first page of a session shows the splash for a second.
  await expect(page.locator("html")).not.toHaveClass(/splash/);
  const scripts = test.info().project.use.javaScriptEnabled !== false;
  const checked = scripts ? page : await scriptlessCopy(page);
  // What the browser skips rendering (content-visibility: auto, off screen: the footer, cards)
  // has no computed background, so axe's contrast rule sometimes judges it against white: it is
  // all rendered for the check. (Set through the CSSOM, which the page's CSP allows.)
  await checked.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("*")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
  });
  // Legacy mode runs axe once in the page itself. The default also runs it in every frame, then
  // joins the results in a fresh blank page with axe injected again: three times the time per
  // check on this machine. Pay&Buy's pages have no frames, and the check fails if one gains one.
  expect(checked.frames(), `${what} has no frames`).toHaveLength(1);
  const { violations } = await new AxeBuilder({ page: checked }).withTags(RULE_SETS).setLegacyMode(true).analyze();
  if (!scripts) await checked.context().close();
  const found = violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));
  expect(found, what).toEqual([]);
}

/**
 * axe is a script, so it cannot run where scripts are off: the page a browser without
 * JavaScript shows (its DOM, after any form post) is copied, without its scripts, into a page
 * of a browser where axe can run.
 */
async function scriptlessCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const copy = await context.newPage();
  const url = new URL(page.url());
  url.hash = "";
  await copy.route(
    (requested) => requested.href === url.href,
    (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
  );
  await copy.goto(url.href);
  return copy;
}
