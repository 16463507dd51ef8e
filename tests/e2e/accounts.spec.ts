import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, expectToast, login, logout, register, signIn, totpCode, uniqueEmail } from "./helpers";

test.describe("registration", () => {
  test("a new buyer registers, is signed in and sees the buyer dashboard", async ({ page }, info) => {
    await page.goto("/register");
    await expect(page).toHaveTitle("Pay&Buy Register");
    await expect(page.getByLabel("Buyer", { exact: true })).toBeChecked();
    await register(page, { name: "Robin Buyer", email: uniqueEmail(info, "robin"), password: "long enough" });
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Robin Buyer, User created successfully");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my_orders$/);
    const tabs = page.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link")).toHaveText([
      "My Orders",
      "Wishlist",
      "My Offers",
      "Messages",
      "Stolen Gear",
      "Settings",
    ]);
    await expect(tabs.getByRole("link", { name: "My Orders" })).toHaveAttribute("aria-current", "page");
  });

  test("a seller registers from a protected page and lands back on it", async ({ page }, info) => {
    await page.goto("/dashboard/add_product");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fadd_product$/);
    await page.getByRole("link", { name: "Do you create a new one?" }).click();
    await register(page, {
      name: "Sasha Seller",
      email: uniqueEmail(info, "sasha"),
      password: "long enough",
      role: "Seller",
    });
    await expect(page).toHaveURL(/\/dashboard\/add_product$/);
    await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText([
      "Add Product",
      "My Products",
      "My Buyers",
      "Offers",
      "Messages",
      "Payouts",
      "Stolen Gear",
      "Settings",
    ]);
  });

  test("shows the spec's messages and keeps what was typed, except the password", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await expect(page.getByText("Password is required.")).toBeVisible();
    await register(page, { name: "Val", email: "not-an-email", password: "short" });
    await expect(page.getByText("Invalid email address. E.g. name@example.com")).toBeVisible();
    await expect(page.getByText("Password should be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Name*")).toHaveValue("Val");
    await expect(page.getByLabel("Email*")).toHaveAttribute("aria-invalid", "true");
  });

  test("refuses an email that is already registered", async ({ page }) => {
    await page.goto("/register");
    await register(page, { name: "Copy Cat", email: DEMO.buyer.email.toUpperCase(), password: "long enough" });
    await expect(page.getByText("This email is already registered")).toBeVisible();
    await expect(page.getByLabel("Name*")).toHaveValue("Copy Cat");
    await expect(page.getByLabel("Password*", { exact: true })).toHaveValue("");
  });

  test("the password can be shown with JavaScript and stays a password field without", async ({ page }, info) => {
    await page.goto("/register");
    const password = page.getByLabel("Password*", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    const toggle = page.getByRole("button", { name: "Show password" });
    if (info.project.name === "no-js") {
      await expect(toggle).toHaveCount(0);
    } else {
      await password.fill("visible secret");
      await toggle.click();
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide password" }).click();
      await expect(password).toHaveAttribute("type", "password");
    }
  });
});

test.describe("login and logout", () => {
  test("a seeded buyer logs in, is welcomed back, and logs out", async ({ page, context }) => {
    await login(page, DEMO.buyer);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Welcome back, Bea Buyer");
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__Host-pb_session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
    await logout(page);
    await expect(page).toHaveURL(/\/$/);
    // The old cookie no longer opens anything, even if it were kept.
    await context.addCookies([session!]);
    await page.goto("/dashboard/my_orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fmy_orders$/);
  });

  test("returns to the remembered page after login", async ({ page }) => {
    await page.goto("/dashboard/wishlist");
    await expect(page).toHaveURL(/redirectTo=%2Fdashboard%2Fwishlist/);
    await page.getByLabel("Email*").fill(DEMO.buyer2.email);
    await page.getByLabel("Password*", { exact: true }).fill(DEMO.buyer2.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
    await expect(page.getByRole("heading", { name: "Wishlist" })).toBeVisible();
  });

  test("never follows a redirect to another site", async ({ page, baseURL }) => {
    await login(page, DEMO.buyer2, "/login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(`${baseURL}/`);
    await logout(page);
    await login(page, DEMO.buyer2, "/login?redirectTo=%2F%2Fevil.example");
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("tells a wrong password and an unknown email apart", async ({ page }) => {
    await login(page, { email: DEMO.seller.email, password: "not-the-password" });
    await expect(page.getByText("email and password didn't match")).toBeVisible();
    await expect(page.getByLabel("Email*")).toHaveValue(DEMO.seller.email);
    await expect(page.getByLabel("Password*", { exact: true })).toHaveValue("");
    await login(page, { email: "nobody-here@example.com", password: "whatever1" });
    await expect(page.getByText("this account not exist.")).toBeVisible();
  });

  test("too many failed attempts lock the account for a while", async ({ page }, info) => {
    const email = uniqueEmail(info, "locked");
    await page.goto("/register");
    await register(page, { name: "Lock Smith", email, password: "right password" });
    await logout(page);
    for (let i = 0; i < 5; i++) {
      await login(page, { email, password: "wrong password" });
      await expect(page.getByText("email and password didn't match")).toBeVisible();
    }
    await login(page, { email, password: "right password" });
    await expect(page.getByText(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("roles", () => {
  test("a buyer is refused admin and seller pages with a 403 page", async ({ page }) => {
    await signIn(page, DEMO.buyer2);
    for (const path of ["/dashboard/all_sellers", "/dashboard/add_product"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Oops!..." })).toBeVisible();
      await expect(page.getByTestId("error-status")).toHaveText("403");
    }
  });

  test("an admin made by the admin command sets up two-factor sign-in first, then sees the admin tabs", async ({
    page,
  }, info) => {
    // One new admin per project: each is taken through its first sign-in once.
    await login(page, info.project.name === "js" ? DEMO.ops : DEMO.ops2);
    await expectToast(page, "Welcome back, Ops Admin");
    await page.goto("/dashboard/all_sellers");
    await expect(page).toHaveURL(/\/dashboard\/settings\/two-factor$/);
    await expectToast(page, "Set up two-factor sign-in first: admin accounts need it.");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: /QR code that adds your Pay&Buy account/ })).toBeVisible();
    const key = ((await page.getByText(/^Key:/).textContent()) ?? "").replace(/^Key:|\s/g, "");
    await page.getByLabel("Code from your authenticator app*").fill(totpCode(key));
    // Turning it on asks for the password again (ADR 0075).
    await page.getByLabel("Current password*").fill(DEMO.ops.password);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("Two-factor sign-in is on. Keep your recovery codes")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /^[a-z0-9]{5}-[a-z0-9]{5}$/ })).toHaveCount(10);
    // An admin cannot turn it off again.
    await expect(page.getByText("Two-factor sign-in is required for admin accounts")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/all_sellers$/);
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText([
      "All Sellers",
      "All Buyers",
      "Reported Items",
      "Claims",
      "Reconciliation",
      "Held Listings",
      "Stolen Gear",
      "Settings",
    ]);
    await expect(page.getByRole("heading", { name: "All Sellers" })).toBeVisible();
  });
});

test("a form on its way says so and cannot be sent twice", async ({ page }, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "without JavaScript the browser shows its own progress");
  // The sign-in is held at the network until the page has been looked at: no timing involved.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/login**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("Email*").fill(DEMO.buyer.email);
  await page.getByLabel("Password*", { exact: true }).fill(DEMO.buyer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("button", { name: "Logging in…" })).toBeDisabled();
  release();
  await expectToast(page, `Welcome back, ${DEMO.buyer.name}`);
});
