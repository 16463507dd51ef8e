// The reader's time zone (ADR 0104), as a reader meets it: with JavaScript the browser's zone is
// kept after the first page; without, dates say UTC until a zone is chosen in Settings, and a
// choice is never overwritten by a guess.
import { expect } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";

test.use({ timezoneId: "America/Chicago" });

const zoneSection = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Time zone" });

test("dates are written in the reader's zone: guessed where JavaScript runs, chosen in Settings", async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signUp(page, { name: "Tia Traveller", email: uniqueEmail(info, "zone"), password: "long enough password" });
  await page.goto("/dashboard/settings");
  const section = zoneSection(page);
  if (javaScriptEnabled) {
    // The browser's zone is sent once after the page has settled; the next page is written in it.
    await expect(async () => {
      await page.reload();
      await expect(zoneSection(page)).toContainText("written in America/Chicago time", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  } else {
    await expect(section).toContainText("Dates and times are written in UTC");
    await expect(section.getByLabel("Time zone")).toHaveValue("UTC");
  }
  await expectAccessible(page, "Settings with the time zone");

  // A choice: kept, and no later guess overwrites it.
  await zoneSection(page).getByLabel("Time zone").selectOption("Europe/Berlin");
  await zoneSection(page).getByRole("button", { name: "Save time zone" }).click();
  await expectToast(page, "Dates are now written in Europe/Berlin time.");
  await expect(zoneSection(page)).toContainText(
    /written in Europe\/Berlin time: it is now \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d GMT\+[12]/,
  );
  await page.goto("/dashboard/my_orders");
  await page.goto("/dashboard/settings");
  await expect(zoneSection(page)).toContainText("written in Europe/Berlin time");
  await expect(zoneSection(page).getByLabel("Time zone")).toHaveValue("Europe/Berlin");
});
