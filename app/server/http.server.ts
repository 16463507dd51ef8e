/** Responses thrown by loaders and actions; the error boundary renders them. */
export function notFound(statusText = "Not Found"): Response {
  return new Response(null, { status: 404, statusText });
}

/** For something that was here and has left for good (crawlers drop it sooner than a 404). */
export function gone(statusText = "Gone"): Response {
  return new Response(null, { status: 410, statusText });
}

export function badRequest(statusText = "Bad Request"): Response {
  return new Response(null, { status: 400, statusText });
}

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/** What reading a form needs of a request (a clone will do). */
type FormRequest = Pick<Request, "headers" | "body">;

/**
 * The request's form, refused (413) once the body grows past `maxBytes`: a declared length is
 * checked before reading, and the bytes are counted while reading, so an upload without a
 * Content-Length cannot fill the Worker's memory either.
 */
export async function readFormData(request: FormRequest, maxBytes: number): Promise<FormRead> {
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

/** The largest ordinary form read (Add Product reads more, with its own limit). */
export const FORM_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A form action's fields. A body that is not a readable form (no or another Content-Type, a
 * charset other than UTF-8, a broken multipart body) is a 400 page, one that is too large a 413,
 * never a 500. No body at all is an empty form.
 */
export async function requireFormData(request: FormRequest, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  if (!request.body) return new FormData();
  const read = await readFormData(request, maxBytes);
  if (read.ok) return read.form;
  throw new Response(null, {
    status: read.status,
    statusText: read.status === 413 ? "The form is too large." : "The form could not be read. Please send it again.",
  });
}
