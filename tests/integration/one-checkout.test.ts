// One checkout (ADR 0101): the booking dialog shows item + shipping = total, quotes a carrier's
// rate without JavaScript, asks only the chosen way's fields, says what its button does, and a
// booking goes straight on to its payment. Every amount is the server's own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addSavedAddress } from "#app/domain/deals/bookings/saved-addresses.server";
import { formatMoney } from "#app/domain/shared/money";
import { database } from "#db/client";
import { bookings, products, shipments, users } from "#db/schema";
import { get, postForm, signedInUser } from "./auth-helpers";
import { USD } from "./factories";
import { toastText } from "./moderation-helpers";
import { ADDRESS, shippedListing } from "./shipping-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const NAVIGATE = { "Sec-Fetch-Mode": "navigate" };
const CONTACT = { buyerContact: "+1 303 555 0101" };

/** A listing the buyer can book, and a buyer signed in. */
async function world(columns: Parameters<typeof shippedListing>[0] = {}) {
  const listing = await shippedListing(columns);
  const buyer = await signedInUser("buyer");
  const path = `/listings/${listing.product.id}?book=${listing.product.id}`;
  return { ...listing, buyer, path };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");

async function dialogAfter(response: Response, cookie: string) {
  expect(response.status).toBe(303);
  const location = response.headers.get("Location") ?? "";
  return (await get(location, { Cookie: `${cookie}; ${cookieOf(response)}` })).text();
}

describe("the booking dialog, filled from the account (ADR 0103)", () => {
  it("offers the phone from Settings and the default delivery address, and quotes a carrier's rate for it at once", async () => {
    const { buyer, path, product } = await world({ shippingPriceCents: null });
    // Nothing kept: empty fields, no quote yet.
    const empty = await (await get(path, { Cookie: buyer.cookie })).text();
    expect(empty).not.toContain('value="1550 Wewatta St"');
    expect(empty).toContain(`Book and pay ${formatMoney(45_000, USD)} + shipping`);
    await db().update(users).set({ phone: "+1 303 555 0199" }).where(eq(users.id, buyer.user.id));
    const saved = await addSavedAddress(db(), buyer.user, {
      kind: "delivery",
      address: { ...ADDRESS, line2: null, country: "US" },
    });
    expect(saved.ok).toBe(true);
    const filled = await (await get(path, { Cookie: buyer.cookie })).text();
    expect(filled).toContain('value="+1 303 555 0199"');
    expect(filled).toContain('value="1550 Wewatta St"');
    expect(filled).toContain('value="80202"');
    // The carrier's rate for the saved address: the total is known before anything is typed.
    const button = filled.match(/Book and pay ([^<]+)</)?.[1] ?? "";
    expect(button).not.toContain("shipping");
    // Another buyer's dialog shows none of it.
    const other = await signedInUser("buyer");
    const theirs = await (await get(path, { Cookie: other.cookie })).text();
    expect(theirs).not.toContain("1550 Wewatta St");
    expect(theirs).not.toContain("+1 303 555 0199");
    // Booking with it goes straight to its payment, at the server's prices.
    const booked = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "ship", buyerContact: "+1 303 555 0199", ...ADDRESS },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toMatch(/^\/dashboard\/payment\//);
  });
});

describe("the booking dialog's sum", () => {
  it("shows item + flat shipping = total and a button that says it", async () => {
    const { buyer, path } = await world();
    const html = await (await get(path, { Cookie: buyer.cookie })).text();
    expect(html).toContain('data-testid="booking-total"');
    expect(html).toContain(formatMoney(45_000, USD));
    expect(html).toContain(formatMoney(1_400, USD));
    expect(html).toContain(`Book and pay ${formatMoney(46_400, USD)}`);
    expect(html).not.toContain(">Submit<");
    // Only the shipping's fields are asked, each marked.
    expect(html).toMatch(/id="booking-postalCode"[^>]*required/);
    expect(html).toContain("Postal code*");
    expect(html).not.toContain('id="booking-meetLocation"');
  });

  it("quotes a carrier-rated listing without JavaScript: the dialog again, with what was typed and the total", async () => {
    const { buyer, path, product } = await world({ shippingPriceCents: null });
    const before = await (await get(path, { Cookie: buyer.cookie })).text();
    expect(before).toContain(`Book and pay ${formatMoney(45_000, USD)} + shipping`);
    expect(before).toContain("Get the shipping price");
    const quoted = await postForm(
      path,
      { intent: "book", quote: "shipping", productId: product.id, delivery: "ship", ...ADDRESS },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    const html = await dialogAfter(quoted, buyer.cookie);
    expect(html).toContain('value="1550 Wewatta St"');
    const button = html.match(/Book and pay ([^<]+)</)?.[1] ?? "";
    expect(button).not.toContain("shipping");
    expect(html).not.toContain("There is a problem");
    // Nothing is booked by a quote.
    expect(await db().select().from(bookings).where(eq(bookings.productId, product.id))).toHaveLength(0);
  });

  it("answers a quote with JavaScript in place, as JSON with the server's quote", async () => {
    const { buyer, path, product } = await world({ shippingPriceCents: null });
    const quoted = await postForm(
      path,
      { intent: "book", quote: "shipping", productId: product.id, delivery: "ship", ...ADDRESS },
      { Cookie: buyer.cookie },
    );
    expect(quoted.status).toBe(200);
  });

  it("refuses a quote with a bad postal code, with a summary linking to the field", async () => {
    const { buyer, path, product } = await world({ shippingPriceCents: null });
    const refused = await postForm(
      path,
      { intent: "book", quote: "shipping", productId: product.id, delivery: "ship", ...ADDRESS, postalCode: "ABC" },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    const html = await dialogAfter(refused, buyer.cookie);
    expect(html).toContain("There is a problem");
    expect(html).toContain('href="#booking-postalCode"');
    expect(html).toContain("Enter a US ZIP code, such as 11201 or 11201-1234.");
  });
});

describe("booking straight on to paying", () => {
  it("books a shipped item at the server's prices, whatever the form says, and goes to its payment", async () => {
    const { buyer, path, product } = await world();
    const booked = await postForm(
      path,
      {
        intent: "book",
        productId: product.id,
        delivery: "ship",
        ...ADDRESS,
        ...CONTACT,
        priceCents: "1",
        shippingCents: "0",
        shippingPrice: "0",
      },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    expect(booked.status).toBe(302);
    const [row] = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    expect(booked.headers.get("Location")).toBe(`/dashboard/payment/${row?.id}`);
    expect(await toastText(booked)).toBe("Booking Submitted Successfully");
    expect(row?.priceCents).toBe(45_000);
    expect(row?.shippingCents).toBe(1_400);
    expect(
      await db()
        .select()
        .from(shipments)
        .where(eq(shipments.bookingId, row?.id ?? "")),
    ).toHaveLength(1);
    // A double submit: the second leads to the same booking, and books nothing more.
    const again = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "ship", ...ADDRESS, ...CONTACT },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    expect(again.headers.get("Location")).toBe(`/dashboard/payment/${row?.id}`);
    expect(await db().select().from(bookings).where(eq(bookings.productId, product.id))).toHaveLength(1);
    // My Orders does not say it is to be sent before it is paid.
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain("Shipped once paid");
    expect(orders).not.toContain("To be sent");
  });

  it("asks only the chosen way's fields: a meetup needs no address, shipping no location", async () => {
    const { buyer, path, product } = await world({ delivery: "both" });
    const meetup = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "meetup", meetLocation: "Union Square", ...CONTACT },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    expect(meetup.headers.get("Location")).toMatch(/^\/dashboard\/payment\//);
    const other = await world({ delivery: "both" });
    const shipped = await postForm(
      other.path,
      { intent: "book", productId: other.product.id, delivery: "ship", ...ADDRESS, ...CONTACT },
      { Cookie: other.buyer.cookie, ...NAVIGATE },
    );
    expect(shipped.headers.get("Location")).toMatch(/^\/dashboard\/payment\//);
    const third = await world({ delivery: "both" });
    const missing = await postForm(
      third.path,
      { intent: "book", productId: third.product.id, delivery: "ship", ...CONTACT },
      { Cookie: third.buyer.cookie, ...NAVIGATE },
    );
    const html = await dialogAfter(missing, third.buyer.cookie);
    expect(html).toContain('href="#booking-recipient"');
    expect(html).not.toContain('href="#booking-meetLocation"');
  });
});

describe("refusals", () => {
  it("a seller cannot book, even their own item; signed out is sent to log in", async () => {
    const { seller, path, product } = await world();
    const sellerSession = await signedInUser("seller");
    const own = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "ship", ...ADDRESS, ...CONTACT },
      { Cookie: sellerSession.cookie, ...NAVIGATE },
    );
    expect(own.status).toBeGreaterThanOrEqual(300);
    expect(own.status).toBeLessThan(500);
    expect(own.headers.get("Location") ?? "").not.toMatch(/payment/);
    expect(seller.id).toBeTruthy();
    const signedOut = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "ship", ...ADDRESS, ...CONTACT },
      NAVIGATE,
    );
    expect(signedOut.status).toBeLessThan(500);
    expect(signedOut.headers.get("Location") ?? "").toMatch(/^\/login/);
    expect(await db().select().from(bookings).where(eq(bookings.productId, product.id))).toHaveLength(0);
  });

  it("a sold item is not booked", async () => {
    const { buyer, path, product } = await world();
    await db().update(products).set({ status: "sold" }).where(eq(products.id, product.id));
    const sold = await postForm(
      path,
      { intent: "book", productId: product.id, delivery: "ship", ...ADDRESS, ...CONTACT },
      { Cookie: buyer.cookie, ...NAVIGATE },
    );
    expect(sold.status).toBe(302);
    expect(sold.headers.get("Location") ?? "").not.toMatch(/payment/);
    expect(await toastText(sold)).toBe("This product is no longer available.");
  });
});
