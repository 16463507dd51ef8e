/**
 * A redirect target taken from a request is only followed when it is a path on this site:
 * "/dashboard" yes; "//evil.example", "https://evil.example", "/\\evil", "/.//evil.example" no.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments fold away as the path is read ("/.//evil" is "//evil"): what is left must
    // still be a path here, not another site's address nor one that is no address at all.
    return path.startsWith("//") ? fallback : path;
  } catch {
    return fallback;
  }
}

/** The local page a form was posted from, for redirect-after-post back to it. */
export function refererPath(request: Request, fallback = "/"): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    return safeRedirect(`${url.pathname}${url.search}`, fallback);
  } catch {
    return fallback;
  }
}
