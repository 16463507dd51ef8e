// One deal page (ADR 0102): the steps of a shipped deal as one pure function, and the page its
// buyer and its seller read at three states (paid, on its way, delivered) with only the actions
// of that state for each; a stranger finds nothing, and neither role can act as the other. The
// label prints on its own: sender, recipient, tracking, carrier, parcel, no site chrome.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addSavedAddress } from "#app/domain/deals/bookings/saved-addresses.server";
import { dealProgress, type ProgressFacts } from "#app/domain/deals/parcels/progress";
import { formatMoney } from "#app/domain/shared/money";
import { shipments, users } from "#db/schema";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import { insertUser, USD } from "./factories";
import { apiCall, db } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";

const SENDER = { name: "Maya Lens", line1: "100 Court St", city: "Brooklyn", region: "NY" };

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12, 0));

/** A paid deal whose parcel waits for its seller, as the function reads it. */
function paidFacts(parcel: Partial<ProgressFacts["parcel"]> = {}, deal: Partial<ProgressFacts> = {}): ProgressFacts {
  return {
    paidAt: at(1),
    state: "held",
    releasedAt: null,
    refundedAt: null,
    claimOpen: false,
    ...deal,
    parcel: {
      status: "awaiting_shipment",
      carrierProvider: null,
      shippedAt: null,
      deliveredAt: null,
      lastEventAt: null,
      ...parcel,
    },
  };
}

/** The steps as words: "Paid:done", the current one "On its way:now". */
const read = (facts: ProgressFacts) => dealProgress(facts).map((step) => `${step.label}:${step.state}`);

describe("the deal's steps, as a pure function", () => {
  it("a paid deal is at Paid, with its date, and every later step is to come", () => {
    const steps = dealProgress(paidFacts());
    expect(read(paidFacts())).toEqual([
      "Paid:now",
      "Label:to_come",
      "Picked up:to_come",
      "On its way:to_come",
      "Delivered:to_come",
      "Released to the seller:to_come",
    ]);
    expect(steps[0]!.at).toEqual(at(1));
    expect(steps.slice(1).every((step) => step.at === null)).toBe(true);
  });

  it("a label bought, then the carrier's pickup: On its way appears when the carrier says so, with its news' date", () => {
    const labelled = paidFacts({ status: "pre_transit", carrierProvider: "offline", shippedAt: at(2) });
    expect(read(labelled).slice(0, 3)).toEqual(["Paid:done", "Label:now", "Picked up:to_come"]);
    expect(dealProgress(labelled)[1]!.at).toEqual(at(2));
    const moving = paidFacts({
      status: "in_transit",
      carrierProvider: "offline",
      shippedAt: at(2),
      lastEventAt: at(3),
    });
    expect(read(moving)).toEqual([
      "Paid:done",
      "Label:done",
      "Picked up:done",
      "On its way:now",
      "Delivered:to_come",
      "Released to the seller:to_come",
    ]);
    expect(dealProgress(moving)[3]).toMatchObject({ at: at(3), note: "The carrier's latest news" });
  });

  it("delivered, then released: each with its date, the last one reached is now", () => {
    const delivered = paidFacts({
      status: "delivered",
      carrierProvider: "shippo",
      shippedAt: at(2),
      deliveredAt: at(5),
      lastEventAt: at(5),
    });
    expect(read(delivered).slice(4)).toEqual(["Delivered:now", "Released to the seller:to_come"]);
    expect(dealProgress(delivered)[4]!.at).toEqual(at(5));
    const released = { ...delivered, state: "released" as const, releasedAt: at(9) };
    const steps = dealProgress(released);
    expect(read(released).slice(4)).toEqual(["Delivered:done", "Released to the seller:now"]);
    expect(steps[5]!.at).toEqual(at(9));
    expect(steps.filter((step) => step.state === "now")).toHaveLength(1);
  });

  it("a parcel its seller tracks themselves is picked up and on its way when its tracking is entered", () => {
    const own = paidFacts({ status: "in_transit", carrierProvider: null, shippedAt: at(2), lastEventAt: null });
    const steps = dealProgress(own);
    expect(read(own).slice(0, 4)).toEqual(["Paid:done", "Label:done", "Picked up:done", "On its way:now"]);
    expect(steps[1]!.note).toBe("The seller's own label and tracking");
    expect(steps[3]!.at).toEqual(at(2));
    // Released on the buyer's word: delivered, as far as anyone knows, without a carrier's date.
    const released = dealProgress({ ...own, state: "released", releasedAt: at(20) });
    expect(released[4]).toMatchObject({ state: "done", at: null, note: "The buyer confirmed it" });
  });

  it("a refund, an open claim, a parcel cancelled or sent back end the picture there", () => {
    const moving = paidFacts({
      status: "in_transit",
      carrierProvider: "offline",
      shippedAt: at(2),
      lastEventAt: at(3),
    });
    expect(read({ ...moving, claimOpen: true })).toEqual([
      "Paid:done",
      "Label:done",
      "Picked up:done",
      "On its way:done",
      "Claim: an admin decides:now",
    ]);
    const refunded = dealProgress({ ...moving, state: "refunded", refundedAt: at(6) });
    expect(refunded.at(-1)).toMatchObject({ key: "refunded", state: "now", at: at(6) });
    expect(refunded.map((step) => step.key)).not.toContain("released");
    expect(read(paidFacts({ status: "cancelled" }))).toEqual(["Paid:done", "Cancelled before it was sent:now"]);
    expect(read({ ...moving, parcel: { ...moving.parcel, status: "returned" } }).at(-1)).toBe(
      "Sent back to the seller:now",
    );
  });
});

/** The progress list of a page: each step's name, its state in words and whether it is the current one. */
function stepsOn(html: string) {
  const list = /<ol[^>]*data-testid="deal-progress"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)].map(([, attributes, body]) => {
    const text = body!
      .replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/, "")
      .replace(/<[^>]+>/g, "|")
      .split("|")
      .filter(Boolean);
    return { name: text[0] ?? "", state: text[1] ?? "", current: attributes!.includes('aria-current="step"') };
  });
}

async function shippedWorld() {
  const world = await paidShippedDeal();
  const names = Object.fromEntries(
    (await db().select({ id: users.id, name: users.name }).from(users)).map((row) => [row.id, row.name]),
  );
  const cookies = {
    buyer: await sessionCookieFor(world.buyer.id),
    seller: await sessionCookieFor(world.seller.id),
  };
  const page = async (who: "buyer" | "seller", path = `/dashboard/shipments/${world.bookingId}`) => {
    const response = await get(path, { Cookie: cookies[who] });
    return { status: response.status, html: await response.text() };
  };
  const advance = async () =>
    expect((await apiCall(world.buyer.id, "POST", `/api/shipments/${world.bookingId}/test-advance`)).status).toBe(200);
  return {
    ...world,
    sellerName: names[world.seller.id]!,
    buyerName: names[world.buyer.id]!,
    cookies,
    page,
    advance,
  };
}

describe("the deal page at three states", () => {
  it("paid: both read the item, the other party and what was paid; only the seller gets the label and tracking forms", async () => {
    const world = await shippedWorld();
    const seller = await world.page("seller");
    const buyer = await world.page("buyer");
    expect(seller.status).toBe(200);
    expect(buyer.status).toBe(200);
    for (const { html } of [seller, buyer]) {
      expect(html).toContain(`href="/listings/${world.product.id}"`);
      expect(html).toContain(formatMoney(45_000, USD));
      expect(html).toContain(formatMoney(1_400, USD));
      expect(html).toContain(formatMoney(46_400, USD));
      expect(html).toContain("Paid on");
      expect(html).toContain(`href="/dashboard/messages/${world.bookingId}"`);
      const steps = stepsOn(html);
      expect(steps.map((step) => step.name)).toEqual([
        "Paid",
        "Label",
        "Picked up",
        "On its way",
        "Delivered",
        "Released to the seller",
      ]);
      expect(steps[0]).toMatchObject({ current: true });
      expect(steps[0]!.state).toMatch(/^now · \d+ [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC$/);
      expect(steps.slice(1).every((step) => step.state === "to come" && !step.current)).toBe(true);
      expect(html).not.toContain("Arrived as described?");
    }
    // Words per viewer: the seller is not told to wait for the seller.
    expect(seller.html).toContain(`Buyer: ${world.buyerName}`);
    expect(seller.html).toContain("Paid: waiting for you to send it");
    expect(seller.html).not.toContain("Waiting for the seller to send it");
    expect(buyer.html).toContain(`Seller: ${world.sellerName}`);
    expect(buyer.html).toContain("Waiting for the seller to send it");
    // The seller's forms: a carrier to choose, the postal code the label is priced from.
    expect(seller.html).toContain("Buy label for");
    expect(seller.html).toMatch(/<select[^>]*id="tracking-carrier"/);
    expect(seller.html).toContain('<option value="USPS">USPS</option>');
    expect(seller.html).toMatch(/id="label-postal-code"[^>]*value="11201"|value="11201"[^>]*id="label-postal-code"/);
    expect(buyer.html).not.toContain("Buy label for");
    expect(buyer.html).not.toContain('id="tracking-carrier"');
    // The address, as text: never in <em>, never the browser's italic.
    expect(seller.html).toMatch(
      /<address[^>]*data-testid="ship-to"[^>]*class="|<address[^>]*class="[^"]+"[^>]*data-testid="ship-to"/,
    );
  });

  it("the label form is filled from the seller's default sender address; without one it says where to keep one", async () => {
    const world = await shippedWorld();
    expect((await world.page("seller")).html).toContain("Keep one in Settings → Addresses to have it filled in");
    const saved = await addSavedAddress(
      db(),
      { id: world.seller.id, role: "seller" },
      {
        kind: "sender",
        address: {
          recipient: "Maya Sender",
          line1: "100 Court St",
          line2: "Unit 4",
          city: "Brooklyn",
          region: "NY",
          postalCode: "11201",
          country: "US",
        },
      },
    );
    expect(saved.ok).toBe(true);
    const { html } = await world.page("seller");
    const fieldValue = (id: string) =>
      new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1];
    expect(fieldValue("label-name")).toBe("Maya Sender");
    expect(fieldValue("label-line1")).toBe("100 Court St");
    expect(fieldValue("label-line2")).toBe("Unit 4");
    expect(fieldValue("label-city")).toBe("Brooklyn");
    expect(fieldValue("label-region")).toBe("NY");
    // The buyer is never sent the seller's street.
    expect((await world.page("buyer")).html).not.toContain("100 Court St");
  });

  it("on its way: no forms left for the seller, no confirmation yet for the buyer; the steps say so", async () => {
    const world = await shippedWorld();
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    const labelled = await world.page("seller");
    expect(labelled.html).toContain("Print the shipping label");
    expect(stepsOn(labelled.html).find((step) => step.current)?.name).toBe("Label");
    await world.advance();
    const seller = await world.page("seller");
    const buyer = await world.page("buyer");
    for (const { html } of [seller, buyer]) {
      const steps = stepsOn(html);
      expect(steps.map((step) => step.state.split(" · ")[0])).toEqual([
        "done",
        "done",
        "done",
        "now",
        "to come",
        "to come",
      ]);
      expect(steps.find((step) => step.current)?.name).toBe("On its way");
      expect(html).toContain("Expected delivery");
      expect(html).not.toContain("Arrived as described?");
      expect(html).not.toContain("Report a problem");
    }
    // The label applied before pickup only; the forms before sending only.
    expect(seller.html).not.toContain("Print the shipping label");
    expect(seller.html).not.toContain("Buy label for");
    expect(seller.html).not.toContain('id="tracking-carrier"');
  });

  it("delivered: the buyer is offered the confirmation and Report a problem; the seller neither", async () => {
    const world = await shippedWorld();
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    await world.advance();
    await world.advance();
    const buyer = await world.page("buyer");
    const seller = await world.page("seller");
    expect(buyer.html).toContain("Arrived as described?");
    expect(buyer.html).toContain(`href="/dashboard/my_orders?confirm=receipt&amp;id=${world.bookingId}"`);
    expect(buyer.html).toContain(`href="/dashboard/my_orders?claim=${world.bookingId}"`);
    expect(buyer.html).toContain("Report a problem");
    expect(seller.html).not.toContain("Arrived as described?");
    expect(seller.html).not.toContain("Report a problem");
    expect(seller.html).not.toContain("I received it as described");
    for (const { html } of [buyer, seller]) {
      expect(stepsOn(html).find((step) => step.current)?.name).toBe("Delivered");
      expect(html).not.toContain("Expected delivery");
    }
  });
});

describe("refusals", () => {
  it("a stranger, another buyer and another seller find no such deal; a malformed id is not found", async () => {
    const world = await shippedWorld();
    for (const role of ["buyer", "seller"] as const) {
      const stranger = await insertUser({ role });
      const response = await get(`/dashboard/shipments/${world.bookingId}`, {
        Cookie: await sessionCookieFor(stranger.id),
      });
      expect(response.status).toBe(404);
      const label = await get(`/dashboard/labels/${world.bookingId}`, { Cookie: await sessionCookieFor(stranger.id) });
      expect(label.status).toBe(404);
    }
    expect((await world.page("seller", "/dashboard/shipments/not-an-id")).status).toBe(404);
  });

  it("the buyer cannot send the seller's tracking, and the seller cannot confirm the buyer's receipt", async () => {
    const world = await shippedWorld();
    const tracking = await postForm(
      `/dashboard/shipments/${world.bookingId}/tracking`,
      { carrier: "USPS", trackingNumber: "9400100000000000000011" },
      { Cookie: world.cookies.buyer },
    );
    expect(tracking.status).toBeGreaterThanOrEqual(400);
    expect(tracking.status).toBeLessThan(500);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, world.bookingId));
    expect(parcel).toMatchObject({ status: "awaiting_shipment", trackingNumber: null });
    const receipt = await apiCall(world.seller.id, "POST", `/api/bookings/${world.bookingId}/receipt`);
    expect(receipt.status).toBeGreaterThanOrEqual(400);
    expect(receipt.status).toBeLessThan(500);
  });
});

describe("the label to print", () => {
  it("has the sender, the recipient, the tracking, the carrier and the parcel, and no site header or footer", async () => {
    const world = await shippedWorld();
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    const { status, html } = await world.page("seller", `/dashboard/labels/${world.bookingId}`);
    expect(status).toBe(200);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, world.bookingId));
    const sender = /data-testid="label-sender"[^>]*>([\s\S]*?)<\/address>/.exec(html)?.[1] ?? "";
    expect(sender).toContain(world.sellerName);
    expect(sender).toContain("11201");
    const recipient = /data-testid="label-recipient"[^>]*>([\s\S]*?)<\/address>/.exec(html)?.[1] ?? "";
    expect(recipient).toContain("Dana Buyer");
    expect(recipient).toContain("1550 Wewatta St");
    expect(recipient).toContain("Denver, CO 80202");
    expect(html).toContain(parcel!.trackingNumber!);
    expect(html).toContain(parcel!.carrier!.replaceAll("&", "&amp;"));
    expect(html).toContain("Small: a lens");
    expect(html).not.toMatch(/<header[\s>]/);
    expect(html).not.toMatch(/<footer[\s>]/);
    // Without JavaScript, the page says how to print it.
    expect(html).toContain("use your browser&#x27;s Print");
    // The buyer's own parcel's label is not theirs to print, but they may read it; a stranger may not.
    expect((await world.page("buyer", `/dashboard/labels/${world.bookingId}`)).status).toBe(200);
  });
});
