// The site's address that letters' links start with: APP_URL when set (it should be in
// production), otherwise the address the request came to (on Cloudflare, a host that routes to
// this Worker; locally, the dev server).
import type { Settings } from "./env.server";

export function linkOrigin(request: Request, settings: Pick<Settings, "APP_URL">): string {
  return new URL(settings.APP_URL ?? request.url).origin;
}
