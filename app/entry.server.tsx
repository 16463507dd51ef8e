import inlinableStylesheets from "virtual:inline-stylesheets";
import { prerender } from "react-dom/static";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { NonceContext } from "#app/components/nonce";
import { inlineStylesheets } from "#app/server/inline-stylesheets";
import { scriptsAfterLoad } from "#app/server/scripts-after-load";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  let status = responseStatusCode;
  // The whole document, then its rewrites (ADR 0067): the loaders have all answered before the
  // render starts, so the render is a few milliseconds of CPU and streaming it piece by piece
  // won nothing. `prerender` is React's renderer of a whole document.
  const { prelude } = await prerender(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      signal: request.signal,
      onError(error: unknown) {
        if (!request.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const rewriter = scriptsAfterLoad(inlineStylesheets(new HTMLRewriter(), inlinableStylesheets, nonce));
  return rewriter.transform(new Response(prelude, { headers: responseHeaders, status }));
}
