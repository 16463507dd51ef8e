// Adding a product is idempotent: a form sent twice (a double click without JavaScript, a
// retried request) or an API call repeated with the same Idempotency-Key adds one product and
// keeps one photo. Tokens and keys are bound to their seller.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { issueProductToken } from "#app/domain/catalog/listing-requests.server";
import { bearerFor, get, ORIGIN, secrets, signedInUser } from "./auth-helpers";
import { insertCategory } from "./factories";
import {
  addProductToken,
  photoFile,
  postAddProduct,
  productForm,
  productRows,
  storedPhotoStems,
  toastCookieFrom,
  validFields,
} from "./seller-helpers";

async function seller(name = "Maya Seller") {
  const me = await signedInUser("seller", { name });
  return { ...me, token: await addProductToken(me.cookie) };
}

const formWith = (token: string, fields: Record<string, string> = {}) =>
  productForm(validFields(fields), photoFile("webp"), { productToken: token });

async function expectAdded(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/dashboard/my_product");
  const page = await get("/dashboard/my_product", { Cookie: `${cookie}; ${toastCookieFrom(response)}` });
  expect(await page.text()).toContain("Product added Successfully");
}

describe("the Add Product form sent twice", () => {
  it("adds one product, answers both posts alike, and keeps only the first photo", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie, token } = await seller();
    const first = await postAddProduct(cookie, formWith(token));
    const second = await postAddProduct(cookie, formWith(token));
    await expectAdded(first, cookie);
    await expectAdded(second, cookie);
    const rows = await productRows();
    expect(rows).toHaveLength(1);
    expect(await storedPhotoStems()).toEqual([rows[0]!.photoKey]);
  });

  it("at the same moment still adds one product and keeps one photo", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie, token } = await seller();
    const answers = await Promise.all([1, 2, 3].map(() => postAddProduct(cookie, formWith(token))));
    for (const answer of answers) expect(answer.status).toBe(302);
    const rows = await productRows();
    expect(rows).toHaveLength(1);
    expect(await storedPhotoStems()).toEqual([rows[0]!.photoKey]);
  });

  it("from two page loads adds two products", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie, token } = await seller();
    await expectAdded(await postAddProduct(cookie, formWith(token)), cookie);
    const again = await addProductToken(cookie);
    expect(again).not.toBe(token);
    await expectAdded(await postAddProduct(cookie, formWith(again)), cookie);
    expect(await productRows()).toHaveLength(2);
    expect(await storedPhotoStems()).toHaveLength(2);
  });

  it("with other details is refused (422), keeping the first product only", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie, token } = await seller();
    await postAddProduct(cookie, formWith(token));
    const changed = await postAddProduct(cookie, formWith(token, { productName: "Another camera" }));
    expect(changed.status).toBe(422);
    const html = await changed.text();
    expect(html).toContain("This form was already used to add a different product.");
    // The page comes back with a fresh token, so sending it again adds the other product.
    const fresh = /name="productToken" value="([^"]+)"/.exec(html)?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    const rows = await productRows();
    expect(rows.map((row) => row.name)).toEqual(["Canon EOS R6"]);
    expect(await storedPhotoStems()).toEqual([rows[0]!.photoKey]);
  });

  it("after an invalid first try (nothing added) adds the product once", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie, token } = await seller();
    const invalid = await postAddProduct(cookie, formWith(token, { resalePrice: "" }));
    expect(invalid.status).toBe(400);
    await expectAdded(await postAddProduct(cookie, formWith(token)), cookie);
    expect(await productRows()).toHaveLength(1);
  });
});

describe("an Add Product token that is not this seller's", () => {
  for (const [label, status, message, tokenFor] of [
    ["missing", 400, "This form could not be verified.", async () => ""],
    ["forged", 400, "This form could not be verified.", async (token: string) => `${token.slice(0, -4)}AAAA`],
    ["not a token", 400, "This form could not be verified.", async () => "%E0%A4%A.not.a.token"],
    [
      "expired",
      400,
      "This form has expired.",
      async (_: string, sellerId: string) =>
        issueProductToken(sellerId, secrets(), Date.now() - 2 * 24 * 60 * 60 * 1000),
    ],
    ["another seller's", 403, "This form belongs to another account.", async () => (await seller("Owen Seller")).token],
  ] as const) {
    it(`is refused when ${label} (${status}), storing nothing`, async () => {
      await insertCategory({ title: "Camera" });
      const { cookie, token, user } = await seller();
      const response = await postAddProduct(cookie, formWith(await tokenFor(token, user.id)));
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).toContain(message);
      expect(await productRows()).toHaveLength(0);
      expect(await storedPhotoStems()).toEqual([]);
    });
  }
});

describe("POST /api/product with an Idempotency-Key", () => {
  const post = (bearer: string, key: string | null, fields: Record<string, string> = {}) =>
    SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: bearer, ...(key === null ? {} : { "Idempotency-Key": key }) },
      body: productForm(validFields(fields), photoFile("png")),
    });

  async function twoSellers() {
    await insertCategory({ title: "Camera" });
    const maya = await signedInUser("seller");
    const owen = await signedInUser("seller");
    return { maya: await bearerFor(maya.user.id), owen: await bearerFor(owen.user.id), mayaId: maya.user.id };
  }

  it("repeated with the same key answers the same 201 body and adds one product", async () => {
    const { maya, mayaId } = await twoSellers();
    const first = await post(maya, "order-7f3a");
    const second = await post(maya, "order-7f3a");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const body = await first.json<{ acknowledged: boolean; insertedId: string }>();
    expect(await second.json()).toEqual(body);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    const rows = await productRows();
    expect(rows).toMatchObject([{ id: body.insertedId, sellerId: mayaId }]);
    expect(await storedPhotoStems()).toEqual([rows[0]!.photoKey]);
  });

  it("sent at the same moment with the same key adds one product", async () => {
    const { maya } = await twoSellers();
    const answers = await Promise.all([1, 2, 3].map(() => post(maya, "burst")));
    const bodies = await Promise.all(answers.map((answer) => answer.json<{ insertedId: string }>()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(bodies.map((body) => body.insertedId)).size).toBe(1);
    expect(await productRows()).toHaveLength(1);
    expect(await storedPhotoStems()).toHaveLength(1);
  });

  it("with different keys, or without one, adds a product each time", async () => {
    const { maya } = await twoSellers();
    for (const key of ["one", "two", null, null]) expect((await post(maya, key)).status).toBe(201);
    expect(await productRows()).toHaveLength(4);
    expect(await storedPhotoStems()).toHaveLength(4);
  });

  it("of another seller cannot collide: the same key adds one product each", async () => {
    const { maya, owen } = await twoSellers();
    const mine = await (await post(maya, "shared-key")).json<{ insertedId: string }>();
    const theirs = await post(owen, "shared-key");
    expect(theirs.status).toBe(201);
    expect((await theirs.json<{ insertedId: string }>()).insertedId).not.toBe(mine.insertedId);
    expect(new Set((await productRows()).map((row) => row.sellerId)).size).toBe(2);
  });

  it("reused for a different product is a 422 and adds nothing", async () => {
    const { maya } = await twoSellers();
    await post(maya, "reused");
    const response = await post(maya, "reused", { productName: "Something else" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { status: 422, code: "idempotency_key_reused" },
    });
    expect(await productRows()).toHaveLength(1);
    expect(await storedPhotoStems()).toHaveLength(1);
  });

  for (const key of ["", " ", "x".repeat(256), "naïve", "tab\there"]) {
    it(`refuses a malformed key ${JSON.stringify(key.slice(0, 12))} with a 400`, async () => {
      const { maya } = await twoSellers();
      const response = await post(maya, key);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { status: 400, code: "bad_request" } });
      expect(await productRows()).toHaveLength(0);
    });
  }
});
