// Every control drawn as an icon alone (the header's logo, search and menu, the footer's social
// links, a listing's Report flag, a gallery's thumbnails) shows its icon on every page it appears on: it holds a drawing
// of its own that is laid out and names a symbol the sprite has, rather than relying on a page's
// CSS around it. With and without JavaScript.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, signIn } from "./helpers";

type IconControl = { control: string; icons: { href: string; width: number; height: number }[] };

/** The controls with no text of their own, and the icons each draws. */
async function iconControls(page: Page): Promise<IconControl[]> {
  // What the browser skips rendering off screen (content-visibility: auto: cards, the footer) is
  // not laid out: it is all rendered for the check.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("*")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
  });
  return page.locator("a, button, summary").evaluateAll((controls) =>
    controls
      .filter((control) => (control.textContent ?? "").trim() === "" && control.getClientRects().length > 0)
      .map((control) => ({
        control: control.getAttribute("aria-label") ?? control.outerHTML.slice(0, 120),
        // An icon, or a picture (a gallery's thumbnails).
        icons: [...control.querySelectorAll("svg, img")].map((drawing) => {
          const box = drawing.getBoundingClientRect();
          const href = drawing.querySelector("use")?.getAttribute("href") ?? "";
          return { href, width: box.width, height: box.height };
        }),
      })),
  );
}

async function expectIconsDrawn(page: Page, what: string, mustShow: RegExp[]) {
  const sprite = await (await page.request.get("/icons.svg")).text();
  const controls = await iconControls(page);
  for (const shown of mustShow) {
    expect(
      controls.some(({ control }) => shown.test(control)),
      `${what} has an icon control named ${shown}`,
    ).toBe(true);
  }
  for (const { control, icons } of controls) {
    expect(icons.length, `${what}: "${control}" draws an icon`).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.width, `${what}: "${control}"'s icon is laid out`).toBeGreaterThanOrEqual(12);
      expect(icon.height, `${what}: "${control}"'s icon is laid out`).toBeGreaterThanOrEqual(12);
      if (icon.href) {
        const symbol = icon.href.replace(/^\/icons\.svg#/, "");
        expect(sprite, `${what}: "${control}" names a symbol the sprite draws`).toContain(`<symbol id="${symbol}"`);
      }
    }
  }
}

const REPORT = /^Report: /;
const HEADER = /^Search listings$/;

test.describe("icon controls show their icons", () => {
  test("signed out: on the home page, a listing's page and a seller's profile", async ({ page }) => {
    await page.goto("/");
    await expectIconsDrawn(page, "the home page", [HEADER, REPORT]);

    await page.locator("article").first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/listings\//);
    await expectIconsDrawn(page, "a listing's page", [HEADER, REPORT]);

    await page.locator("a[href^='/sellers/']").first().click();
    await expect(page).toHaveURL(/\/sellers\//);
    await expectIconsDrawn(page, "a seller's profile", [HEADER]);
  });

  test("for a signed-in buyer: on a category, search and a listing's page", async ({ page }) => {
    await signIn(page, DEMO.buyer2);
    await page.goto("/products/camera");
    await expectIconsDrawn(page, "a category page", [HEADER, REPORT]);

    await page.goto("/search?q=lens");
    await expectIconsDrawn(page, "search", [HEADER, REPORT]);

    await page.locator("article").first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/listings\//);
    await expectIconsDrawn(page, "a listing's page", [HEADER, REPORT]);
  });
});
