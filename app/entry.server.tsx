import inlinableStylesheets from "virtual:inline-stylesheets";
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "#app/components/nonce";
import { inlineStylesheets } from "#app/server/inline-stylesheets";
import { scriptsAfterLoad } from "#app/server/scripts-after-load";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        if (!request.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  // The whole document, then its two rewrites, sent as one piece (ADR 0067). The loaders have
  // all answered before the render starts, so the render is a few milliseconds of CPU and
  // streaming its pieces won nothing; carrying each piece through the rewrites cost about a
  // third of a signed-in page's throughput.
  await body.allReady;
  const html = scriptsAfterLoad(inlineStylesheets(await new Response(body).text(), inlinableStylesheets));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status });
}
