import type { AppLoadContext } from "react-router";
import type { PlatformProxy } from "wrangler";
import { type AppEnv, parseEnv } from "#app/server/env.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: AppEnv;
    /** Per-request nonce for the inline scripts React Router renders (Content-Security-Policy). */
    nonce: string;
  }
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** One load context for the Vite dev proxy and the Worker. */
export function getLoadContext({
  context,
  nonce,
  localDev = false,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
  /** The Vite dev server: local defaults allowed, as with LOCAL_DEV=true. */
  localDev?: boolean;
}): AppLoadContext {
  const env = context.cloudflare.env as unknown as Record<string, unknown>;
  return {
    cloudflare: context.cloudflare,
    env: parseEnv(localDev ? { ...env, LOCAL_DEV: "true" } : env),
    nonce: nonce ?? createNonce(),
  };
}
