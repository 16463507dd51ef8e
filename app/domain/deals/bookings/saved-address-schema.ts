// A saved address's form (ADR 0103): the shipping address's own schema (the booking's rules, not a
// second copy) with what it is for. In bookings: a booking and a label are what it fills.
// Browser-safe: the Settings page and the REST API share it.
import * as z from "zod";
import { idSchema } from "#app/domain/shared/schemas";
import { ADDRESS_KINDS, type AddressKind } from "#db/closed-lists";
import { shippingAddressFields, shippingAddressSchema } from "./booking-schema";

/** How many addresses an account keeps, of both kinds together. */
export const SAVED_ADDRESS_LIMIT = 5;

export const ADDRESS_KIND_WORDS = {
  delivery: "Delivery address",
  sender: "Sender address",
} as const satisfies Record<AddressKind, string>;

export const SAVED_ADDRESS_MESSAGES = {
  added: "Address saved.",
  edited: "Address updated.",
  deleted: "Address deleted.",
  madeDefault: "This is now your default address.",
  limit: `You can keep ${SAVED_ADDRESS_LIMIT} addresses: delete one to save another.`,
  notFound: "There is no such address.",
  kind: "Choose delivery or sender.",
  senderNeedsSeller: "Only a seller sends parcels: a sender address is for seller accounts.",
} as const;

export const addressKindField = z
  .enum(ADDRESS_KINDS, { error: SAVED_ADDRESS_MESSAGES.kind })
  .nullish()
  .transform((kind) => kind ?? "delivery");

/** An address to keep, new or changed: every field (a form shows them all; the API sends them all). */
export const savedAddressSchema = shippingAddressSchema;

/** The form's inputs' attributes (a refined schema gives none). */
export const savedAddressFields = shippingAddressFields;

/** "Make it my default": a checkbox's "on", or the API's boolean. */
export const makeDefaultField = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")], {
    error: "makeDefault must be true or false.",
  })
  .nullish()
  .transform((value) => value === true || value === "on" || value === "true");

export const savedAddressIdSchema = z.object({ id: idSchema });
