/** What a transform makes of a body that arrives in these chunks. */
export async function through(stream: TransformStream<Uint8Array, Uint8Array>, chunks: Uint8Array[]): Promise<string> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(stream);
  return new Response(body).text();
}

/** The text's bytes, in chunks of `size` (which may split a character). */
export function chunked(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}
