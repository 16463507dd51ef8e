// The browser's zod: the same library, told before any schema exists that it must never compile
// a validator with `new Function`. Zod otherwise probes for eval when its first object schema is
// built; our Content-Security-Policy forbids eval, so the caught probe is still reported as a
// violation (and costs Lighthouse's best practices). Vite resolves `zod` to this module in the
// client build only (vite.config.ts); the Worker never evaluates strings anyway.
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
