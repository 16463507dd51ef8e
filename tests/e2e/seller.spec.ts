import { type Browser, expect, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, expectToast, login, signIn, signUp, uniqueEmail } from "./helpers";
import {
  addProductByApi,
  bearerOf,
  fillProductForm,
  PHOTO,
  PRODUCT,
  registerSeller,
  uniqueProductName,
} from "./seller-helpers";

const REQUIRED_MESSAGES = [
  "product name is required",
  "category is required",
  "condition is required",
  "description is required",
  "original price is required",
  "resale price is required",
  "year of use is required",
  "contact is required",
  "location is required",
  "photo is required",
];

const WRONG_TYPE = "The photo must be a JPEG, PNG, WebP or AVIF image.";

test.describe("adding a product", () => {
  test("a seller adds a product with a photo, sees it in My Products, advertises it and finds it on the home page", async ({
    page,
  }, info) => {
    const seller = await registerSeller(page, info, "Sasha Seller");
    await expect(page).toHaveTitle("Pay&Buy Add Product");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(seller.name);
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(seller.email);
    const name = uniqueProductName(info, "Fuji X-T4");
    await fillProductForm(page, name);
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    if (info.project.name === "js") {
      await expect(page.getByRole("img", { name: "Chosen file 1" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Add Product" }).click();

    await expect(page).toHaveURL(/\/dashboard\/my_product$/);
    await expectToast(page, "Product added Successfully");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("rowheader")).toHaveText(name);
    await expect(row).toContainText("$ 19.99");
    await expect(row).toContainText("Unpaid");
    const photo = row.getByRole("img", { name });
    await expect(photo).toBeVisible();
    const photoResponse = await page.request.get((await photo.getAttribute("src"))!);
    expect(photoResponse.status()).toBe(200);
    expect(photoResponse.headers()["content-type"]).toBe("image/webp");
    // A WebP rendition made on upload, not the uploaded file.
    const served = await photoResponse.body();
    expect(served.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(served.equals(PHOTO.buffer)).toBe(false);

    // Not on the home page until it is advertised.
    const advertisement = page.getByRole("region", { name: "Sell simply, Buy safely." });
    await page.goto("/");
    await expect(advertisement.getByRole("article", { name })).toHaveCount(0);
    await page.goto("/dashboard/my_product");
    await page.getByRole("button", { name: `Advertise ${name}` }).click();
    await expectToast(page, "Product is ready for advertising");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Released");
    await expect(page.getByRole("button", { name: `Advertise ${name}` })).toHaveCount(0);

    await page.goto("/");
    const card = advertisement.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(seller.name);
    await expect(card).toContainText("$ 19.99");
    await expect(card).toContainText(PRODUCT.location);

    // Leave the shared home page as the seed made it.
    await page.goto("/dashboard/my_product");
    const href = await page.getByRole("link", { name: `Delete ${name}` }).getAttribute("href");
    const id = new URLSearchParams(href!.split("?")[1]).get("id");
    expect((await page.request.delete(`/api/product/${id}`, { headers: await bearerOf(page.request) })).status()).toBe(
      200,
    );
  });

  test("every field is required, with the spec's messages", async ({ page }, info) => {
    await registerSeller(page, info);
    await page.getByRole("button", { name: "Add Product" }).click();
    for (const message of REQUIRED_MESSAGES) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Product Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/dashboard\/add_product$/);
  });

  test("the extra checks explain themselves and keep what was typed", async ({ page }, info) => {
    await registerSeller(page, info);
    const name = uniqueProductName(info, "Bad Input");
    const year = new Date().getUTCFullYear();
    await fillProductForm(page, name, {
      originalPrice: "abc",
      resalePrice: "0",
      purchaseYear: "1899",
      contact: "call me",
    });
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(
      page.getByText("Original price must be an amount in US dollars, such as 1250 or 1249.50"),
    ).toBeVisible();
    await expect(page.getByText("Resale price must be between $ 0.01 and $ 100,000.00")).toBeVisible();
    await expect(page.getByText(`Year of purchase must be between 1900 and ${year}`)).toBeVisible();
    await expect(page.getByText("Contact number must be a phone number, such as +1 415 555 0100")).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    await expect(page.getByLabel("Location")).toHaveValue(PRODUCT.location);
    await expect(page.getByLabel("Product Category")).toHaveValue("camera");

    await page.getByLabel("Original Price").fill("2499.00");
    await page.getByLabel("Resale Price").fill("1,200.50");
    await page.getByLabel("Year Of Purchase").fill(String(year + 1));
    await page.getByLabel("Contact Number").fill("+44 20 7946 0958");
    if (info.project.name === "no-js") {
      // The browser cannot keep a chosen file across a server round trip: the page says so.
      await expect(page.getByText(/Please choose the photos again/)).toBeVisible();
      await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    }
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(`Year of purchase must be between 1900 and ${year}`)).toBeVisible();
    await expect(page.getByText("Resale price must be between $ 0.01 and $ 100,000.00")).toHaveCount(0);
    await page.getByLabel("Year Of Purchase").fill(String(year));
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expectToast(page, "Product added Successfully");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("$ 1,200.50");
  });

  test("refuses files that are not photos, empty files and photos over 5 MB, and stores nothing", async ({
    page,
  }, info) => {
    await registerSeller(page, info);
    await fillProductForm(page, uniqueProductName(info, "Refused"));
    const oversized = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    PHOTO.buffer.copy(oversized, 0, 0, 64);
    // Alternating messages: each one appears only once that attempt has been answered.
    const attempts = [
      {
        file: { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some notes") },
        message: WRONG_TYPE,
      },
      {
        file: { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) },
        message: "The photo file is empty. Choose a JPEG, PNG, WebP or AVIF image.",
      },
      {
        file: {
          name: "logo.svg",
          mimeType: "image/svg+xml",
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        },
        message: WRONG_TYPE,
      },
      {
        file: { name: "huge.webp", mimeType: "image/webp", buffer: oversized },
        message: "The photo must be 5 MB or smaller.",
      },
      {
        file: {
          name: "page.html",
          mimeType: "text/html",
          buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
        },
        message: WRONG_TYPE,
      },
    ];
    for (const attempt of attempts) {
      await page.getByLabel("Product Photo").setInputFiles(attempt.file);
      await page.getByRole("button", { name: "Add Product" }).click();
      // A file's own error names the file by its place among the chosen ones.
      const message = new RegExp(`^(Photo 1: )?${attempt.message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
      await expect(page.getByText(message), attempt.file.name).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/add_product$/);
      // Without JavaScript the page came back and the file is gone; with it, the file stays.
      const chooseAgain = page.getByText(/Please choose the photos again/);
      if (info.project.name === "no-js") await expect(chooseAgain).toBeVisible();
      else await expect(chooseAgain).toHaveCount(0);
    }
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Products" }).click();
    await expect(page.getByText("You don't have any product")).toBeVisible();
  });
});

test.describe("deleting a product", () => {
  test("asks for confirmation: No keeps it, Yes deletes it and its photo", async ({ page }, info) => {
    await registerSeller(page, info);
    const name = uniqueProductName(info, "Old Flash");
    const id = await addProductByApi(page.request, await bearerOf(page.request), name);
    await page.goto("/dashboard/my_product");
    const row = page.getByRole("row", { name: new RegExp(name) });
    const src = await row.getByRole("img", { name }).getAttribute("src");

    await row.getByRole("link", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Confirmation" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Do you want to delete product?");
    await expect(page).toHaveURL(new RegExp(`confirm=delete&id=${id}`));
    await dialog.getByRole("button", { name: "No" }).click();
    await expectToast(page, "You have canceled this process");
    await expect(page.locator("[data-toast-type='error']")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expectToast(page, "Product has been deleted");
    await expect(page).toHaveURL(/\/dashboard\/my_product$/);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(src!)).status()).toBe(404);
  });

  test("a seller cannot touch another seller's product, on the page or through the API", async ({
    page,
    playwright,
    baseURL,
  }, info) => {
    // The owner works through the REST API only.
    const owner = await playwright.request.newContext({ baseURL });
    const ownerEmail = uniqueEmail(info, "owner");
    expect(
      (
        await owner.post("/api/users", {
          data: { name: "Olive Owner", email: ownerEmail, password: "long enough", isSeller: true },
        })
      ).status(),
    ).toBe(201);
    const token = await owner.post("/api/token", { data: { email: ownerEmail, password: "long enough" } });
    const ownerAuth = { Authorization: `Bearer ${((await token.json()) as { accessToken: string }).accessToken}` };
    const name = uniqueProductName(info, "Not Yours");
    const id = await addProductByApi(owner, ownerAuth, name);

    await registerSeller(page, info, "Nosy Seller");
    await page.goto(`/dashboard/my_product?confirm=delete&id=${id}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(name)).toHaveCount(0);
    for (const intent of ["delete", "advertise"]) {
      const response = await page.request.post("/dashboard/my_product", { form: { intent, id } });
      expect(response.status(), intent).toBe(404);
    }
    const auth = await bearerOf(page.request);
    expect((await page.request.delete(`/api/product/${id}`, { headers: auth })).status()).toBe(404);
    expect(
      (await page.request.put(`/api/product/${id}`, { headers: auth, data: { isAdvertise: true } })).status(),
    ).toBe(404);
    const mine = (await (
      await page.request.get(`/api/product?email=${encodeURIComponent(ownerEmail)}`, { headers: auth })
    ).json()) as unknown[];
    expect(mine).toEqual([]);

    const theirs = (await (await owner.get("/api/product", { headers: ownerAuth })).json()) as Array<
      Record<string, unknown>
    >;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ _id: id, productName: name, isAdvertise: false });
    await owner.dispose();
  });
});

test.describe("My Buyers", () => {
  test("shows who paid for the seller's products", async ({ page, browser }, info) => {
    // Two accounts and a whole sale (register, list, book, pay) in one journey.
    test.slow();
    await registerSeller(page, info);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Buyers" }).click();
    await expect(page).toHaveTitle("Pay&Buy My Buyers");
    await expect(page.getByText("You don't have any buyer")).toBeVisible();

    const name = uniqueProductName(info, "Sold Tripod");
    const productId = await addProductByApi(page.request, await bearerOf(page.request), name);
    const buyerEmail = uniqueEmail(info, "payer");
    const transactionId = await buyAndPay(browser, info, { productId, name, buyerEmail });

    await page.reload();
    const row = page.getByRole("row", { name: /Paula Payer/ });
    await expect(row).toContainText(buyerEmail);
    await expect(row).toContainText(name);
    await expect(row).toContainText("$ 19.99");
    await expect(row).toContainText(transactionId);
    const today = new Date();
    // The payment's day, written one way (ADR 0104): "2 Dec 2026", in UTC for a seller without a zone.
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
      today.getUTCMonth()
    ];
    await expect(row).toContainText(`${today.getUTCDate()} ${month} ${today.getUTCFullYear()}`);

    await page.goto("/dashboard/my_product");
    const product = page.getByRole("row", { name: new RegExp(name) });
    await expect(product).toContainText("Paid");
    await expect(product.getByRole("button", { name: /Advertise/ })).toHaveCount(0);
  });
});

test.describe("seller pages are for sellers", () => {
  test("a buyer gets a 403 page and a 403 from the seller calls", async ({ page }) => {
    await signIn(page, DEMO.buyer2);
    for (const path of ["/dashboard/add_product", "/dashboard/my_product", "/dashboard/my_buyer"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByTestId("error-status")).toHaveText("403");
    }
    const auth = await bearerOf(page.request);
    expect((await page.request.get("/api/product", { headers: auth })).status()).toBe(403);
    expect((await page.request.get("/api/sellerSBuyer", { headers: auth })).status()).toBe(403);
    const post = await page.request.post("/api/product", {
      headers: auth,
      multipart: { productName: "Sneaky", img: PHOTO },
    });
    expect(post.status()).toBe(403);
  });

  test("signed-out visitors are sent to log in and come back", async ({ page }) => {
    await page.goto("/dashboard/my_buyer");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fmy_buyer$/);
    await login(page, DEMO.seller2, page.url().replace(/^https?:\/\/[^/]+/, ""));
    await expect(page).toHaveURL(/\/dashboard\/my_buyer$/);
    await expect(page.getByRole("heading", { name: "My Buyers" })).toBeVisible();
  });
});

/** A real sale: a new buyer books the product and pays with the test card in their own browser. */
async function buyAndPay(
  browser: Browser,
  info: TestInfo,
  sale: { productId: string; name: string; buyerEmail: string },
): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const buyer = await context.newPage();
  await signUp(buyer, { name: "Paula Payer", email: sale.buyerEmail, password: "long enough" });
  await buyer.goto(`/products/camera?book=${sale.productId}`);
  const dialog = buyer.getByRole("dialog", { name: `Book ${sale.name}` });
  await dialog.getByLabel("Your Location*").fill("Main station");
  await dialog.getByLabel("Your Contact*").fill("+1 415 555 0199");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(buyer.getByRole("status")).toContainText("Booking Submitted Successfully");
  await buyer.goto("/dashboard/my_orders");
  await buyer.getByRole("row").filter({ hasText: sale.name }).getByRole("link", { name: "Pay" }).click();
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/39");
  await buyer.getByLabel("CVC", { exact: true }).fill("123");
  await buyer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/my_orders$/);
  await buyer.getByRole("link", { name: `Receipt: ${sale.name}` }).click();
  const receipt = buyer.getByRole("region", { name: "Payment Information" });
  await expect(receipt).toContainText("Paid");
  const transactionId = /test_[0-9a-f]{24}/.exec((await receipt.textContent()) ?? "")?.[0];
  expect(transactionId).toBeTruthy();
  await context.close();
  return transactionId!;
}
