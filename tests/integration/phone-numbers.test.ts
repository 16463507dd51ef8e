// One phone rule for the booking dialog's contact and Add Product's contact number.
import { describe, expect, it } from "vitest";
import { contactField } from "#app/domain/catalog/listing-schema";
import { buyerContactField } from "#app/domain/deals/bookings/booking-schema";
import { isPhoneNumber } from "#app/domain/shared/schemas";

const ACCEPTED = [
  "+1 415 555 0100",
  "+1 (415) 555-0100",
  "030 1234567",
  "+44.20.7946.0958",
  "4155550",
  "+123456789012345",
];
const REFUSED = [
  "",
  "call me",
  "1----2", // two digits
  "123456", // six digits
  "+1234567890123456", // sixteen digits: longer than E.164 allows
  "-4155550100",
  "4155550100-",
  "415 555 0100 ext 2",
  "+1 415 555 0100 0000 0000 00000", // over 30 characters
  "++14155550100",
];

describe("isPhoneNumber", () => {
  it("accepts phone numbers as people type them and refuses everything else", () => {
    for (const value of ACCEPTED) expect(isPhoneNumber(value), value).toBe(true);
    for (const value of REFUSED) expect(isPhoneNumber(value), value).toBe(false);
  });

  it("is the rule of both the booking dialog and Add Product", () => {
    for (const value of [...ACCEPTED, ...REFUSED.filter(Boolean)]) {
      const booking = buyerContactField.safeParse(value);
      const product = contactField.safeParse(value);
      expect(booking.success, `booking ${value}`).toBe(isPhoneNumber(value));
      expect(product.success, `product ${value}`).toBe(isPhoneNumber(value));
    }
  });
});
