// The edge cache (ADR 0037): signed-out visits to public pages and public API reads are answered
// from Cloudflare's cache in the data centre (the Cache API), keyed by a version that every
// successful write bumps, so a change shows on the next request after the version is read.
import { createMiddleware } from "hono/factory";
import { LRUCache } from "lru-cache";
import { SEARCH_PARAMS } from "#app/domain/catalog/search-params";

/** How long the data centre keeps a page: the bound on staleness in another data centre. */
export const EDGE_MAX_AGE_SECONDS = 30;
/** How long an isolate trusts the version it last read (its own writes update it at once). */
export const VERSION_MEMO_MS = 2_000;
/** Browsers and other caches keep nothing without asking again (ETag → 304). */
export const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";
const EDGE_CACHE_CONTROL = `public, max-age=${EDGE_MAX_AGE_SECONDS}`;

/**
 * The query parameters a search or category page reads: the search schema's, and the page number
 * (`camera`, a visitor's "fits my camera", is one of the schema's).
 */
const SEARCH_PAGE_PARAMS = [...SEARCH_PARAMS, "page"] as const;

/** A path a cache may answer, with the query parameters its page reads: any other is not its page. */
export interface KeyRule {
  path: RegExp;
  query: readonly string[];
}

/** The public paths the cache may answer, each with the query parameters its page reads. */
// A page that says what fits a camera is personal to its visitor: stored only signed out, with
// the camera in its URL, and keyed by it like any other parameter.
const CACHEABLE: KeyRule[] = [
  { path: /^\/(home)?$/, query: ["categories", "camera"] },
  { path: /^\/(blog|about|help|buyer-protection|terms|privacy|contact)$/, query: [] },
  { path: /^\/listings\/[^/]+$/, query: ["photo", "camera"] },
  { path: /^\/search$/, query: SEARCH_PAGE_PARAMS },
  { path: /^\/products\/[^/]+$/, query: SEARCH_PAGE_PARAMS },
  { path: /^\/api\/(advertiseProduct|category)$/, query: ["size", "camera"] },
  { path: /^\/api\/listings\/[^/]+$/, query: ["camera"] },
  { path: /^\/api\/search$/, query: SEARCH_PAGE_PARAMS },
  { path: /^\/api\/gear$/, query: [] },
  { path: /^\/api\/price-guidance$/, query: ["model", "condition"] },
];

/**
 * Writes that change no public data: signing in, out and up, asking for a password reset, saving
 * a search and unsubscribing from a kind of email (ADR 0062). (Using a reset link may verify a
 * seller's address, which makes their listings public.)
 */
const WRITES_THAT_CHANGE_NOTHING_PUBLIC =
  /^\/(login|login\/two-factor|logout|register|subscribe|forgot-password|saved-searches|unsubscribe\/[^/]+|api\/token|api\/users|api\/password\/forgot|api\/saved-searches(\/[^/]+)?|auth\/.*)$/;

export type CacheStatus = "HIT" | "MISS" | "BYPASS";

export function edgeCacheEnabled(env: unknown): boolean {
  return (env as { EDGE_CACHE?: string }).EDGE_CACHE === "on";
}

/**
 * The cache key for a request the cache may answer, or null (BYPASS): only GET and HEAD, no
 * cookie of any kind, no Authorization header (whoever sends one may see a personal page), no D1
 * bookmark header, only the paths above, and no query parameter the page does not read.
 */
export function cacheKeyPath(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // A D1 bookmark asks to read at least a given write (ADR 0038): not from a stored page.
  if (["Cookie", "Authorization", "x-d1-bookmark"].some((name) => request.headers.has(name))) return null;
  return keyPathOf(new URL(request.url), CACHEABLE);
}

/**
 * The path and sorted query of a URL one of `rules` names, or null: no rule for the path, or a
 * query parameter its page does not read (a dialog, a tracking tag, a cache-buster).
 */
export function keyPathOf(url: URL, rules: readonly KeyRule[]): string | null {
  const rule = rules.find(({ path }) => path.test(url.pathname));
  if (!rule) return null;
  const params = [...url.searchParams.entries()];
  if (params.some(([name]) => !rule.query.includes(name))) return null;
  // The same parameters in another order are the same page.
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const search = new URLSearchParams(params).toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** The data centre's cache (the Workers runtime's `caches.default`). */
export function edgeStore(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

// The version lives in the data centre's own cache, under a key of no site's host, so that the
// maintenance job (which has no request) bumps the same one.
const VERSION_KEY = "https://edge-cache.pay-and-buy.internal/version";
let memo: { version: string; readAt: number } | null = null;

/** A stored page as the isolate keeps it: bytes, headers, and when the data centre drops it. */
interface Stored {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  expires: number;
}

// The isolate's own copies of the pages of the current version, in front of the Cache API: a hit
// then costs no call at all (about a quarter of a hit's CPU time, ADR 0051). Same keys, each
// until the expiry the data centre gave it; at most 100 pages and 8 MB, the least recently used
// out first; dropped whole when the version changes.
const memory = new LRUCache<string, Stored>({
  max: 100,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (stored) => Math.max(1, stored.body.byteLength),
  ttl: EDGE_MAX_AGE_SECONDS * 1000,
});

const remember = (key: string, stored: Stored) =>
  memory.set(key, stored, { ttl: Math.max(1, stored.expires - Date.now()) });
const recall = (key: string) => memory.get(key) ?? null;

/** Forgets the isolate's copies (another isolate of the same data centre has none). */
export function forgetIsolateCopies() {
  memory.clear();
}

function setVersion(version: string, now: number) {
  if (memo?.version !== version) memory.clear();
  memo = { version, readAt: now };
}

/** The current version of the data, as this isolate knows it (at most VERSION_MEMO_MS old). */
export async function readVersion(cache: Cache = edgeStore(), now = Date.now()): Promise<string> {
  if (memo && now - memo.readAt < VERSION_MEMO_MS) return memo.version;
  const stored = await cache.match(new Request(VERSION_KEY));
  const version = stored ? await stored.text() : await bumpVersion(cache);
  setVersion(version, now);
  return version;
}

/** A new version: every page stored before it is no longer found. */
export async function bumpVersion(cache: Cache = edgeStore()): Promise<string> {
  const version = `${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
  await cache.put(
    new Request(VERSION_KEY),
    new Response(version, { headers: { "Cache-Control": "public, max-age=31536000", "Content-Type": "text/plain" } }),
  );
  setVersion(version, Date.now());
  return version;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

type Inline = { script: string[]; style: string[] };

/**
 * The page without its nonces, and the text of each of its inline scripts (no `src`) and styles,
 * as the browser hashes them: read by the platform's HTML parser (HTMLRewriter, ADR 0093).
 */
async function withoutNonces(html: string): Promise<{ html: string; inline: Inline }> {
  const inline: Inline = { script: [], style: [] };
  const collect = (texts: string[]) => ({
    element() {
      texts.push("");
    },
    text(chunk: Text) {
      texts[texts.length - 1] += chunk.text;
    },
  });
  const rewritten = await new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.removeAttribute("nonce");
      },
    })
    .on("script:not([src])", collect(inline.script))
    .on("style", collect(inline.style))
    .transform(new Response(html))
    .text();
  return { html: rewritten, inline };
}

/** `'sha256-…'` sources for the given texts (each once). */
async function hashesOf(texts: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const hashes = await Promise.all(
    texts.map(async (text) => base64(await crypto.subtle.digest("SHA-256", encoder.encode(text)))),
  );
  return [...new Set(hashes)];
}

function ifNoneMatch(request: Request, etag: string | null): boolean {
  if (!etag) return false;
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** What a visitor gets: the stored response with the browser's caching and the cache's verdict. */
function toVisitor(request: Request, stored: Stored, status: CacheStatus): Response {
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  headers.set("Vary", "Cookie, Authorization");
  headers.set("X-Cache", status);
  const etag = headers.get("ETag");
  if (ifNoneMatch(request, etag)) {
    const notModified = new Headers({ ETag: etag!, "Cache-Control": BROWSER_CACHE_CONTROL, "X-Cache": status });
    const policy = headers.get("Content-Security-Policy");
    if (policy) notModified.set("Content-Security-Policy", policy);
    return new Response(null, { status: 304, headers: notModified });
  }
  return new Response(request.method === "HEAD" ? null : stored.body, { status: 200, headers });
}

const NONCE_SOURCE = /\s*'nonce-[^']*'/g;

/**
 * A page's policy with its nonce traded for the hashes of the page's inline scripts (in
 * `script-src`) and styles (in `style-src`); every other directive as it was.
 */
export function hashedPolicy(policy: string, hashes: { script: string[]; style: string[] }): string {
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      if (!directive.includes("'nonce-")) return directive;
      const sources = name === "script-src" ? hashes.script : name === "style-src" ? hashes.style : [];
      return `${directive.replace(NONCE_SOURCE, "").trimEnd()}${sources.map((hash) => ` 'sha256-${hash}'`).join("")}`;
    })
    .join(";");
}

/**
 * What may be stored: a 200 HTML or JSON answer that sets no cookie and chose no caching of its
 * own (a personal answer is `private, no-store` by then). Pages lose their nonce: the stored page
 * allows its inline scripts and styles by their hashes instead (ADR 0037, ADR 0045). A page
 * without a policy is not stored.
 */
async function storable(response: Response): Promise<Stored | null> {
  if (response.status !== 200 || response.headers.has("Set-Cookie") || response.headers.has("Cache-Control")) {
    return null;
  }
  const type = response.headers.get("Content-Type") ?? "";
  const html = type.startsWith("text/html");
  if (!html && !type.startsWith("application/json")) return null;
  const headers = new Headers(response.headers);
  const policy = headers.get("Content-Security-Policy");
  if (html && policy === null) return null;
  let body = await response.text();
  if (html && policy !== null) {
    const page = await withoutNonces(body);
    body = page.html;
    const [script, style] = await Promise.all([hashesOf(page.inline.script), hashesOf(page.inline.style)]);
    headers.set("Content-Security-Policy", hashedPolicy(policy, { script, style }));
  }
  const bytes = new TextEncoder().encode(body);
  headers.set("ETag", `"${hex(await crypto.subtle.digest("SHA-256", bytes)).slice(0, 32)}"`);
  headers.delete("Content-Length");
  return { headers: [...headers], body: bytes, expires: Date.now() + EDGE_MAX_AGE_SECONDS * 1000 };
}

const EXPIRES_HEADER = "X-Edge-Cache-Expires";

/** The copy the data centre keeps: its age limit for the cache, its expiry for the isolates. */
function forTheCache(stored: Stored): Response {
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", EDGE_CACHE_CONTROL);
  headers.set(EXPIRES_HEADER, String(stored.expires));
  return new Response(stored.body, { status: 200, headers });
}

async function fromTheCache(response: Response): Promise<Stored> {
  const headers = new Headers(response.headers);
  const expires = Number(headers.get(EXPIRES_HEADER)) || Date.now() + EDGE_MAX_AGE_SECONDS * 1000;
  headers.delete(EXPIRES_HEADER);
  headers.delete("Cache-Control");
  headers.delete("Content-Length");
  return { headers: [...headers], body: new Uint8Array(await response.arrayBuffer()), expires };
}

/** Hono merges the old response's headers into a new one; the cache's answer is whole as it is. */
function replaceResponse(c: { res: Response }, response: Response) {
  c.res = undefined as unknown as Response;
  c.res = response;
}

/**
 * The edge cache as Hono middleware, outermost: a page is stored with every header the Worker gave
 * it (the security headers included), and a hit is answered with them.
 * Off unless EDGE_CACHE is "on". A successful write (any method but GET and HEAD, answered below
 * 400, other than signing in, out or up) bumps the version. `release` names the build (the React Router
 * manifest's version): a page stored by the build before a deploy names stylesheets and scripts
 * that are gone with it, so it is never served by the next one.
 */
export const edgeCache = (release: string) =>
  createMiddleware<{ Bindings: Env }>(async (c, next) => {
    if (!edgeCacheEnabled(c.env)) return next();
    const request = c.req.raw;
    const origin = new URL(request.url).origin;
    const cache = edgeStore();
    if (request.method !== "GET" && request.method !== "HEAD") {
      await next();
      if (c.res.status < 400 && !WRITES_THAT_CHANGE_NOTHING_PUBLIC.test(new URL(request.url).pathname)) {
        // The write is done whatever the cache says; a failed bump leaves pages at most 30 s old.
        await bumpVersion(cache).catch((error) => console.error("edge cache: version bump failed", error));
      }
      return;
    }
    const keyPath = cacheKeyPath(request);
    if (keyPath === null) {
      await next();
      c.res.headers.set("X-Cache", "BYPASS");
      return;
    }
    let key: string;
    let hit: Stored | null;
    try {
      const version = await readVersion(cache);
      // A string until the Cache API needs a Request: the isolate's copy answers most hits.
      key = `${origin}/__edge-cache/${encodeURIComponent(release)}/${version}${keyPath}`;
      hit = recall(key);
      if (!hit) {
        const found = await cache.match(new Request(key));
        if (found) {
          hit = await fromTheCache(found);
          remember(key, hit);
        }
      }
    } catch (error) {
      // A cache that fails is no reason to fail the page: it is rendered as without the cache.
      console.error("edge cache: lookup failed", error);
      await next();
      c.res.headers.set("X-Cache", "BYPASS");
      return;
    }
    if (hit) {
      replaceResponse(c, toVisitor(request, hit, "HIT"));
      return;
    }
    await next();
    if (request.method === "HEAD") {
      c.res.headers.set("X-Cache", "MISS");
      return;
    }
    const stored = await storable(c.res);
    if (!stored) {
      // Not storable (an error page, a redirect): passed on as it is.
      c.res.headers.set("X-Cache", "BYPASS");
      return;
    }
    // Awaited, not left to waitUntil: the next request finds it (a miss is rare, and it is short).
    try {
      await cache.put(new Request(key), forTheCache(stored));
      remember(key, stored);
    } catch (error) {
      console.error("edge cache: store failed", error);
    }
    replaceResponse(c, toVisitor(request, stored, "MISS"));
  });
