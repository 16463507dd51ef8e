// Signed-in pages that are the same for everyone of a role (ADR 0048): the home page, a search, a
// listing or a category page shows a buyer what it shows every buyer. The isolate keeps the page it rendered for one of them, for the
// version of the data it was rendered at, and hands it to the next one of the same role once their
// session is proved live, with their own CSP nonce. Only the isolate's memory holds it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createMiddleware } from "hono/factory";
import type { TokenClaims } from "../app/domain/tokens.server";
import { SESSION_COOKIE, webSessionClaims } from "../app/server/auth.server";
import { getOptionalUser } from "../app/utils/session.server";
import type { Role } from "../db/schema";
import {
  EDGE_MAX_AGE_SECONDS,
  edgeCacheEnabled,
  type KeyRule,
  keyPathOf,
  readVersion,
  SEARCH_PARAMS,
  VERSION_MEMO_MS,
} from "./edge-cache";
import { IsolateMemory } from "./isolate-memory";

/**
 * The pages whose render depends on the viewer through their role only, with the query
 * parameters they read (a dialog's parameter makes a page personal: it is rendered). A page
 * joins this list only when nothing it renders (nor its layouts: the root sends the role alone)
 * names or depends on the person.
 */
const SHARED_BY_ROLE: KeyRule[] = [
  { path: /^\/(home)?$/, query: ["categories"] },
  { path: /^\/search$/, query: SEARCH_PARAMS },
  { path: /^\/listings\/[^/.]+$/, query: ["photo"] },
  { path: /^\/products\/[^/.]+$/, query: SEARCH_PARAMS },
];

/** A page as the isolate keeps it: its text cut at the nonce of the render that made it. */
interface RolePage {
  headers: [string, string][];
  /** The page's text between the occurrences of its render's nonce. */
  parts: string[];
  expires: number;
}

const memory = new IsolateMemory<RolePage>({ entries: 50, bytes: 4 * 1024 * 1024 });
let memoryVersion = "";

/**
 * How long a session the database proved live may answer a role's page without being read again,
 * in this isolate and while the data's version stays the same. Signing out (or any write) in this
 * isolate forgets every proof at once; elsewhere a session ended is refused within this time. A
 * role's page names no one: within it, an ended session can see no more than a category's
 * listings.
 */
export const SESSION_PROOF_MS = VERSION_MEMO_MS;

interface SessionProof {
  userId: string;
  role: Role;
  version: string;
  expires: number;
}

const proofs = new IsolateMemory<SessionProof>({ entries: 10_000, bytes: 10_000 });

/** Forgets every page kept and every session proved (another isolate keeps none of this one's). */
export function forgetRolePages() {
  memory.clear();
  proofs.clear();
}

/**
 * Middleware: any write this isolate answers (signing out among them) forgets the sessions proved
 * live once it is done: the next page of a role reads its session again.
 */
export const forgetSessionProofsOnWrites = createMiddleware(async (c, next) => {
  await next();
  if (c.req.method !== "GET" && c.req.method !== "HEAD") proofs.clear();
});

export const ROLE_PAGE_HEADER = "X-Role-Page";

/** The names of the cookies a request carries. */
function cookieNames(request: Request): string[] {
  const header = request.headers.get("Cookie") ?? "";
  return header
    .split(";")
    .map((pair) => pair.split("=", 1)[0]!.trim())
    .filter((name) => name !== "");
}

/**
 * The key of a request a role's page may answer, or null: a GET with the session cookie and no
 * other (a toast, a form's flash or a D1 bookmark make the page this visitor's own: a bookmark
 * asks to read their own recent write, which a page rendered for someone else may predate), no
 * Authorization or bookmark header, on a listed path with only the parameters its page reads.
 */
export function rolePageKeyPath(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Authorization") || request.headers.has("x-d1-bookmark")) return null;
  const names = cookieNames(request);
  if (names.length !== 1 || names[0] !== SESSION_COOKIE) return null;
  const url = new URL(request.url);
  const keyPath = keyPathOf(url, SHARED_BY_ROLE);
  return keyPath === null ? null : `${url.origin}${keyPath}`;
}

function served(page: RolePage, nonce: string): Response {
  const headers = new Headers(page.headers);
  headers.set(ROLE_PAGE_HEADER, "HIT");
  return new Response(page.parts.join(nonce), { status: 200, headers });
}

/**
 * Answers `request` with its role's page when the isolate has it and the session is live for a
 * user of that role (proved by the session's read, one D1 round trip, or by a proof of the last
 * SESSION_PROOF_MS); otherwise renders it, and keeps a 200 HTML page that sets no cookie,
 * rendered for a user of the role the session claims.
 */
export async function rolePage(
  request: Request,
  context: AppLoadContext,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!edgeCacheEnabled(context.cloudflare.env)) return render();
  const keyPath = rolePageKeyPath(request);
  if (keyPath === null) return render();
  let key: string;
  let role: Role;
  let claims: TokenClaims | null;
  let version: string;
  try {
    // The signature is checked without D1; the role it claims chooses the page.
    claims = await webSessionClaims(request, context.env);
    if (!claims?.role) return render();
    role = claims.role;
    version = await readVersion();
    if (version !== memoryVersion) {
      memory.clear();
      memoryVersion = version;
    }
    key = `${version}/${role}/${keyPath}`;
  } catch (error) {
    console.error("role pages: lookup failed", error);
    return render();
  }
  const kept = memory.recall(key);
  if (kept) {
    const proof = proofs.recall(claims.sid);
    if (proof?.version === version && proof.userId === claims.sub && proof.role === role) {
      return served(kept, context.nonce);
    }
    const user = await getOptionalUser(request, context);
    // Signed out since, deleted, or not of the role the cookie claims: rendered as without this.
    if (user?.role !== role || user.id !== claims.sub) return render();
    proofs.remember(claims.sid, { userId: user.id, role, version, expires: Date.now() + SESSION_PROOF_MS }, 1);
    return served(kept, context.nonce);
  }
  const response = await render();
  if (
    response.status !== 200 ||
    response.headers.has("Set-Cookie") ||
    !(response.headers.get("Content-Type") ?? "").startsWith("text/html")
  ) {
    return response;
  }
  // The render read the session already: this is its answer, no second read.
  const user = await getOptionalUser(request, context);
  if (user?.role !== role) return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  memory.remember(
    key,
    { headers: [...headers], parts: body.split(context.nonce), expires: Date.now() + EDGE_MAX_AGE_SECONDS * 1000 },
    body.length * 2,
  );
  headers.set(ROLE_PAGE_HEADER, "MISS");
  return new Response(body, { status: 200, headers });
}
