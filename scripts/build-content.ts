// Part of `npm run build` (ADR 0084): the static pages' text (app/content/*.ts, where authors
// write it) as JSON files among the static assets, build/client/content/<page>.json. The Worker
// reads them at render time through its ASSETS binding (app/server/static-content.server.ts), so
// the text is not in the Worker's bundle nor in the pages' browser modules.
import { mkdirSync, writeFileSync } from "node:fs";
import { aboutBlocks, aboutIntro } from "../app/content/about";
import { articles } from "../app/content/blog";
import { buyerProtection, contact, help, privacy, terms } from "../app/content/trust";
import type { StaticContent } from "../app/server/static-content.server";

const pages: StaticContent = {
  about: { intro: aboutIntro, blocks: aboutBlocks },
  blog: { articles },
  "buyer-protection": buyerProtection,
  terms,
  privacy,
  help,
  contact,
};

const dir = "build/client/content";
mkdirSync(dir, { recursive: true });
for (const [name, content] of Object.entries(pages)) writeFileSync(`${dir}/${name}.json`, JSON.stringify(content));
console.log(`Static pages' text: ${Object.keys(pages).length} files in ${dir}`);
