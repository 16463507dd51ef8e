import inlinableStylesheets from "virtual:inline-stylesheets";
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
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

  // Crawlers and browsers without JavaScript get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body.pipeThrough(inlineStylesheets(inlinableStylesheets)).pipeThrough(scriptsAfterLoad()), {
    headers: responseHeaders,
    status,
  });
}
