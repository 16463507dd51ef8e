import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Role } from "../../db/schema";

/** What every page may know about the signed-in user. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * The signed-in user of this request, or null. Accounts and sessions are not built yet:
 * until they are, every visitor is signed out.
 */
export async function getOptionalUser(
  _request: Request,
  _context: AppLoadContext,
): Promise<SessionUser | null> {
  return null;
}
