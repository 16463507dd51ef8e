// Every field of several lines reads a textarea's CRLF (and a lone CR) as one line break, "\n",
// through the one shared rule, for the forms and the REST API alike (they parse with these
// schemas); other control characters are still refused.
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { listingDetailFieldsSchema } from "#app/domain/catalog/listing-schema";
import {
  claimAnswerFieldsSchema,
  claimDecisionFieldsSchema,
  claimFieldsSchema,
} from "#app/domain/deals/claims/claim-schema";
import { ratingSchema, reviewAnswerSchema } from "#app/domain/deals/rating-schema";
import { messageApiSchema } from "#app/domain/messaging/message-schema";
import { reportSchema, reviewReportSchema } from "#app/domain/moderation/report-schema";

type Field = { name: string; schema: z.ZodType; base: Record<string, unknown>; field: string };

const FIELDS: Field[] = [
  { name: "a claim", schema: claimFieldsSchema, base: { reason: "not_as_described" }, field: "details" },
  { name: "a seller's answer to a claim", schema: claimAnswerFieldsSchema, base: {}, field: "answer" },
  { name: "an admin's note", schema: claimDecisionFieldsSchema, base: { outcome: "release" }, field: "note" },
  { name: "a review", schema: ratingSchema, base: { bookingId: "b1", stars: "5" }, field: "comment" },
  { name: "an answer to a review", schema: reviewAnswerSchema, base: {}, field: "answer" },
  { name: "a message", schema: messageApiSchema, base: {}, field: "body" },
  { name: "a listing report", schema: reportSchema, base: { productId: "p1", reason: "other" }, field: "details" },
  { name: "a review report", schema: reviewReportSchema, base: { reason: "other" }, field: "details" },
];

describe("multi-line fields", () => {
  for (const { name, schema, base, field } of FIELDS) {
    for (const sent of ["line one\r\nline two", "line one\rline two"]) {
      it(`${name} accepts ${JSON.stringify(sent)} and keeps it as "line one\\nline two"`, () => {
        const parsed = schema.safeParse({ ...base, [field]: sent });
        expect(parsed.error?.issues).toBeUndefined();
        expect((parsed.data as Record<string, unknown>)[field]).toBe("line one\nline two");
      });
    }
    it(`${name} still refuses other control characters`, () => {
      for (const sent of ["line one\u0000two", "bell\u0007", "line one\u2028two"]) {
        expect(schema.safeParse({ ...base, [field]: sent }).success).toBe(false);
      }
    });
  }

  it("a listing's description accepts CRLF as a line break", () => {
    const shape = listingDetailFieldsSchema.shape.description;
    expect(shape.safeParse("line one\r\nline two").data).toBe("line one\nline two");
    expect(shape.safeParse("line one\u0007two").success).toBe(false);
  });
});
