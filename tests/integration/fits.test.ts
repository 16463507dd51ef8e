// Search by gear and "fits my camera": the filters of /search, the category pages and
// GET /api/search, the camera a visitor keeps in the URL or a signed-in buyer on the account, the
// badges on cards and listing pages, and the edge cache keeping a visitor's page by its camera.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { readSearchParams, withFits } from "#app/domain/catalog/search-params";
import { readCamera } from "#app/domain/gear/camera";
import { database } from "#db/client";
import type { NewProduct } from "#db/factories";
import { users } from "#db/schema";
import { cacheKeyPath } from "../../workers/edge-cache";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser, USD } from "./factories";
import { hasElement } from "./markup";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

async function gearWorld() {
  const seller = await insertUser({ role: "seller" });
  const bodies = await insertCategory({ title: "Camera" });
  const lenses = await insertCategory({ title: "Camera Lens" });
  const at = Date.now();
  let n = 0;
  const listing = (categoryId: string, name: string, gear: Partial<NewProduct>) =>
    insertProduct({ sellerId: seller.id, categoryId, name, createdAt: new Date(at - ++n * 1000), ...gear });
  const lens = (name: string, model: string, brand: string, mount: NewProduct["mount"], focal: [number, number]) =>
    listing(lenses.id, name, {
      gearKind: "lens",
      brand,
      model,
      mount,
      focalMinMm: focal[0],
      focalMaxMm: focal[1],
      apertureWide: 2.8,
    });
  return {
    r6: await listing(bodies.id, "Canon EOS R6", {
      gearKind: "body",
      brand: "canon",
      model: "canon-eos-r6",
      mount: "canon-rf",
      sensorFormat: "full-frame",
      shutterCount: 31_000,
      shutterCountMethod: "software",
    }),
    z50: await listing(bodies.id, "Nikon Z50", {
      gearKind: "body",
      brand: "nikon",
      model: "nikon-z50",
      mount: "nikon-z",
      sensorFormat: "aps-c",
      shutterCount: 4_000,
      shutterCountMethod: "photo-exif",
    }),
    z2470: await lens("Nikkor Z 24-70", "nikon-z-24-70mm-f4-s", "nikon", "nikon-z", [24, 70]),
    f70200: await lens("Nikkor 70-200E", "nikon-af-s-70-200mm-f2-8e-fl-ed-vr", "nikon", "nikon-f", [70, 200]),
    f50d: await lens("Nikkor 50 D", "nikon-af-50mm-f1-8d", "nikon", "nikon-f", [50, 50]),
    rf50: await lens("RF 50", "canon-rf-50mm-f1-8-stm", "canon", "canon-rf", [50, 50]),
    summicron: await lens("Summicron 50", "leica-summicron-m-50mm-f2", "leica", "leica-m", [50, 50]),
    tripod: await listing(bodies.id, "Plain listing", {}),
  };
}

async function found(search: string, camera: string | null = null) {
  const read = withFits(readSearchParams(new URLSearchParams(search), USD), readCamera(camera));
  if (!read.ok) throw new Error(read.message);
  const result = await searchListings(db(), read.query);
  if (!result.ok) throw new Error(result.reason);
  return result.listings.rows.map((row) => row.name);
}

describe("the gear filters", () => {
  it("narrow by brand, mount, sensor format, shutter count and focal range", async () => {
    await gearWorld();
    expect(await found("brand=nikon")).toEqual(["Nikon Z50", "Nikkor Z 24-70", "Nikkor 70-200E", "Nikkor 50 D"]);
    expect(await found("mount=nikon-f")).toEqual(["Nikkor 70-200E", "Nikkor 50 D"]);
    expect(await found("sensor=aps-c")).toEqual(["Nikon Z50"]);
    expect(await found("shutter_max=20000")).toEqual(["Nikon Z50"]);
    expect(await found("shutter_max=31000")).toEqual(["Canon EOS R6", "Nikon Z50"]);
    // Lenses whose range reaches into the one asked for.
    expect(await found("focal_min=60&focal_max=100")).toEqual(["Nikkor Z 24-70", "Nikkor 70-200E"]);
    expect(await found("focal_min=180")).toEqual(["Nikkor 70-200E"]);
    expect(await found("focal_max=30")).toEqual(["Nikkor Z 24-70"]);
    expect(await found("brand=canon&sort=price-asc")).toHaveLength(2);
  });

  it("shows only the lenses that fit a camera, natively or through an adapter", async () => {
    await gearWorld();
    expect(await found("fits=1", "nikon-z6-ii")).toEqual([
      "Nikkor Z 24-70",
      "Nikkor 70-200E",
      "Nikkor 50 D",
      "Summicron 50",
    ]);
    // Nikon F lenses fit an RF body through a plain adapter too (manual focus).
    expect(await found("fits=1", "canon-rf")).toEqual(["Nikkor 70-200E", "Nikkor 50 D", "RF 50", "Summicron 50"]);
    expect(await found("fits=1", "fujifilm-x")).toEqual(["Nikkor 70-200E", "Nikkor 50 D", "Summicron 50"]);
    // Only lenses: a Z body fits no Z camera.
    expect(await found("fits=1&mount=nikon-z", "nikon-z6-ii")).toEqual(["Nikkor Z 24-70"]);
  });

  it("refuses bad values next to their field, and 'fits' without a camera", async () => {
    for (const [search, field] of [
      ["brand=nope", "brand"],
      ["mount=nikon-zz", "mount"],
      ["sensor=huge", "sensor"],
      ["shutter_max=-4", "shutter_max"],
      ["focal_min=abc", "focal_min"],
      ["focal_min=200&focal_max=50", "focal_max"],
      ["fits=maybe", "fits"],
      ["camera=leica-q2", "camera"],
    ] as const) {
      const read = readSearchParams(new URLSearchParams(search), USD);
      expect(read.ok, search).toBe(false);
      if (!read.ok) expect(Object.keys(read.errors), search).toEqual([field]);
    }
    const withoutCamera = withFits(readSearchParams(new URLSearchParams("fits=1"), USD), null);
    expect(withoutCamera).toMatchObject({
      ok: false,
      errors: { fits: ["Choose your camera to see only the gear that fits it."] },
    });
    const page = await get("/search?fits=1");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose your camera to see only the gear that fits it.");
    const api = await SELF.fetch(`${ORIGIN}/api/search?fits=1`);
    expect(api.status).toBe(422);
    expect(await api.json()).toMatchObject({ error: { fields: { fits: [expect.any(String)] } } });
    expect((await SELF.fetch(`${ORIGIN}/api/search?camera=nope`)).status).toBe(422);
  });

  it("reads each filter through an index, and never sorts the whole catalog", async () => {
    const { searchStatements } = await import("#app/domain/catalog/listing-search.server");
    const plan = async (search: string) => {
      const read = withFits(readSearchParams(new URLSearchParams(search), USD), readCamera("nikon-z6-ii"));
      if (!read.ok) throw new Error(read.message);
      const { rows, count } = searchStatements(db(), read.query);
      const details = [];
      for (const statement of [rows.toSQL(), count.toSQL()]) {
        const result = await testEnv.DB.prepare(`explain query plan ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>();
        details.push(result.results.map((row) => row.detail).join("\n"));
      }
      return { rows: details[0]!, count: details[1]! };
    };
    for (const [search, index] of [
      ["brand=canon", /products_available_brand/],
      ["mount=sony-e", /products_available_mount/],
      ["fits=1", /products_available_mount/],
      ["sensor=full-frame", /products_available_sensor/],
      ["shutter_max=20000", /products_available_shutter/],
      ["focal_min=35&focal_max=50", /products_available_lens_focal/],
    ] as const) {
      const { rows, count } = await plan(search);
      expect(`${rows}\n${count}`, search).toMatch(index);
      // Every statement reads the listings through an index (a SCAN without one reads them all).
      expect(rows, search).not.toMatch(/SCAN products\b(?! USING)/);
      expect(count, search).not.toMatch(/SCAN products\b(?! USING)/);
    }
  });
});

describe("fits my camera", () => {
  it("marks lens cards and keeps a visitor's camera in the links, with JavaScript or without", async () => {
    const world = await gearWorld();
    const html = await (await get("/search?camera=nikon-z6-ii")).text();
    expect(html).toMatch(/data-fit="native"[^>]*>Fits your Nikon Z6 II</);
    expect(html).toMatch(/data-fit="adapter"[^>]*>Fits with the FTZ adapter</);
    expect(html).toMatch(/data-fit="adapter"[^>]*>Fits with the FTZ adapter, manual focus</);
    expect(html).toMatch(/data-fit="adapter"[^>]*>Fits with an M–Z adapter, manual focus</);
    // A body, a lens of another mount: no badge.
    expect(html.match(/data-fit=/g)).toHaveLength(4);
    expect(html).toContain(`href="/listings/${world.f70200.id}?camera=nikon-z6-ii"`);
    // The page's data carries the cards' badges, not what they were decided from.
    for (const decidedFrom of ["nikon-af-s-70-200mm-f2-8e-fl-ed-vr", "gearKind", "sellerPayoutsReady"]) {
      expect(html).not.toContain(decidedFrom);
    }
    // The search form carries the camera on.
    expect(html).toMatch(/<input type="hidden" name="camera" value="nikon-z6-ii"\/>/);
    const listing = await (await get(`/listings/${world.f70200.id}?camera=nikon-z6-ii`)).text();
    expect(listing).toContain("Fits with the FTZ adapter");
    expect(listing).toContain("Autofocus with AF-S, AF-P and AF-I lenses");
    const rf = await (await get(`/listings/${world.rf50.id}?camera=nikon-z6-ii`)).text();
    expect(rf).toContain("Does not fit your Nikon Z6 II, natively or with a common adapter.");
    expect(await (await get("/search")).text()).not.toContain("data-fit=");
  });

  it("is kept on a signed-in buyer's account, set from Settings, a storefront page or the API", async () => {
    const world = await gearWorld();
    const { user, cookie } = await signedInUser("buyer");
    const saved = await postForm("/dashboard/settings/camera", { camera: "nikon-z6-ii" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect((await db().select({ camera: users.camera }).from(users).where(eq(users.id, user.id)))[0]?.camera).toBe(
      "nikon-z6-ii",
    );
    const html = await (await get("/search", { Cookie: cookie })).text();
    expect(html).toContain("Fits your Nikon Z6 II");
    // The account's camera is not in the links: the account carries it.
    expect(html).toContain(`href="/listings/${world.z2470.id}"`);
    expect(await (await get("/search?fits=1", { Cookie: cookie })).text()).toContain("Summicron 50");
    const fromPage = await postForm(
      "/search?q=lens&camera=canon-rf",
      { intent: "my-camera", camera: "canon-eos-r6" },
      { Cookie: cookie },
    );
    expect(fromPage.headers.get("Location")).toBe("/search?q=lens");
    const auth = await bearerFor(user.id);
    expect(
      await (await SELF.fetch(`${ORIGIN}/api/settings/camera`, { headers: { Authorization: auth } })).json(),
    ).toEqual({
      camera: { key: "canon-eos-r6", name: "Canon EOS R6", mount: "canon-rf" },
    });
    const put = (camera: unknown) =>
      SELF.fetch(`${ORIGIN}/api/settings/camera`, {
        method: "PUT",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body: JSON.stringify({ camera }),
      });
    expect((await put("leica-q2")).status).toBe(422);
    expect(await (await put("sony-e")).json()).toEqual({
      camera: { key: "sony-e", name: "Sony E camera", mount: "sony-e" },
    });
    expect(await (await put(null)).json()).toEqual({ camera: null });
    const search = await (
      await SELF.fetch(`${ORIGIN}/api/search?fits=1&camera=nikon-z6-ii`, { headers: { Authorization: auth } })
    ).json<{ results: Array<{ productName: string; fit: { label: string } | null }> }>();
    expect(search.results.map((result) => [result.productName, result.fit?.label])).toContainEqual([
      "Nikkor 50 D",
      "Fits with the FTZ adapter, manual focus",
    ]);
  });

  it("is chosen on its own page, which sends the visitor back to the storefront page they came from", async () => {
    const world = await gearWorld();
    // The storefront page links to the camera page; the long list of cameras is not on it.
    const search = await (await get("/search?q=nikkor&camera=nikon-z6-ii&page=2")).text();
    expect(search).toContain(`href="/camera?back=%2Fsearch%3Fq%3Dnikkor"`);
    expect(search).not.toContain('value="nikon-z6-ii"></option>');
    expect(search).not.toMatch(/<option value="nikon-z6-ii"/);
    const listing = await (await get(`/listings/${world.z2470.id}`)).text();
    expect(listing).toContain(`href="/camera?back=%2Flistings%2F${world.z2470.id}"`);

    // A visitor: a GET form to the page, its parameters kept, the URL's camera chosen.
    const visitor = await (await get("/camera?back=%2Fsearch%3Fq%3Dnikkor%26camera%3Dsony-e%26book%3Dx")).text();
    expect(visitor).toMatch(/<form [^>]*\baction="\/search" method="get"/);
    expect(visitor).toContain('<input type="hidden" name="q" value="nikkor"/>');
    expect(visitor).not.toContain('name="book"');
    expect(visitor).toMatch(/<option value="sony-e" selected="">/);
    expect(hasElement(visitor, "a", { href: "/search?q=nikkor" }, "Back without changing</a>")).toBe(true);

    // Signed in: a POST to the page's own action, which keeps the camera on the account.
    const { user, cookie } = await signedInUser("buyer", { camera: "canon-eos-r6" });
    const signedIn = await (await get(`/camera?back=%2Flistings%2F${world.z2470.id}`, { Cookie: cookie })).text();
    expect(signedIn).toContain(`action="/listings/${world.z2470.id}"`);
    expect(signedIn).toMatch(/<option value="canon-eos-r6" selected="">/);
    const saved = await postForm(
      `/listings/${world.z2470.id}`,
      { intent: "my-camera", camera: "nikon-z6-ii" },
      { Cookie: cookie },
    );
    expect(saved.headers.get("Location")).toBe(`/listings/${world.z2470.id}`);
    expect((await db().select({ camera: users.camera }).from(users).where(eq(users.id, user.id)))[0]?.camera).toBe(
      "nikon-z6-ii",
    );

    // Never back to another site or another kind of page.
    for (const back of [
      "//evil.example/search",
      "https://evil.example/search",
      "/\\evil.example",
      "/dashboard/settings",
      "/api/search",
      "search",
    ]) {
      const html = await (await get(`/camera?back=${encodeURIComponent(back)}`)).text();
      expect(html, back).toMatch(/<form [^>]*\baction="\/search" method="get"/);
      expect(hasElement(html, "a", { href: "/search" }, "Back without changing</a>"), back).toBe(true);
    }
  });

  it("is part of a signed-out page's cache key, and a signed-in visitor's page is never stored", () => {
    const request = (path: string, headers: Record<string, string> = {}) =>
      new Request(`${ORIGIN}${path}`, { headers });
    expect(cacheKeyPath(request("/listings/abc?camera=nikon-z6-ii"))).toBe("/listings/abc?camera=nikon-z6-ii");
    expect(cacheKeyPath(request("/search?fits=1&camera=sony-e&q=lens"))).toBe("/search?camera=sony-e&fits=1&q=lens");
    expect(cacheKeyPath(request("/?camera=canon-rf"))).toBe("/?camera=canon-rf");
    expect(cacheKeyPath(request("/search?camera=sony-e", { Cookie: "x=1" }))).toBeNull();
    expect(cacheKeyPath(request("/api/listings/abc?camera=sony-e", { Authorization: "Bearer x" }))).toBeNull();
  });
});
