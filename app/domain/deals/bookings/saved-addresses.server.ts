// Saved addresses (ADR 0103): the addresses an account keeps to fill a booking's delivery and a
// label's sender. At most SAVED_ADDRESS_LIMIT an account, counted where the row is written; one
// default of each kind, held by a unique index. Every read and write names its owner in the
// query, so another account's address is "no such address" (404). The account's own data: in
// its export, erased with it, and copied only into a new booking (the shipment's copy keeps the
// deal's schedule, deals/shipping/addresses.server.ts).
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { AddressKind } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { savedAddresses, users } from "#db/schema";
import type { ShippingAddress } from "../parcels/address";
import { SAVED_ADDRESS_LIMIT, SAVED_ADDRESS_MESSAGES } from "./saved-address-schema";

export interface SavedAddressView extends ShippingAddress {
  id: string;
  kind: AddressKind;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date | null;
}

export type SavedAddressResult =
  | { ok: true; message: string; address: SavedAddressView }
  | { ok: false; status: 403 | 404 | 409; message: string };

const viewFields = {
  id: savedAddresses.id,
  kind: savedAddresses.kind,
  isDefault: savedAddresses.isDefault,
  recipient: savedAddresses.recipient,
  line1: savedAddresses.line1,
  line2: savedAddresses.line2,
  city: savedAddresses.city,
  region: savedAddresses.region,
  postalCode: savedAddresses.postalCode,
  country: savedAddresses.country,
  createdAt: savedAddresses.createdAt,
  updatedAt: savedAddresses.updatedAt,
};

const mine = (userId: string, id: string) => and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId));
const notFound = { ok: false, status: 404, message: SAVED_ADDRESS_MESSAGES.notFound } as const;

/** The account's addresses: delivery first, each kind's default first, then oldest first. */
export function listSavedAddresses(db: Database, userId: string): Promise<SavedAddressView[]> {
  return db
    .select(viewFields)
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(
      asc(savedAddresses.kind),
      desc(savedAddresses.isDefault),
      asc(savedAddresses.createdAt),
      asc(savedAddresses.id),
    );
}

export async function getSavedAddress(db: Database, userId: string, id: string): Promise<SavedAddressView | null> {
  const [row] = await db.select(viewFields).from(savedAddresses).where(mine(userId, id)).limit(1);
  return row ?? null;
}

/**
 * Keeps a new address. One statement: the limit is counted where the row is written (two
 * requests at once cannot pass it), and the account's first address of a kind is its default.
 * A sender address is a seller's.
 */
export async function addSavedAddress(
  db: Database,
  user: { id: string; role: string },
  input: { kind: AddressKind; address: ShippingAddress; makeDefault?: boolean },
): Promise<SavedAddressResult> {
  if (input.kind === "sender" && user.role !== "seller")
    return { ok: false, status: 403, message: SAVED_ADDRESS_MESSAGES.senderNeedsSeller };
  const id = crypto.randomUUID();
  const { address, kind } = input;
  const count_ = db.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, user.id));
  const hasDefault = sql`exists (select 1 from ${savedAddresses} where ${savedAddresses.userId} = ${user.id} and ${savedAddresses.kind} = ${kind} and ${savedAddresses.isDefault} = 1)`;
  const inserted = await db.insert(savedAddresses).select(
    db
      .select(
        intoColumns(savedAddresses, {
          id: sql`${id}`,
          userId: users.id,
          kind: sql`${kind}`,
          isDefault: sql`not ${hasDefault}`,
          recipient: sql`${address.recipient}`,
          line1: sql`${address.line1}`,
          line2: sql`${address.line2}`,
          city: sql`${address.city}`,
          region: sql`${address.region}`,
          postalCode: sql`${address.postalCode}`,
          country: sql`${address.country}`,
          createdAt: sql`${Date.now()}`,
          updatedAt: sql`null`,
        }),
      )
      .from(users)
      .where(and(eq(users.id, user.id), sql`(${count_}) < ${SAVED_ADDRESS_LIMIT}`)),
  );
  if (inserted.meta.changes !== 1) return { ok: false, status: 409, message: SAVED_ADDRESS_MESSAGES.limit };
  if (input.makeDefault) await makeDefault(db, user.id, id);
  const saved = await getSavedAddress(db, user.id, id);
  return { ok: true, message: SAVED_ADDRESS_MESSAGES.added, address: saved! };
}

/** Changes an address of the account's (its kind and default stay). */
export async function editSavedAddress(
  db: Database,
  userId: string,
  id: string,
  address: ShippingAddress,
): Promise<SavedAddressResult> {
  const updated = await db
    .update(savedAddresses)
    .set({ ...address, updatedAt: new Date() })
    .where(mine(userId, id))
    .returning({ id: savedAddresses.id });
  if (updated.length === 0) return notFound;
  const saved = await getSavedAddress(db, userId, id);
  return { ok: true, message: SAVED_ADDRESS_MESSAGES.edited, address: saved! };
}

/** Deletes an address; a default's place goes to the oldest other address of its kind. */
export async function deleteSavedAddress(
  db: Database,
  userId: string,
  id: string,
): Promise<{ ok: true; message: string } | typeof notFound> {
  const [deleted] = await db
    .delete(savedAddresses)
    .where(mine(userId, id))
    .returning({ kind: savedAddresses.kind, isDefault: savedAddresses.isDefault });
  if (!deleted) return notFound;
  if (deleted.isDefault) {
    const heir = db
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.kind, deleted.kind)))
      .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id))
      .limit(1);
    const noDefault = sql`not exists (select 1 from ${savedAddresses} d where d.user_id = ${userId} and d.kind = ${deleted.kind} and d.is_default = 1)`;
    await db
      .update(savedAddresses)
      .set({ isDefault: true })
      .where(and(sql`${savedAddresses.id} = (${heir})`, noDefault));
  }
  return { ok: true, message: SAVED_ADDRESS_MESSAGES.deleted };
}

/** Moves the default flag of the address's kind to it, in one batch (never two defaults, never none). */
async function makeDefault(db: Database, userId: string, id: string): Promise<boolean> {
  const target = db.select({ kind: savedAddresses.kind }).from(savedAddresses).where(mine(userId, id));
  const [, set] = await db.batch([
    db
      .update(savedAddresses)
      .set({ isDefault: false })
      .where(
        and(eq(savedAddresses.userId, userId), ne(savedAddresses.id, id), sql`${savedAddresses.kind} = (${target})`),
      ),
    db.update(savedAddresses).set({ isDefault: true }).where(mine(userId, id)).returning({ id: savedAddresses.id }),
  ]);
  return set.length === 1;
}

export async function setDefaultSavedAddress(db: Database, userId: string, id: string): Promise<SavedAddressResult> {
  if (!(await makeDefault(db, userId, id))) return notFound;
  const saved = await getSavedAddress(db, userId, id);
  return { ok: true, message: SAVED_ADDRESS_MESSAGES.madeDefault, address: saved! };
}

async function defaultOf(db: Database, userId: string, kind: AddressKind): Promise<ShippingAddress | null> {
  const [row] = await db
    .select({
      recipient: savedAddresses.recipient,
      line1: savedAddresses.line1,
      line2: savedAddresses.line2,
      city: savedAddresses.city,
      region: savedAddresses.region,
      postalCode: savedAddresses.postalCode,
      country: savedAddresses.country,
    })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.kind, kind), eq(savedAddresses.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/** The booking dialog's address fields, prefilled: the buyer's default delivery address. */
export function defaultDeliveryAddress(db: Database, userId: string): Promise<ShippingAddress | null> {
  return defaultOf(db, userId, "delivery");
}

/** The label form's sender, prefilled: the seller's default sender address (`name` is the recipient line). */
export async function senderAddress(
  db: Database,
  userId: string,
): Promise<{
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
} | null> {
  const address = await defaultOf(db, userId, "sender");
  if (!address) return null;
  const { recipient, ...rest } = address;
  return { name: recipient, ...rest };
}

/**
 * What fills a new booking's dialog: the buyer's phone from Settings and their default delivery
 * address, as the dialog's fields are named (ADR 0103). The buyer can change every one of them.
 */
export async function bookingDefaults(db: Database, userId: string): Promise<Record<string, string>> {
  const [address, [account]] = await Promise.all([
    defaultDeliveryAddress(db, userId),
    db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return {
    ...(account?.phone ? { buyerContact: account.phone } : {}),
    ...(address
      ? {
          recipient: address.recipient,
          line1: address.line1,
          line2: address.line2 ?? "",
          city: address.city,
          region: address.region,
          postalCode: address.postalCode,
          country: address.country,
        }
      : {}),
  };
}
