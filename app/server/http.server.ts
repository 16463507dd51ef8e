/** Responses thrown by loaders and actions; the error boundary renders them. */
export function notFound(statusText = "Not Found"): Response {
  return new Response(null, { status: 404, statusText });
}

export function badRequest(statusText = "Bad Request"): Response {
  return new Response(null, { status: 400, statusText });
}

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/**
 * The request's form, refused (413) once the body grows past `maxBytes`: a declared length is
 * checked before reading, and the bytes are counted while reading, so an upload without a
 * Content-Length cannot fill the Worker's memory either.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormRead> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { ok: false, status: 413 };
  if (!request.body) return { ok: false, status: 400 };
  let seen = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new Error("Request body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
    return { ok: true, form: await new Response(counted, { headers }).formData() };
  } catch {
    return { ok: false, status: seen > maxBytes ? 413 : 400 };
  }
}
