// The Settings page's forms, each posting to its own action (ADR 0071): every action refuses a
// visitor who is not signed in and bad input (400) without changing a row, and a GET of an
// action's URL shows the Settings page, never a blank page or a 405.
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { notificationPreferences, savedSearches, sessions, users } from "#db/schema";
import { get, postForm, signedInUser } from "./auth-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** The rows a Settings action may change. */
async function rows() {
  return {
    users: await db().select().from(users),
    sessions: await db().select().from(sessions),
    preferences: await db().select().from(notificationPreferences),
    savedSearches: await db().select().from(savedSearches),
  };
}

async function buyerWithSavedSearch() {
  const buyer = await signedInUser("buyer", { name: "Bea Buyer", phone: "+1 415 555 0100" });
  const saved = await postForm(
    "/saved-searches",
    { intent: "save-search", search: "q=leica", name: "Leicas" },
    { Cookie: buyer.cookie },
  );
  expect(saved.status).toBe(302);
  const [search] = await db().select().from(savedSearches);
  return { ...buyer, searchId: search!.id };
}

/** Each action, with input that is bad for it. */
const ACTIONS: Array<[path: string, bad: (searchId: string) => Record<string, string>]> = [
  ["/dashboard/settings/profile", () => ({ name: " ", phone: "call me" })],
  ["/dashboard/settings/email", () => ({ email: "not an address", confirmEmail: "x" })],
  ["/dashboard/settings/password", () => ({ currentPassword: "", newPassword: "short", confirmPassword: "short" })],
  ["/dashboard/settings/sessions", () => ({ sessionId: "" })],
  ["/dashboard/settings/camera", () => ({ camera: "no-such-camera" })],
  ["/dashboard/settings/notifications", () => ({ booking_cancelled: "yes" })],
  ["/dashboard/settings/saved-searches/rename", (id) => ({ id, name: " " })],
  ["/dashboard/settings/saved-searches/emails", (id) => ({ id, emails: "sometimes" })],
  ["/dashboard/settings/saved-searches/delete", () => ({ id: "" })],
  ["/dashboard/settings/delete-account", () => ({ confirmEmail: "" })],
];

describe("the Settings page's actions", () => {
  it.each(ACTIONS)("%s sends a visitor who is not signed in to log in, and changes nothing", async (path, bad) => {
    const { searchId } = await buyerWithSavedSearch();
    const before = await rows();
    const response = await postForm(path, bad(searchId));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await rows()).toEqual(before);
  });

  it.each(ACTIONS)("%s answers bad input with a 400 and changes nothing", async (path, bad) => {
    const { cookie, searchId } = await buyerWithSavedSearch();
    const before = await rows();
    const response = await postForm(path, bad(searchId), { Cookie: cookie });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await rows()).toEqual(before);
  });

  it("sends a form's errors back at that form, on the Settings page, with the values typed", async () => {
    const { cookie, searchId } = await buyerWithSavedSearch();
    const profile = await postForm(
      "/dashboard/settings/profile",
      { name: "Bea", phone: "call me" },
      { Cookie: cookie },
    );
    const html = await profile.text();
    expect(html).toContain("<li>Enter a phone number, e.g. +1 415 555 0100</li>");
    expect(html).toMatch(/name="phone"[^>]*value="call me"/);
    // The rest of the page is there, as it is at /dashboard/settings.
    for (const heading of ["Your details", "Email address", "Sessions", "My camera", "Saved searches", "Your data"]) {
      expect(html).toContain(heading);
    }
    const rename = await postForm(
      "/dashboard/settings/saved-searches/rename",
      { id: searchId, name: " " },
      { Cookie: cookie },
    );
    const renamed = await rename.text();
    expect(renamed).toContain(`aria-describedby="saved-search-${searchId}-errors"`);
    expect(renamed).toContain("Your details");
  });

  it("shows the Settings page at each action's URL", async () => {
    const { cookie } = await buyerWithSavedSearch();
    for (const [path] of ACTIONS) {
      const page = await get(path, { Cookie: cookie });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain("Your details");
      expect(html, path).toContain("Email notifications");
    }
    expect((await get("/dashboard/settings/sessions/others", { Cookie: cookie })).status).toBe(200);
  });

  it("takes no form at the page itself: each form posts to its own action", async () => {
    const { cookie } = await buyerWithSavedSearch();
    const before = await rows();
    const response = await postForm("/dashboard/settings", { intent: "profile", name: "Bea" }, { Cookie: cookie });
    expect(response.status).toBe(405);
    expect(await rows()).toEqual(before);
  });
});
