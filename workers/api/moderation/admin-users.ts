// The admin calls of spec section 7: the seller and buyer lists, verifying a seller, deleting
// a seller or a buyer. Admin bearer tokens only; an `email` parameter is ignored (the token
// decides who is asking).
import { Hono } from "hono";
import * as z from "zod";
import { emailSchema } from "#app/domain/accounts/account-schema";
import { deleteAccount, listAccounts, type ManagedRole, verifySeller } from "#app/domain/moderation/admin-users.server";
import { listQueryParams, readListQuery } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiContext, type ApiEnv, db, publishEvents, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { listHeaders } from "../shapes";

export const admin = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;

async function list(c: ApiContext, role: ManagedRole) {
  const query = readListQuery(new URL(c.req.url).searchParams);
  const accounts = await listAccounts(db(c), role, query);
  listHeaders(c, accounts, listQueryParams({ q: query.q }));
  return c.json(
    accounts.rows.map((account) => ({
      _id: account.id,
      name: account.name,
      email: account.email,
      isAdmin: false,
      isSeller: role === "seller",
      isBuyer: role === "buyer",
      ...(role === "seller" ? { isVerify: account.verifiedAt !== null } : {}),
      date: account.createdAt.toISOString(),
    })),
  );
}

async function remove(c: ApiContext, role: ManagedRole) {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such account.");
  const result = await deleteAccount(db(c), role, id.data);
  if (!result.ok) return apiError(c, result.status, result.status === 403 ? "forbidden" : "not_found", result.message);
  return c.json({ acknowledged: true, deletedCount: result.deletedCount });
}

admin.get("/allSeller", ...adminOnly, (c) => list(c, "seller"));
admin.get("/allBuyer", ...adminOnly, (c) => list(c, "buyer"));
admin.delete("/seller/:id", ...adminOnly, (c) => remove(c, "seller"));
admin.delete("/buyer/:id", ...adminOnly, (c) => remove(c, "buyer"));

const verifySchema = z.object({ sellerEmail: emailSchema });

admin.put("/sellerVerify", ...adminOnly, async (c) => {
  const parsed = verifySchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await verifySeller(db(c), { email: parsed.data.sellerEmail });
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  await publishEvents(c, result.events);
  // Nothing is copied to the listings: the count says how many now show the badge.
  return c.json({
    productResult: { modifiedCount: result.listingsShowingBadge },
    userResult: { modifiedCount: result.userModified },
  });
});
