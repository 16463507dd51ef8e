// The money's pages without JavaScript: a seller sets up payouts on the test onboarding page and
// is shown the fee before listing; the buyer confirms receipt or opens a claim in My Orders; the
// seller answers on Payouts; the admin decides with a partial refund on Claims and reads the
// platform's totals. Plain form posts, redirects and toasts; the ledger holds after each step.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claims } from "#db/schema";
import { get, postForm, sessionCookieFor, signedInUser } from "./auth-helpers";
import { amountsIn, insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { db, dealState, paidDeal } from "./money-fixtures";
import { testEnv } from "./test-env";

const TEST_BANK = { accountHolder: "Sam Seller", routingNumber: "110000000", accountNumber: "000123456789" };

async function toastOf(response: Response) {
  const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pb_toast="));
  if (!toast) return null;
  const page = await get("/about", { Cookie: toast.split(";")[0]! });
  const html = await page.text();
  return { type: /data-toast-type="([a-z]+)"/.exec(html)?.[1] ?? null, html };
}

describe("a seller sets up payouts in test mode", () => {
  it("sees what is missing, is led to the test page, and is ready after it", async () => {
    const seller = await insertUser({ role: "seller" }, { payouts: false });
    const headers = { Cookie: await sessionCookieFor(seller.id) };

    const before = await (await get("/dashboard/payouts", headers)).text();
    expect(before).toContain("Payouts are not set up yet");
    expect(before).toContain("a payout account: press Set up payouts");
    const addProduct = await (await get("/dashboard/add_product", headers)).text();
    expect(addProduct).toContain(amountsIn("You receive $ 1,104.00 of $ 1,200.00"));
    expect(addProduct).toContain("Payouts are not set up yet");

    const setup = await postForm("/dashboard/payouts", { intent: "setup" }, headers);
    expect(setup.status).toBe(303);
    expect(setup.headers.get("Location")).toBe("/dashboard/payouts/test-onboarding");
    const page = await (await get("/dashboard/payouts/test-onboarding", headers)).text();
    expect(page).toContain("Test mode");

    const wrong = await postForm(
      "/dashboard/payouts/test-onboarding",
      { intent: "complete", ...TEST_BANK, accountNumber: "987654321" },
      headers,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Test mode accepts the test account number");
    expect(await (await get("/dashboard/payouts", headers)).text()).toContain("Your payout setup is not finished");

    const done = await postForm("/dashboard/payouts/test-onboarding", { intent: "complete", ...TEST_BANK }, headers);
    expect(done.status).toBe(302);
    expect((await toastOf(done))?.type).toBe("success");
    const after = await (await get("/dashboard/payouts", headers)).text();
    expect(after).toContain("Payouts are set up");
    expect(after).not.toContain("Set up payouts</button>");
    const again = await postForm("/dashboard/payouts", { intent: "setup" }, headers);
    expect((await toastOf(again))?.type).toBe("error");
  });

  it("a buyer or an admin cannot use the test onboarding", async () => {
    for (const role of ["buyer", "admin"] as const) {
      const user = await signedInUser(role);
      const response = await postForm(
        "/dashboard/payouts/test-onboarding",
        { intent: "complete", ...TEST_BANK },
        { Cookie: user.cookie },
      );
      expect(response.status).toBe(403);
    }
  });
});

describe("the deal in the pages, without JavaScript", () => {
  it("the buyer confirms receipt in My Orders; the seller's Payouts shows the net", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(120_000);
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain("I received it as described");
    expect(orders).toContain("Payment held for your protection until");
    // It asks first, in words, what it does: a plain GET without JavaScript.
    const asked = await (
      await get(`/dashboard/my_orders?confirm=receipt&id=${booking.id}`, { Cookie: buyer.cookie })
    ).text();
    expect(asked).toContain(amountsIn(`This pays ${seller.name} $ 1,104.00 now and ends your buyer protection.`));
    expect(asked).toContain("Yes, pay the seller");

    const confirmed = await postForm(
      "/dashboard/my_orders",
      { intent: "confirm-receipt", bookingId: booking.id },
      { Cookie: buyer.cookie },
    );
    expect((await toastOf(confirmed))?.type).toBe("success");
    expect((await dealState(deal.paymentId)).deal.state).toBe("released");
    // A double submit releases nothing twice.
    await postForm(
      "/dashboard/my_orders",
      { intent: "confirm-receipt", bookingId: booking.id },
      { Cookie: buyer.cookie },
    );
    expect((await dealState(deal.paymentId)).count("transfer")).toBe(1);
    await expectLedgerHolds(testEnv.DB);

    const payouts = await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(seller.id) })).text();
    expect(payouts).toContain("Released to you");
    expect(payouts).toContain(amountsIn("$ 1,104.00"));
    expect(payouts).toContain(amountsIn("$ 96.00"));
    const after = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(after).not.toContain('aria-label="I received it as described');
    expect(after).toContain("Released to the seller");
    // The protection ended with the release: no claim is offered, and nothing says the money is held.
    expect(after).not.toContain("Report a problem");
    expect(after).not.toContain("held");
  });

  it("another buyer cannot confirm or claim someone else's order", async () => {
    const { deal, booking } = await paidDeal(50_000);
    const stranger = await signedInUser("buyer");
    const attempts: Array<Record<string, string>> = [
      { intent: "confirm-receipt", bookingId: booking.id },
      { intent: "claim", bookingId: booking.id, reason: "other", details: "Not mine" },
    ];
    for (const fields of attempts) {
      const response = await postForm("/dashboard/my_orders", fields, { Cookie: stranger.cookie });
      expect((await toastOf(response))?.type).toBe("error");
    }
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");
    expect(await db().select().from(claims).where(eq(claims.bookingId, booking.id))).toHaveLength(0);
  });

  it("a claim: opened in My Orders, answered on Payouts, decided on Claims with a partial refund", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(120_000);
    const bad = await postForm(
      "/dashboard/my_orders",
      { intent: "claim", bookingId: booking.id, reason: "broken", details: "x" },
      { Cookie: buyer.cookie },
    );
    expect((await toastOf(bad))?.type).toBe("error");
    const dialog = await (await get(`/dashboard/my_orders?claim=${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(dialog).toContain("Item not handed over");

    const opened = await postForm(
      "/dashboard/my_orders",
      { intent: "claim", bookingId: booking.id, reason: "not_as_described", details: "The lens has fungus." },
      { Cookie: buyer.cookie },
    );
    expect((await toastOf(opened))?.type).toBe("success");
    const [claim] = await db().select().from(claims).where(eq(claims.bookingId, booking.id));
    expect(claim!.status).toBe("open");

    const sellerCookie = await sessionCookieFor(seller.id);
    const payouts = await (await get(`/dashboard/payouts?answer=${claim!.id}`, { Cookie: sellerCookie })).text();
    expect(payouts).toContain("The lens has fungus.");
    const answered = await postForm(
      "/dashboard/payouts",
      { intent: "answer", claimId: claim!.id, answer: "It was clean when we met." },
      { Cookie: sellerCookie },
    );
    expect((await toastOf(answered))?.type).toBe("success");

    const admin = await signedInUser("admin");
    const page = await (await get("/dashboard/claims", { Cookie: admin.cookie })).text();
    expect(page).toContain("It was clean when we met.");
    expect(page).toContain("Open claims: 1");
    const missingAmount = await postForm(
      "/dashboard/claims",
      { intent: "decide", claimId: claim!.id, outcome: "refund_partial" },
      { Cookie: admin.cookie },
    );
    expect((await toastOf(missingAmount))?.type).toBe("error");
    const decided = await postForm(
      "/dashboard/claims",
      { intent: "decide", claimId: claim!.id, outcome: "refund_partial", amount: "200", note: "Half the fungus." },
      { Cookie: admin.cookie },
    );
    expect((await toastOf(decided))?.type).toBe("success");
    const state = await dealState(deal.paymentId);
    expect(state.refunded).toBe(20_000);
    expect(state.deal.state).toBe("released");
    // The rest goes to the seller, less the fee on what was sold: 1,000.00 - 80.00.
    expect(state.net).toBe(92_000);
    await expectLedgerHolds(testEnv.DB);
    // Decided once: a second decision is refused.
    const twice = await postForm(
      "/dashboard/claims",
      { intent: "decide", claimId: claim!.id, outcome: "refund_full" },
      { Cookie: admin.cookie },
    );
    expect((await toastOf(twice))?.type).toBe("error");
    expect((await dealState(deal.paymentId)).refunded).toBe(20_000);
    const totals = await (await get("/dashboard/claims", { Cookie: admin.cookie })).text();
    expect(totals).toContain("Open claims: 0");
  });
});
