/** Responses thrown by loaders and actions; the error boundary renders them. */
export function notFound(statusText = "Not Found"): Response {
  return new Response(null, { status: 404, statusText });
}

export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}
