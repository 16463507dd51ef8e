// GET /api/listings/:id: the listing page's public fields for programs, in the shapes of the
// other public reads, and the same answers for listings that left or never were.

import { describe, expect, it } from "vitest";
import { CONDITION_WORDS } from "#app/domain/catalog/conditions";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { bearerFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { listingWorld, NOBODY, TRICKY_DESCRIPTION } from "./listing-world";
import { api } from "./moderation-helpers";

type ApiListing = Record<string, unknown> & { sellerListings: Array<{ _id: string }> };

describe("GET /api/listings/:id", () => {
  it("answers an available listing without a token, in the advertised product's shape plus its page", async () => {
    const { rows, seller, others } = await listingWorld();
    const listing = rows.available;
    const response = await api(`/listings/${listing.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.json<ApiListing>();
    expect(body).toEqual({
      _id: listing.id,
      productName: listing.name,
      img: photoUrl(listing.photoKey),
      location: "Temescal, Oakland",
      resalePrice: 1950,
      resalePriceCents: 195_000,
      originalPrice: 3000,
      originalPriceCents: 300_000,
      // No recent price drop (ADR 0063).
      previousResalePrice: null,
      previousResalePriceCents: null,
      priceDroppedAt: null,
      purchaseYear: 2019,
      condition: "Excellent",
      conditionNote: CONDITION_WORDS.Excellent.text,
      date: "2026-11-02T10:00:00.000Z",
      name: "Vera Lens",
      email: seller.email,
      // The seller's profile is /sellers/<sellerId> (ADR 0064).
      sellerId: seller.id,
      // Signed out: no seller's contact number (ADR 0099).
      contact: null,
      // A meetup, as every listing before shipping (ADR 0085); never where a parcel leaves from.
      delivery: "meetup",
      shipsFromCountry: null,
      parcel: null,
      shippingPrice: null,
      shippingPriceCents: null,
      handlingDays: null,
      // A meetup takes back faults only (ADR 0106).
      returnPolicy: "faults_only",
      deliverySummary: "Meetup only",
      isSellerVerification: true,
      sellerRating: { average: null, count: 0 },
      description: TRICKY_DESCRIPTION,
      category: expect.stringMatching(/^camera /),
      categoryTitle: expect.stringMatching(/^Camera /),
      status: "available",
      isBooking: false,
      isSold: false,
      offersAccepted: true,
      photos: [{ img: photoUrl(listing.photoKey), alt: listing.name }],
      sellerListings: expect.any(Array),
      // A listing without camera data: nothing to specify, fit or compare with sales.
      gear: {
        kind: null,
        brand: null,
        model: null,
        mount: null,
        sensorFormat: null,
        shutterCount: null,
        focalLengthMm: null,
        maxAperture: null,
        included: [],
        checks: {},
        serialEnd: null,
      },
      fit: null,
      priceGuidance: null,
    });
    expect(body.sellerListings.map((other) => other._id)).toEqual(
      others
        .slice(1)
        .reverse()
        .map((other) => other.id),
    );
  });

  it("answers booked and sold listings with their state", async () => {
    const { rows } = await listingWorld();
    const booked = await (await api(`/listings/${rows.booked.id}`)).json<ApiListing>();
    expect(booked).toMatchObject({ status: "booked", isBooking: true, isSold: false });
    const sold = await (await api(`/listings/${rows.sold.id}`)).json<ApiListing>();
    expect(sold).toMatchObject({ status: "sold", isBooking: false, isSold: true });
  });

  it("answers 410 for a listing that left and 404 for an id that never was, in the one error shape", async () => {
    const { rows } = await listingWorld();
    for (const state of ["deleted", "removed", "seller deleted"] as const) {
      const response = await api(`/listings/${rows[state].id}`);
      expect(response.status, state).toBe(410);
      expect(await response.json()).toEqual({
        error: { status: 410, code: "gone", message: "This listing is no longer on Pay&Buy." },
      });
    }
    for (const id of [NOBODY, "nope", "%00", "x".repeat(10 * 1024), "%F0%9F%99%82", "a%2Fb"]) {
      const response = await api(`/listings/${id}`);
      expect(response.status, id.slice(0, 20)).toBe(404);
      expect(await response.json()).toEqual({
        error: { status: 404, code: "not_found", message: "There is no such listing." },
      });
    }
  });

  it("answers the same to every caller but the seller's contact number, which a token adds (ADR 0099)", async () => {
    const { rows } = await listingWorld();
    const anonymous = await (await api(`/listings/${rows.available.id}`)).json<ApiListing>();
    const withContact = (listing: ApiListing) => ({
      ...listing,
      contact: rows.available.contact,
      sellerListings: listing.sellerListings.map((other) => ({ ...other, contact: rows.available.contact })),
    });
    for (const role of ["buyer", "seller", "admin"] as const) {
      const auth = await bearerFor((await insertUser({ role })).id);
      expect(await (await api(`/listings/${rows.available.id}`, { auth })).json(), role).toEqual(
        withContact(anonymous),
      );
      expect((await api(`/listings/${rows.removed.id}`, { auth })).status, role).toBe(410);
    }
    expect((await api(`/listings/${rows.available.id}`, { method: "POST", json: {} })).status).toBe(404);
  });
});
