import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, signIn } from "./helpers";

// What only the real server shows: static files get their headers from app/public/_headers,
// and a real browser marks a form of another site as cross-site.

test("static files carry their security headers; plain http gets no HSTS", async ({ request }) => {
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  const headers = favicon.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  expect(headers["permissions-policy"]).toContain("camera=()");
  const page = await request.get("/");
  expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(page.headers()["strict-transport-security"]).toBeUndefined();
  // The frame stylesheet comes inside the page (ADR 0045) and is still served for the client.
  const stylesheet = /(?:href|data-inlined-stylesheet)="(\/assets\/[^"]+\.css)"/.exec(await page.text())![1]!;
  const css = await request.get(stylesheet);
  expect(css.headers()["cache-control"]).toContain("immutable");
  expect(css.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a form on another site cannot post to Pay&Buy", async ({ page, baseURL }) => {
  await page.route("http://elsewhere.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Elsewhere</title><form method="post" action="${baseURL}/subscribe">
        <input name="email" value="victim@example.com"><button>Win a camera</button></form>`,
    }),
  );
  await page.goto("http://elsewhere.example/");
  const [response] = await Promise.all([
    page.waitForResponse(`${baseURL}/subscribe`),
    page.getByRole("button", { name: "Win a camera" }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByText("This form was sent from another site")).toBeVisible();
});

/** Every Content-Security-Policy violation the page meets, even one a script caught itself. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

test("the pages' scripts run without a single policy violation, not even a caught one", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "without JavaScript no script runs");
  await recordViolations(page);
  const pages = ["/", "/login", "/register", "/search?q=canon+lens", "/search?q=film&sort=price_asc"];
  await signIn(page, DEMO.buyer);
  pages.push("/products/camera", "/dashboard/my_orders");
  for (const path of pages) {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window), { message: path }).toBe(true);
    const violations = await page.evaluate(
      () => (window as unknown as { policyViolations: string[] }).policyViolations,
    );
    expect(violations, path).toEqual([]);
  }
});
