// Who may do what, in one place. A permission names an action, a kind of record and whose
// records: the user's own, or any. Roles grant permissions; for "own", ownership is still
// checked in the query (`WHERE buyer_id = :me`), never after it.
import type { Role } from "#db/closed-lists";
import { sameEmail } from "./emails";

export type Access = "own" | "any";
type Action = "read";
type Entity = "account" | "booking";
export type Permission = `${Action}:${Entity}:${Access}`;

const GRANTS: Record<Role, readonly Permission[]> = {
  buyer: ["read:account:own", "read:booking:own"],
  seller: ["read:account:own", "read:booking:own"],
  admin: ["read:account:any", "read:booking:any"],
};

export function hasRole(user: { role: Role }, roles: readonly Role[]): boolean {
  return roles.includes(user.role);
}

export function hasPermission(user: { role: Role }, permission: Permission): boolean {
  return GRANTS[user.role]?.includes(permission) ?? false;
}

/** Whose records of this kind the user may act on: anyone's, only its own, or none. */
export function accessTo(user: { role: Role }, action: Action, entity: Entity): Access | null {
  if (hasPermission(user, `${action}:${entity}:any`)) return "any";
  if (hasPermission(user, `${action}:${entity}:own`)) return "own";
  return null;
}

/** An admin, or the account itself: who may read the account with this email. */
export function mayReadAccount(user: { role: Role; email: string }, email: string): boolean {
  const access = accessTo(user, "read", "account");
  return access === "any" || (access === "own" && sameEmail(user.email, email));
}
