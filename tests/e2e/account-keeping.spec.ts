// Accounts people can keep, as their owners use them, with JavaScript and without: a forgotten
// password, a verified address, the settings, the sessions, two-factor sign-in, and leaving with
// one's data. Letters are read from the local outbox.
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import {
  expectToast,
  hasLetter,
  letterLink,
  login,
  logout,
  register,
  signOut,
  signUp,
  totpCode,
  uniqueEmail,
} from "./helpers";
import { listingOfNewSeller } from "./seller-helpers";

const PASSWORD = "long enough password";

/** A new buyer, registered through the API of the page's browser, signed in, its address verified or not. */
async function newAccount(page: Page, info: TestInfo, label: string, name: string) {
  const email = uniqueEmail(info, label);
  await signUp(page, { name, email, password: PASSWORD });
  return email;
}

async function openSettings(page: Page) {
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

test("a forgotten password comes back through a one-time link in a letter", async ({ page, browser }, info) => {
  const email = await newAccount(page, info, "forgetful", "Fay Forgetful");
  await signOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email*").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expectToast(page, "If an account exists for that address, we sent it a link");
  // An address without an account is answered the same.
  await page.getByLabel("Email*").fill(uniqueEmail(info, "nobody"));
  await page.getByRole("button", { name: "Send another link" }).click();
  await expectToast(page, "If an account exists for that address, we sent it a link");

  const link = await letterLink(page, email, "Password reset");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password*", { exact: true }).fill("a new password of mine");
  await page.getByLabel("New password again*").fill("a new password, mistyped");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await page.getByLabel("New password*", { exact: true }).fill("a new password of mine");
  await page.getByLabel("New password again*").fill("a new password of mine");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Your password is changed");

  await login(page, { email, password: "a new password of mine" });
  await expectToast(page, "Welcome back, Fay Forgetful");
  // The link worked once: opened again (in another browser), it says so.
  const other = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const again = await other.newPage();
  const response = await again.goto(link);
  expect(response?.status()).toBe(410);
  await expect(again.getByRole("heading", { name: "This link was used" })).toBeVisible();
  await again.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(again).toHaveURL(/\/forgot-password$/);
  await other.close();
});

test("a new account verifies its address from the letter; until then a banner offers Resend", async ({
  page,
}, info) => {
  const email = uniqueEmail(info, "verify");
  await page.goto("/register");
  await register(page, { name: "Vic Verify", email, password: PASSWORD, role: "Seller" });
  await expectToast(page, "Vic Verify, User created successfully");
  const banner = page.getByRole("complementary", { name: "Email address not verified" });
  await expect(banner).toContainText("Until then your listings are not shown to buyers.");
  const first = await letterLink(page, email, "Email verification");
  // Resend waits a minute after a letter: the banner says so rather than sending another.
  await banner.getByRole("button", { name: "Resend" }).click();
  await expectToast(page, "We sent you a link a moment ago");
  await page.goto(first);
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await page.getByRole("button", { name: `Confirm ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expectToast(page, "Your email address is verified.");
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Email address not verified" })).toHaveCount(0);
});

test("settings: name and phone, a new address confirmed at itself, a new password", async ({ page }, info) => {
  const email = await newAccount(page, info, "settle", "Sid Settings");
  await openSettings(page);
  const profile = page.locator("form#profile");
  await profile.getByLabel("Name*").fill("Sid Renamed");
  await profile.getByLabel("Phone number").fill("call me");
  await profile.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Enter a phone number, e.g. +1 415 555 0100")).toBeVisible();
  await profile.getByLabel("Phone number").fill("+1 415 555 0177");
  await profile.getByRole("button", { name: "Save details" }).click();
  await expectToast(page, "Your details are saved.");
  await expect(page.locator("form#profile").getByLabel("Name*")).toHaveValue("Sid Renamed");

  const newEmail = uniqueEmail(info, "moved");
  const emailForm = page.locator("form#email");
  await emailForm.getByLabel("New email address*").fill(newEmail);
  await emailForm.getByLabel("Current password*").fill("not my password");
  await emailForm.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await page.locator("form#email").getByLabel("New email address*").fill(newEmail);
  await page.locator("form#email").getByLabel("Current password*").fill(PASSWORD);
  await page.locator("form#email").getByRole("button", { name: "Change email" }).click();
  await expectToast(page, `We sent a link to ${newEmail}.`);
  await expect(page.getByText(`A link was sent to ${newEmail}`)).toBeVisible();
  await page.goto(await letterLink(page, newEmail, "Email change"));
  await page.getByRole("button", { name: `Confirm ${newEmail}` }).click();
  await expectToast(page, `Your email address is now ${newEmail}.`);
  await expect(page.getByText(`${newEmail} is verified.`)).toBeVisible();
  await expect.poll(() => hasLetter(page, email, "Email changed"), { timeout: 30_000 }).toBe(true);

  const password = page.locator("form#password");
  await password.getByLabel("Current password*").fill(PASSWORD);
  await password.getByLabel("New password*", { exact: true }).fill("my next password");
  await password.getByLabel("New password again*").fill("my next password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Your password is changed");
  await logout(page);
  await login(page, { email: newEmail, password: "my next password" });
  await expectToast(page, "Welcome back, Sid Renamed");
});

/** A second browser of the same person, signed in through the login page. */
async function secondBrowser(browser: Browser, info: TestInfo, account: { email: string; password: string }) {
  const context = await browser.newContext({
    javaScriptEnabled: info.project.name === "js",
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  });
  const page = await context.newPage();
  await login(page, account);
  await expectToast(page, "Welcome back");
  return { context, page };
}

test("sessions: another browser is signed out from Settings, then every other one at once", async ({
  page,
  browser,
}, info) => {
  const email = await newAccount(page, info, "sessions", "Sue Sessions");
  const phone = await secondBrowser(browser, info, { email, password: PASSWORD });
  const tablet = await secondBrowser(browser, info, { email, password: PASSWORD });
  await openSettings(page);
  const sessions = page.getByRole("table", { name: "Where your account is signed in" });
  await expect(sessions.getByRole("row")).toHaveCount(4);
  await expect(sessions.getByText("This session")).toHaveCount(1);
  await expect(sessions.getByRole("rowheader", { name: "Chrome on Android" })).toHaveCount(2);
  await sessions
    .getByRole("button", { name: /^Sign out Chrome on Android/ })
    .first()
    .click();
  await expectToast(page, "That session is signed out.");
  await expect(page.getByRole("table", { name: "Where your account is signed in" }).getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expectToast(page, "Every other session is signed out.");
  await expect(page.getByText("This is the only session of your account.")).toBeVisible();
  for (const other of [phone, tablet]) {
    await other.page.goto("/dashboard/settings");
    await expect(other.page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fsettings$/);
    await other.context.close();
  }
});

test("two-factor sign-in: set up with an app, asked at the next sign-in; a recovery code works once", async ({
  page,
}, info) => {
  const email = await newAccount(page, info, "twofactor", "Theo Two");
  await openSettings(page);
  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code that adds your Pay&Buy account/ })).toBeVisible();
  const key = ((await page.getByText(/^Key:/).textContent()) ?? "").replace(/^Key:|\s/g, "");
  // Turning it on asks for the password again (ADR 0075): without it, nothing is turned on.
  await page.getByLabel("Code from your authenticator app*").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await page.getByLabel("Code from your authenticator app*").fill("000000");
  await page.getByLabel("Current password*").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Code from your authenticator app*").fill(totpCode(key));
  await page.getByLabel("Current password*").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is on. Keep your recovery codes")).toBeVisible();
  const first = await page
    .getByRole("listitem")
    .filter({ hasText: /^[a-z0-9]{5}-[a-z0-9]{5}$/ })
    .allTextContents();
  expect(first).toHaveLength(10);
  // Shown once: the next view of the page has none.
  await page.goto("/dashboard/settings/two-factor");
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toHaveCount(0);
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();
  // New codes ask for the password again too; the old ones stop working.
  const regenerate = page.locator("form#two-factor-regenerate");
  await regenerate.getByLabel("Current password (or a code below)").fill(PASSWORD);
  await regenerate.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const codes = await page
    .getByRole("listitem")
    .filter({ hasText: /^[a-z0-9]{5}-[a-z0-9]{5}$/ })
    .allTextContents();
  expect(codes).toHaveLength(10);
  expect(codes).not.toContain(first[0]);
  await page.goto("/dashboard/settings/two-factor");
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toHaveCount(0);

  await logout(page);
  await login(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await page.getByLabel("Code*").fill(totpCode(key, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "Welcome back, Theo Two");
  await logout(page);
  await login(page, { email, password: PASSWORD });
  await page.getByLabel("Code*").fill(codes[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "You used a recovery code; 9 left.");
  await logout(page);
  await login(page, { email, password: PASSWORD });
  await page.getByLabel("Code*").fill(codes[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
});

test("leaving: my data as a file; deleting the account waits for an open booking to end", async ({
  page,
  browser,
}, info) => {
  const listing = await listingOfNewSeller(browser, info, "Leaving Lens");
  const email = await newAccount(page, info, "leaving", "Lou Leaving");
  await page.goto(`/listings/${listing.id}?book=${listing.id}`);
  const dialog = page.getByRole("dialog", { name: `Book ${listing.name}` });
  await dialog.getByLabel("Your Location*").fill("Coffee bar on 5th");
  await dialog.getByLabel("Your Contact*").fill("+1 212 555 0188");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  await expectToast(page, "Booking Submitted Successfully");

  await openSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pay-and-buy-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
    account: { email: string; name: string };
    bookings: Array<{ productName: string; yourSide: string }>;
  };
  expect(data.account).toMatchObject({ email, name: "Lou Leaving" });
  expect(data.bookings).toEqual([expect.objectContaining({ productName: listing.name, yourSide: "buyer" })]);

  await page.getByRole("link", { name: "Delete my account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" });
  await confirm.getByLabel("Current password*").fill(PASSWORD);
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account cannot be deleted while a deal is open")).toBeVisible();
  await page.goto("/dashboard/my_orders");
  await page
    .getByRole("row")
    .filter({ hasText: listing.name })
    .getByRole("link", { name: /Cancel/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expectToast(page, "Booking had been canceled");

  await page.goto("/dashboard/settings?confirm=delete-account");
  const again = page.getByRole("dialog", { name: "Delete your account?" });
  await again.getByLabel("Current password*").fill(PASSWORD);
  await again.getByRole("button", { name: "Delete my account" }).click();
  await expectToast(page, "Your account is deleted.");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
  await login(page, { email, password: PASSWORD });
  await expect(page.getByText("this account not exist.")).toBeVisible();
});
