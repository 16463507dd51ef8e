// Reports: any signed-in user reports a listing from its card or the booking dialog; the admin
// dismisses a report or removes the listing (ending its booking, resolving its reports).

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, reports } from "#db/schema";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertProduct, insertUser } from "./factories";
import {
  activeBooking,
  api,
  bookingRow,
  db,
  expectInvariants,
  newCategory,
  paidSale,
  productRow,
  toastText,
} from "./moderation-helpers";

const REPORTED = "/dashboard/reported_items";

async function listing(name = "Contax T2") {
  const category = await newCategory();
  const seller = await insertUser({
    role: "seller",
    name: "Sam Seller",
    email: `sam-${crypto.randomUUID()}@example.com`,
  });
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name, advertised: true });
  return { category, seller, product };
}

const report = (
  cookie: string,
  productId: string,
  fields: Record<string, string> = { reason: "counterfeit_or_stolen" },
) => postForm(`/?index&report=${productId}`, { intent: "report", productId, ...fields }, { Cookie: cookie });

async function reportsOf(productId: string) {
  return db().select().from(reports).where(eq(reports.productId, productId));
}

describe("reporting a listing", () => {
  it("offers Report on every card and in the booking dialog, and opens the dialog from the URL", async () => {
    const { product } = await listing();
    const anonymous = await (await get("/")).text();
    expect(anonymous).toContain(`href="/?report=${product.id}"`);
    expect((await get(`/?report=${product.id}`)).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/?report=${product.id}`)}`,
    );
    const buyer = await signedInUser("buyer");
    const home = await (await get("/", { Cookie: buyer.cookie })).text();
    expect(home).toContain(`href="/?report=${product.id}"`);
    const booking = await (await get(`/?book=${product.id}`, { Cookie: buyer.cookie })).text();
    expect(booking).toContain(`href="/?report=${product.id}"`);
    expect(booking).toContain("Report this listing");
    const dialog = await (await get(`/?report=${product.id}`, { Cookie: buyer.cookie })).text();
    expect(dialog).toContain("<dialog");
    expect(dialog).toContain("Report Contax T2");
    for (const label of [
      "Counterfeit or stolen",
      "Wrong category",
      "Misleading description or photo",
      "Offensive",
      "Other",
    ]) {
      expect(dialog).toContain(label);
    }
    const signedOut = await get(`/?report=${product.id}`);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/?report=${product.id}`)}`);
    for (const role of ["seller", "admin"] as const) {
      const { cookie } = await signedInUser(role);
      expect(await (await get("/", { Cookie: cookie })).text()).toContain(`href="/?report=${product.id}"`);
    }
  });

  it("records one open report per user and listing, from any role", async () => {
    const { product } = await listing();
    const buyer = await signedInUser("buyer");
    const response = await report(buyer.cookie, product.id);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastText(response)).toBe("Thank you. The listing has been reported to our team.");
    expect(await toastText(await report(buyer.cookie, product.id, { reason: "offensive" }))).toBe(
      "You have already reported this listing.",
    );
    const seller = await signedInUser("seller");
    expect(
      await toastText(await report(seller.cookie, product.id, { reason: "other", details: "Photo is from a shop" })),
    ).toBe("Thank you. The listing has been reported to our team.");
    const rows = await reportsOf(product.id);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({
        reporterId: buyer.user.id,
        reason: "counterfeit_or_stolen",
        status: "open",
        details: null,
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ reporterId: seller.user.id, reason: "other", details: "Photo is from a shop" }),
    );
  });

  it("validates the reason and the words for Other, and keeps the dialog open", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    const missing = await report(cookie, product.id, {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose a reason.");
    const other = await report(cookie, product.id, { reason: "other", details: "   " });
    expect(other.status).toBe(400);
    const html = await other.text();
    expect(html).toContain("Tell us what is wrong with this listing.");
    expect(html).toContain("<dialog");
    const long = await report(cookie, product.id, { reason: "other", details: "x".repeat(501) });
    expect(await long.text()).toContain("Details should be at most 500 characters");
    const invented = await report(cookie, product.id, { reason: "ugly" });
    expect(invented.status).toBe(400);
    expect(await reportsOf(product.id)).toHaveLength(0);
  });

  it("refuses signed-out visitors, a seller's own listing, and listings that are gone", async () => {
    const { product, seller } = await listing();
    const anonymous = await postForm(`/?index&report=${product.id}`, {
      intent: "report",
      productId: product.id,
      reason: "offensive",
    });
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const own = await signedInUser("seller");
    const mine = await insertProduct({ sellerId: own.user.id, categoryId: (await newCategory()).id });
    expect(await toastText(await report(own.cookie, mine.id))).toBe("You cannot report your own listing.");
    const { cookie } = await signedInUser("buyer");
    const removed = await insertProduct({
      sellerId: seller.id,
      categoryId: (await newCategory()).id,
      removedAt: new Date(),
    });
    expect(await toastText(await report(cookie, removed.id))).toBe("This product is no longer available.");
    expect(await toastText(await report(cookie, "no-such-product"))).toBe("This product is no longer available.");
    expect(await db().select().from(reports)).toHaveLength(0);
  });

  it("POST /api/report: 201, then 409 for a duplicate, 404 and 422", async () => {
    const { product } = await listing();
    const auth = await bearerFor((await insertUser({ role: "buyer" })).id);
    const created = await api("/report", {
      method: "POST",
      auth,
      json: { productId: product.id, reason: "wrong_category" },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    const duplicate = await api("/report", {
      method: "POST",
      auth,
      json: { productId: product.id, reason: "offensive" },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      error: { code: "duplicate", message: "You have already reported this listing." },
    });
    expect(
      (await api("/report", { method: "POST", auth, json: { productId: "nope", reason: "offensive" } })).status,
    ).toBe(404);
    const invalid = await api("/report", { method: "POST", auth, json: { productId: product.id, reason: "other" } });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: { fields: { details: ["Tell us what is wrong with this listing."] } },
    });
  });
});

describe("the Reported Items page", () => {
  it("lists each reported listing once, with every reason and reporter, its seller and the count", async () => {
    const admin = await signedInUser("admin");
    const empty = await (await get(REPORTED, { Cookie: admin.cookie })).text();
    expect(empty).toContain("There is no reported item.");
    const { product, seller } = await listing("Pentax 67");
    const other = await listing("Hasselblad 500C/M");
    const first = await signedInUser("buyer", { name: "Ria Reporter", email: "ria@example.com" });
    const second = await signedInUser("buyer", { name: "Sid Second" });
    await report(first.cookie, product.id, { reason: "misleading" });
    await report(second.cookie, product.id, { reason: "other", details: "Serial number filed off" });
    await report(second.cookie, other.product.id, { reason: "offensive" });
    const html = await (await get(REPORTED, { Cookie: admin.cookie })).text();
    // One row per listing: Pentax 67 appears once however many reported it.
    const rows = html.match(/<tr>[\s\S]*?<\/tr>/g)!.filter((row) => row.includes("Pentax 67"));
    expect(rows).toHaveLength(1);
    for (const text of [
      "2 open reports",
      seller.email,
      "Misleading description or photo",
      "Serial number filed off",
      "Ria Reporter",
      "ria@example.com",
      "Sid Second",
    ]) {
      expect(rows[0]).toContain(text);
    }
    expect(html).toContain("Hasselblad 500C/M");
    // The caption counts the reported listings.
    expect(html).toMatch(/most recently reported first (<!-- -->)?\((<!-- -->)?2(<!-- -->)?\)<\/caption>/);
    expect(html).toMatch(/<th scope="col">Reports<\/th>/);
    // A search by one reporter finds the listing, shown with all its open reports.
    const searched = await (await get(`${REPORTED}?q=ria@`, { Cookie: admin.cookie })).text();
    expect(searched).toContain("Pentax 67");
    expect(searched).toContain("Serial number filed off");
    expect(searched).not.toContain("Hasselblad 500C/M");
    const apiList = await (await api("/reports", { auth: await bearerFor(admin.user.id) })).json<
      Array<Record<string, unknown> & { reports: Array<Record<string, unknown>> }>
    >();
    expect(apiList).toHaveLength(2);
    const pentax = apiList.find((entry) => entry.productId === product.id)!;
    expect(pentax).toMatchObject({ productName: "Pentax 67", openReports: 2, sellerEmail: seller.email });
    expect(pentax.reports.map((entry) => entry.reporterName).sort()).toEqual(["Ria Reporter", "Sid Second"]);
    // The top-level report fields are the newest report's, as before.
    expect(pentax._id).toBe(pentax.reports[0]!._id);
  });

  it("Dismiss closes every open report of the listing; the listing stays", async () => {
    const admin = await signedInUser("admin");
    const { product } = await listing("Mamiya 7");
    const a = await signedInUser("buyer");
    const b = await signedInUser("buyer");
    await report(a.cookie, product.id);
    await report(b.cookie, product.id, { reason: "offensive" });
    const response = await postForm(`${REPORTED}/dismiss`, { productId: product.id }, { Cookie: admin.cookie });
    expect(await toastText(response)).toBe("The 2 reports have been dismissed");
    const rows = await reportsOf(product.id);
    expect(rows.map((row) => [row.status, row.resolvedBy])).toEqual([
      ["dismissed", admin.user.id],
      ["dismissed", admin.user.id],
    ]);
    expect((await productRow(product.id)).removedAt).toBeNull();
    expect(await (await get("/")).text()).toContain("Mamiya 7");
    expect(await (await get(REPORTED, { Cookie: admin.cookie })).text()).toContain("There is no reported item.");
    expect(
      await toastText(await postForm(`${REPORTED}/dismiss`, { productId: product.id }, { Cookie: admin.cookie })),
    ).toBe("There is no such open report.");
    // The reporters may report it again once their reports are closed; one report says so in the singular.
    expect(await toastText(await report(a.cookie, product.id))).toBe(
      "Thank you. The listing has been reported to our team.",
    );
    expect(
      await toastText(await postForm(`${REPORTED}/dismiss`, { productId: product.id }, { Cookie: admin.cookie })),
    ).toBe("The report has been dismissed");
  });

  it("removes a listing after a confirmation: storefront, booking and every open report", async () => {
    const admin = await signedInUser("admin");
    const { product } = await listing("Bronica SQ-A");
    const buyer = await insertUser({ role: "buyer" });
    const booking = await activeBooking(product.id, buyer.id);
    const a = await signedInUser("buyer");
    const b = await signedInUser("seller");
    await report(a.cookie, product.id);
    await report(b.cookie, product.id, { reason: "wrong_category" });
    const dialog = await (await get(`${REPORTED}?confirm=remove&id=${product.id}`, { Cookie: admin.cookie })).text();
    expect(dialog).toContain("Remove Confirmation");
    expect(dialog).toContain("Do you want to remove the listing Bronica SQ-A from the storefront?");
    expect(await toastText(await postForm(`${REPORTED}/keep`, {}, { Cookie: admin.cookie }))).toBe(
      "You have canceled this process",
    );
    expect((await productRow(product.id)).removedAt).toBeNull();

    const response = await postForm(`${REPORTED}/remove`, { productId: product.id }, { Cookie: admin.cookie });
    expect(await toastText(response)).toBe("The listing has been removed");
    const removed = await productRow(product.id);
    expect(removed.removedAt).toBeInstanceOf(Date);
    expect(removed.status).toBe("available");
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", endReason: "listing_removed" });
    expect((await reportsOf(product.id)).map((row) => row.status)).toEqual(["actioned", "actioned"]);
    expect(await (await get("/")).text()).not.toContain("Bronica SQ-A");
    expect(await (await get(REPORTED, { Cookie: admin.cookie })).text()).toContain("There is no reported item.");
    await expectInvariants();
  });

  it("PUT /api/report/:id decides on the report's listing: dismiss closes all its reports", async () => {
    const auth = await bearerFor((await insertUser({ role: "admin" })).id);
    const { product } = await listing("Rolleiflex 2.8F");
    for (const reason of ["misleading", "offensive"]) {
      const reporter = await bearerFor((await insertUser({ role: "buyer" })).id);
      await api("/report", { method: "POST", auth: reporter, json: { productId: product.id, reason } });
    }
    const [one] = await reportsOf(product.id);
    const dismissed = await api(`/report/${one!.id}`, { method: "PUT", auth, json: { action: "dismiss" } });
    expect(await dismissed.json()).toEqual({
      action: "dismiss",
      reportResult: { modifiedCount: 2 },
      productResult: { modifiedCount: 0 },
      bookingResult: { modifiedCount: 0 },
    });
    expect((await reportsOf(product.id)).map((row) => row.status)).toEqual(["dismissed", "dismissed"]);
  });

  it("PUT /api/report/:id dismisses or removes; a sale is never undone", async () => {
    const auth = await bearerFor((await insertUser({ role: "admin" })).id);
    const { product, seller } = await listing("Linhof Technika");
    const reporter = await bearerFor((await insertUser({ role: "buyer" })).id);
    const buyer = await insertUser({ role: "buyer" });
    const sale = await paidSale(product.id, buyer.id, seller.id);
    const created = await (
      await api("/report", {
        method: "POST",
        auth: reporter,
        json: { productId: product.id, reason: "counterfeit_or_stolen" },
      })
    ).json<{ insertedId: string }>();
    expect(
      (await api(`/report/${created.insertedId}`, { method: "PUT", auth, json: { action: "delete" } })).status,
    ).toBe(422);
    expect((await api("/report/no-such-report", { method: "PUT", auth, json: { action: "dismiss" } })).status).toBe(
      404,
    );
    const removed = await api(`/report/${created.insertedId}`, { method: "PUT", auth, json: { action: "remove" } });
    expect(await removed.json()).toEqual({
      action: "remove",
      reportResult: { modifiedCount: 1 },
      productResult: { modifiedCount: 1 },
      bookingResult: { modifiedCount: 0 },
    });
    expect((await productRow(product.id)).status).toBe("sold");
    expect(await bookingRow(sale.booking.id)).toMatchObject({ status: "paid" });
    expect(await db().select().from(payments).where(eq(payments.id, sale.payment.id))).toHaveLength(1);
    expect(
      (await api(`/report/${created.insertedId}`, { method: "PUT", auth, json: { action: "dismiss" } })).status,
    ).toBe(404);
    await expectInvariants();
  });
});
