// The edit page's and Reported Items' forms, each posting to its own action (ADR 0071): every
// action sends a visitor who is not signed in to log in, refuses the wrong role (403) and bad input
// (400) without changing a row or a photo, and a form sent twice at once changes things once.
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { productPhotos, products, ratings, reports, reviewReports } from "#db/schema";
import { get, postForm } from "./auth-helpers";
import { changes, snapshot } from "./matrix/snapshot";
import { buildWorld, type World } from "./matrix/world";
import { toastText } from "./moderation-helpers";
import { validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const edit = (w: World, path: string) => `/dashboard/my_product/${w.listing.A}/edit/${path}`;

type Action = {
  path: (w: World) => string;
  /** Who may send it. */
  as: "sellerA" | "admin";
  /** Callers of another role. */
  wrongRoles: Array<"buyerA" | "sellerA" | "admin">;
  good: (w: World) => Record<string, string>;
  bad: (w: World) => Record<string, string>;
};

const SELLER = ["buyerA", "admin"] as const;
const ADMIN = ["buyerA", "sellerA"] as const;

const ACTIONS: Record<string, Action> = {
  "edit/details": {
    path: (w) => edit(w, "details"),
    as: "sellerA",
    wrongRoles: [...SELLER],
    good: () => validFields({ productName: "Renamed body" }),
    bad: () => validFields({ resalePrice: "abc" }),
  },
  "edit/offers": {
    path: (w) => edit(w, "offers"),
    as: "sellerA",
    wrongRoles: [...SELLER],
    good: () => ({}),
    bad: () => ({ offersAccepted: "yes" }),
  },
  "edit/photos/add": {
    path: (w) => edit(w, "photos/add"),
    as: "sellerA",
    wrongRoles: [...SELLER],
    good: () => ({}),
    bad: () => ({ upload: crypto.randomUUID() }),
  },
  "edit/photos/move": {
    path: (w) => edit(w, "photos/move"),
    as: "sellerA",
    wrongRoles: [...SELLER],
    good: (w) => ({ photoId: w.photos.A[1]!, position: "0" }),
    bad: (w) => ({ photoId: w.photos.A[1]!, position: "-1" }),
  },
  "edit/photos/remove": {
    path: (w) => edit(w, "photos/remove"),
    as: "sellerA",
    wrongRoles: [...SELLER],
    good: (w) => ({ photoId: w.photos.A[1]! }),
    bad: () => ({ photoId: "" }),
  },
  "reported_items/dismiss": {
    path: () => "/dashboard/reported_items/dismiss",
    as: "admin",
    wrongRoles: [...ADMIN],
    good: (w) => ({ productId: w.reportedListing.A }),
    bad: () => ({ productId: "" }),
  },
  "reported_items/remove": {
    path: () => "/dashboard/reported_items/remove",
    as: "admin",
    wrongRoles: [...ADMIN],
    good: (w) => ({ productId: w.reportedListing.A }),
    bad: () => ({ productId: "x".repeat(101) }),
  },
  "reported_items/reviews/dismiss": {
    path: () => "/dashboard/reported_items/reviews/dismiss",
    as: "admin",
    wrongRoles: [...ADMIN],
    good: (w) => ({ ratingId: w.review.A }),
    bad: () => ({ ratingId: " " }),
  },
  "reported_items/reviews/remove": {
    path: () => "/dashboard/reported_items/reviews/remove",
    as: "admin",
    wrongRoles: [...ADMIN],
    good: (w) => ({ ratingId: w.review.A }),
    bad: () => ({}),
  },
};
const CASES = Object.entries(ACTIONS);

describe("the edit page's and Reported Items' actions", () => {
  it.each(CASES)("%s sends a visitor who is not signed in to log in, and changes nothing", async (_name, action) => {
    const world = await buildWorld();
    const before = await snapshot();
    const response = await postForm(action.path(world), action.good(world));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(changes(before, await snapshot())).toEqual([]);
  });

  it.each(CASES)("%s refuses another role (403), and changes nothing", async (_name, action) => {
    const world = await buildWorld();
    const before = await snapshot();
    for (const caller of action.wrongRoles) {
      const response = await postForm(action.path(world), action.good(world), { Cookie: world.cookies[caller]! });
      expect(response.status, caller).toBe(403);
    }
    expect(changes(before, await snapshot())).toEqual([]);
  });

  it.each(CASES)("%s answers bad input with a 400, no toast, and changes nothing", async (_name, action) => {
    const world = await buildWorld();
    const before = await snapshot();
    const response = await postForm(action.path(world), action.bad(world), { Cookie: world.cookies[action.as]! });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("pb_toast="))).toBe(false);
    expect(changes(before, await snapshot())).toEqual([]);
  });

  it.each(CASES)("%s shows its page at its own URL", async (_name, action) => {
    const world = await buildWorld();
    const page = await get(action.path(world), { Cookie: world.cookies[action.as]! });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(action.as === "admin" ? "Reported reviews" : "Save offer setting");
  });

  it("lets no seller change another seller's listing (404), changing nothing", async () => {
    const world = await buildWorld();
    const before = await snapshot();
    for (const [name, action] of CASES.filter(([, action]) => action.as === "sellerA")) {
      const response = await postForm(action.path(world), action.good(world), { Cookie: world.cookies.sellerB! });
      // Adding without a photo is bad input before the listing is looked up.
      expect(response.status, name).toBe(name === "edit/photos/add" ? 400 : 404);
    }
    expect(changes(before, await snapshot())).toEqual([]);
  });
});

describe("a form sent twice at once", () => {
  const twice = (path: string, fields: Record<string, string>, cookie: string) =>
    Promise.all([postForm(path, fields, { Cookie: cookie }), postForm(path, fields, { Cookie: cookie })]);

  it("on the edit page: saves the details and the offer setting once, moves and removes a photo once", async () => {
    const world = await buildWorld();
    const cookie = world.cookies.sellerA!;
    for (const answer of await twice(edit(world, "details"), validFields({ productName: "Twice" }), cookie)) {
      expect(answer.status).toBe(302);
    }
    for (const answer of await twice(edit(world, "offers"), {}, cookie)) expect(answer.status).toBe(302);
    const [listing] = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [world.listing.A]));
    expect([listing!.name, listing!.offersAccepted]).toEqual(["Twice", false]);
    const [first, second] = world.photos.A as [string, string];
    for (const answer of await twice(edit(world, "photos/move"), { photoId: second, position: "0" }, cookie)) {
      expect(answer.status).toBe(302);
    }
    const shown = async () =>
      (
        await db()
          .select()
          .from(productPhotos)
          .where(inArray(productPhotos.productId, [world.listing.A]))
      )
        .filter((photo) => photo.position !== null)
        .sort((a, b) => a.position! - b.position!)
        .map((photo) => photo.id);
    expect((await shown()).slice(0, 2)).toEqual([second, first]);
    const before = (await shown()).length;
    const removed = await twice(edit(world, "photos/remove"), { photoId: first }, cookie);
    expect(removed.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await shown()).toHaveLength(before - 1);
  });

  it("on Reported Items: dismisses, removes and decides on a review once; the repeat says there is nothing open", async () => {
    const world = await buildWorld();
    const cookie = world.cookies.admin!;
    const toasts = async (answers: Response[]) => Promise.all(answers.map(toastText));
    const dismissed = await toasts(
      await twice("/dashboard/reported_items/dismiss", { productId: world.reportedListing.A }, cookie),
    );
    expect(dismissed.filter((toast) => toast === "There is no such open report.")).toHaveLength(1);
    expect(dismissed.filter((toast) => /dismissed$/.test(toast ?? ""))).toHaveLength(1);
    const listingReports = await db()
      .select()
      .from(reports)
      .where(inArray(reports.productId, [world.reportedListing.A]));
    expect(listingReports.every((report) => report.status === "dismissed")).toBe(true);
    const removed = await toasts(
      await twice("/dashboard/reported_items/remove", { productId: world.reportedListing.B }, cookie),
    );
    expect(removed.sort()).toEqual(["The listing has been removed", "There is no such open report."]);
    const answers = await twice("/dashboard/reported_items/reviews/remove", { ratingId: world.review.A }, cookie);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const [rating] = await db()
      .select()
      .from(ratings)
      .where(inArray(ratings.id, [world.review.A]));
    expect(rating!.comment).toBe("");
    const open = await db()
      .select()
      .from(reviewReports)
      .where(inArray(reviewReports.ratingId, [world.review.A]));
    expect(open.every((report) => report.status !== "open")).toBe(true);
  });
});
