// Saved addresses (ADR 0103): an account keeps up to SAVED_ADDRESS_LIMIT addresses, one default of
// each kind; nobody else reads or changes them (404); bad input is refused at its field; they are
// in the data export and erased with the account; the REST API and the Settings page alike.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAVED_ADDRESS_LIMIT } from "#app/domain/deals/bookings/saved-address-schema";
import {
  addSavedAddress,
  defaultDeliveryAddress,
  deleteSavedAddress,
  editSavedAddress,
  listSavedAddresses,
  senderAddress,
  setDefaultSavedAddress,
} from "#app/domain/deals/bookings/saved-addresses.server";
import type { ShippingAddress } from "#app/domain/deals/parcels/address";
import { database } from "#db/client";
import { savedAddresses } from "#db/schema";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

const HOME: ShippingAddress = {
  recipient: "Ada Buyer",
  line1: "1 Main Street",
  line2: null,
  city: "Brooklyn",
  region: "NY",
  postalCode: "11201",
  country: "US",
};
const WORK: ShippingAddress = { ...HOME, recipient: "Ada at work", line1: "200 Office Park", postalCode: "10001" };

function api(method: string, path: string, token: string, body?: unknown) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("the saved addresses' rules", () => {
  it("adds, edits, makes default and deletes; the first of a kind is the default, and a default's place is taken", async () => {
    const buyer = await insertUser({ role: "buyer" });
    const first = await addSavedAddress(db(), buyer, { kind: "delivery", address: HOME });
    const second = await addSavedAddress(db(), buyer, { kind: "delivery", address: WORK });
    expect(first.ok && first.address.isDefault).toBe(true);
    expect(second.ok && second.address.isDefault).toBe(false);
    expect(await defaultDeliveryAddress(db(), buyer.id)).toEqual(HOME);
    if (!first.ok || !second.ok) throw new Error("not saved");

    expect((await setDefaultSavedAddress(db(), buyer.id, second.address.id)).ok).toBe(true);
    expect(await defaultDeliveryAddress(db(), buyer.id)).toEqual(WORK);
    const rows = await listSavedAddresses(db(), buyer.id);
    expect(rows.map((row) => [row.recipient, row.isDefault])).toEqual([
      ["Ada at work", true],
      ["Ada Buyer", false],
    ]);

    const edited = await editSavedAddress(db(), buyer.id, first.address.id, { ...HOME, line2: "Apt 4" });
    expect(edited.ok && edited.address.line2).toBe("Apt 4");

    expect((await deleteSavedAddress(db(), buyer.id, second.address.id)).ok).toBe(true);
    // The default went: the other delivery address takes its place.
    expect(await defaultDeliveryAddress(db(), buyer.id)).toEqual({ ...HOME, line2: "Apt 4" });
    expect(await listSavedAddresses(db(), buyer.id)).toHaveLength(1);
  });

  it("never touches another account's address, and keeps a sender address for sellers only", async () => {
    const owner = await insertUser({ role: "seller" });
    const stranger = await insertUser({ role: "buyer" });
    const sender = await addSavedAddress(db(), owner, { kind: "sender", address: HOME });
    if (!sender.ok) throw new Error("not saved");
    expect(await senderAddress(db(), owner.id)).toEqual({
      name: "Ada Buyer",
      line1: "1 Main Street",
      line2: null,
      city: "Brooklyn",
      region: "NY",
      postalCode: "11201",
      country: "US",
    });
    // A seller's sender is not their delivery default.
    expect(await defaultDeliveryAddress(db(), owner.id)).toBeNull();
    const id = sender.address.id;
    expect(await editSavedAddress(db(), stranger.id, id, WORK)).toMatchObject({ ok: false, status: 404 });
    expect(await setDefaultSavedAddress(db(), stranger.id, id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteSavedAddress(db(), stranger.id, id)).toMatchObject({ ok: false, status: 404 });
    expect(await addSavedAddress(db(), stranger, { kind: "sender", address: HOME })).toMatchObject({
      ok: false,
      status: 403,
    });
    const [row] = await db().select().from(savedAddresses).where(eq(savedAddresses.id, id));
    expect(row).toMatchObject({ recipient: "Ada Buyer", isDefault: true });
  });

  it("keeps at most the limit, also under requests sent at once", async () => {
    const buyer = await insertUser({ role: "buyer" });
    const token = await bearerFor(buyer.id);
    const answers = await Promise.all(
      Array.from({ length: SAVED_ADDRESS_LIMIT + 4 }, (_, n) =>
        api("POST", "/account/addresses", token, { ...HOME, recipient: `Ada ${n}`, makeDefault: n % 2 === 0 }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const refusal = answers.find((answer) => answer.status === 409)!;
    expect(await refusal.json()).toEqual({
      error: { status: 409, code: "limit_reached", message: "You can keep 5 addresses: delete one to save another." },
    });
    const rows = await listSavedAddresses(db(), buyer.id);
    expect(rows).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });
});

describe("REST: /api/account/addresses", () => {
  it("lists, adds, changes, makes default and deletes the caller's addresses", async () => {
    const buyer = await insertUser({ role: "buyer" });
    const token = await bearerFor(buyer.id);
    const added = await api("POST", "/account/addresses", token, { ...HOME, postalCode: "11201-1234", line2: "" });
    expect(added.status).toBe(201);
    const { address } = (await added.json()) as { address: { id: string; isDefault: boolean; kind: string } };
    expect(address).toMatchObject({ kind: "delivery", isDefault: true, line2: null, postalCode: "11201-1234" });
    const other = (await (await api("POST", "/account/addresses", token, WORK)).json()) as { address: { id: string } };

    const patched = await api("PATCH", `/account/addresses/${other.address.id}`, token, { makeDefault: true });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { address: { isDefault: boolean } }).address.isDefault).toBe(true);
    const changed = await api("PATCH", `/account/addresses/${address.id}`, token, { ...HOME, city: "Queens" });
    expect(((await changed.json()) as { address: { city: string } }).address.city).toBe("Queens");

    const listed = (await (await api("GET", "/account/addresses", token)).json()) as {
      addresses: Array<{ id: string; isDefault: boolean }>;
    };
    expect(listed.addresses.map((row) => [row.id, row.isDefault])).toEqual([
      [other.address.id, true],
      [address.id, false],
    ]);
    const deleted = await api("DELETE", `/account/addresses/${address.id}`, token);
    expect(deleted.status).toBe(200);
    expect(await listSavedAddresses(db(), buyer.id)).toHaveLength(1);
  });

  it("refuses bad input with the fields' messages, a stranger's id with a 404, and no token with a 401", async () => {
    const owner = await insertUser({ role: "buyer" });
    const stranger = await insertUser({ role: "buyer" });
    const mine = await addSavedAddress(db(), owner, { kind: "delivery", address: HOME });
    if (!mine.ok) throw new Error("not saved");
    const token = await bearerFor(stranger.id);

    const bad = await api("POST", "/account/addresses", token, { ...HOME, postalCode: "ABC", city: "" });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe("invalid");
    expect(body.error.fields).toEqual({
      city: ["Enter the city."],
      postalCode: ["Enter a US ZIP code, such as 11201 or 11201-1234."],
    });
    expect((await api("POST", "/account/addresses", token, { ...HOME, country: "FR" })).status).toBe(422);
    expect((await api("POST", "/account/addresses", token, { ...HOME, kind: "pickup" })).status).toBe(422);
    expect((await api("POST", "/account/addresses", token, [HOME])).status).toBe(422);
    const sender = await api("POST", "/account/addresses", token, { ...HOME, kind: "sender" });
    expect(sender.status).toBe(403);

    for (const [method, payload] of [
      ["PATCH", { makeDefault: true }],
      ["PATCH", WORK],
      ["DELETE", undefined],
    ] as const) {
      const answer = await api(method, `/account/addresses/${mine.address.id}`, token, payload);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: { status: 404, code: "not_found", message: "There is no such address." },
      });
    }
    const unsigned = await SELF.fetch(`${ORIGIN}/api/account/addresses`);
    expect(unsigned.status).toBe(401);
    const [row] = await db().select().from(savedAddresses).where(eq(savedAddresses.id, mine.address.id));
    expect(row).toMatchObject({ recipient: "Ada Buyer", userId: owner.id });
  });
});

describe("the account's data", () => {
  it("the export lists the addresses; deleting the account erases them", async () => {
    const { user, password, cookie } = await signedInUser("buyer");
    await addSavedAddress(db(), user, { kind: "delivery", address: HOME });
    const stranger = await insertUser({ role: "buyer" });
    await addSavedAddress(db(), stranger, { kind: "delivery", address: WORK });

    const exported = (await (await get("/dashboard/settings/export", { Cookie: cookie })).json()) as {
      addresses: Array<Record<string, unknown>>;
    };
    expect(exported.addresses).toEqual([
      expect.objectContaining({ ...HOME, kind: "delivery", isDefault: true, createdAt: expect.any(String) }),
    ]);

    const deleted = await postForm(
      "/dashboard/settings/delete-account",
      { currentPassword: password },
      { Cookie: cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await db().select().from(savedAddresses).where(eq(savedAddresses.userId, user.id))).toEqual([]);
    expect(await db().select().from(savedAddresses).where(eq(savedAddresses.userId, stranger.id))).toHaveLength(1);
  });
});

describe("Settings → Addresses", () => {
  const PAGE = "/dashboard/settings/addresses";
  const form = (fields: Partial<Record<keyof ShippingAddress | "intent" | "id" | "kind", string>>) => ({
    recipient: HOME.recipient,
    line1: HOME.line1,
    line2: "",
    city: HOME.city,
    region: HOME.region,
    postalCode: HOME.postalCode,
    country: HOME.country,
    ...fields,
  });

  it("adds, edits, makes default and deletes with plain form posts", async () => {
    const { user, cookie } = await signedInUser("buyer");
    const added = await postForm(PAGE, form({ intent: "add" }), { Cookie: cookie });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(PAGE);
    await postForm(PAGE, form({ intent: "add", recipient: "Ada at work", line1: "200 Office Park" }), {
      Cookie: cookie,
    });
    const [home, work] = await listSavedAddresses(db(), user.id);
    const html = await (await get(PAGE, { Cookie: cookie })).text();
    expect(html).toContain("Delivery address (default)");
    expect(html).toContain("200 Office Park");
    // A buyer keeps delivery addresses only: no kind to choose.
    expect(html).not.toContain('name="kind"');

    const editing = await (await get(`${PAGE}?edit=${work!.id}`, { Cookie: cookie })).text();
    expect(editing).toContain('value="200 Office Park"');
    expect(editing).toMatch(/<label[^>]*for="[^"]*-city"[^>]*>City\*<\/label>/);
    await postForm(PAGE, form({ intent: "edit", id: work!.id, line1: "200 Office Park", city: "Queens" }), {
      Cookie: cookie,
    });
    await postForm(PAGE, { intent: "default", id: work!.id }, { Cookie: cookie });
    expect(await defaultDeliveryAddress(db(), user.id)).toMatchObject({ city: "Queens", line1: "200 Office Park" });

    const confirming = await (await get(`${PAGE}?delete=${home!.id}`, { Cookie: cookie })).text();
    expect(confirming).toContain("Delete this address?");
    await postForm(PAGE, { intent: "delete", id: home!.id }, { Cookie: cookie });
    expect((await listSavedAddresses(db(), user.id)).map((row) => row.id)).toEqual([work!.id]);
  });

  it("shows bad input at its field (400), refuses a stranger's address (404) and a made-up request (400)", async () => {
    const owner = await insertUser({ role: "buyer" });
    const mine = await addSavedAddress(db(), owner, { kind: "delivery", address: HOME });
    if (!mine.ok) throw new Error("not saved");
    const { cookie } = await signedInUser("seller");

    const bad = await postForm(PAGE, form({ intent: "add", postalCode: "M5V", city: "" }), { Cookie: cookie });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter the city.");
    expect(html).toContain("Enter a US ZIP code, such as 11201 or 11201-1234.");
    expect(html).toContain('value="M5V"');
    expect(html).toMatch(/aria-invalid="true"/);

    for (const fields of [
      form({ intent: "edit", id: mine.address.id }),
      form({ intent: "edit", id: mine.address.id, city: "" }),
      { intent: "default", id: mine.address.id },
      { intent: "delete", id: mine.address.id },
    ]) {
      expect((await postForm(PAGE, fields, { Cookie: cookie })).status).toBe(404);
    }
    expect((await get(`${PAGE}?edit=${mine.address.id}`, { Cookie: cookie })).status).toBe(404);
    expect((await get(`${PAGE}?delete=${mine.address.id}`, { Cookie: cookie })).status).toBe(404);
    expect((await postForm(PAGE, { intent: "default" }, { Cookie: cookie })).status).toBe(400);
    expect((await postForm(PAGE, { intent: "paint", id: mine.address.id }, { Cookie: cookie })).status).toBe(400);
    expect((await postForm(PAGE, form({ intent: "add", kind: "pickup" }), { Cookie: cookie })).status).toBe(400);
    const [row] = await db().select().from(savedAddresses).where(eq(savedAddresses.id, mine.address.id));
    expect(row).toMatchObject({ recipient: "Ada Buyer", isDefault: true });
    // Signed out: to the login page.
    expect((await get(PAGE)).headers.get("Location")).toMatch(/^\/login/);
  });

  it("a seller keeps a sender address beside the delivery ones; a buyer cannot", async () => {
    const seller = await signedInUser("seller");
    expect(await (await get(PAGE, { Cookie: seller.cookie })).text()).toContain('name="kind"');
    await postForm(PAGE, form({ intent: "add", kind: "sender", recipient: "Maya Lens" }), { Cookie: seller.cookie });
    expect(await senderAddress(db(), seller.user.id)).toMatchObject({ name: "Maya Lens" });
    const buyer = await signedInUser("buyer");
    const refused = await postForm(PAGE, form({ intent: "add", kind: "sender" }), { Cookie: buyer.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only a seller sends parcels");
  });

  it("says when the account keeps the most it can", async () => {
    const { user, cookie } = await signedInUser("buyer");
    for (let n = 0; n < SAVED_ADDRESS_LIMIT; n++)
      await addSavedAddress(db(), user, { kind: "delivery", address: { ...HOME, recipient: `Ada ${n}` } });
    const html = await (await get(PAGE, { Cookie: cookie })).text();
    expect(html).toContain("You keep 5 addresses, the most there can be");
    const over = await postForm(PAGE, form({ intent: "add" }), { Cookie: cookie });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain("You can keep 5 addresses: delete one to save another.");
  });
});
