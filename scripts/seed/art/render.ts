/// <reference types="node" />
// Renders the procedural gear art (scripts/seed/art/gear.ts) to WebP with sharp.
//
//   npx tsx scripts/seed/art/render.ts
//
// Outputs (deterministic: same code in, same bytes out):
//   app/public/covers/cover-{1..7}-{480,800,960,1600}.webp   home carousel banners (16:9)
//   app/public/categories/{kind}.webp                     400x400 category tiles
//   scripts/seed/photos/{kind}-{0..3}.webp                     800x600 product photos

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { categorySvg, coverSvg, GEAR_KINDS, gearSvg } from "./gear";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const COVERS = join(ROOT, "app/public/covers");
const CATEGORIES = join(ROOT, "app/public/categories");
const PHOTOS = join(ROOT, "scripts/seed/photos");

const COVER_COUNT = 7;
const COVER_WIDTHS = [480, 800, 960, 1600] as const;
const VARIANTS = 4;

/** Byte budgets; quality steps down (deterministically) until a file fits. */
const COVER_BUDGET: Record<number, number> = { 480: 25_000, 800: 45_000, 960: 60_000, 1600: 140_000 };
const CATEGORY_BUDGET = 25_000;
const PHOTO_BUDGET = 45_000;
const START_QUALITY = 74;
const MIN_QUALITY = 50;

/** Rasterise an SVG of viewBox width `vbWidth` straight at the target size (crisper than resizing). */
async function rasterise(svg: string, vbWidth: number, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * width) / vbWidth })
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .png()
    .toBuffer();
}

async function toWebp(png: Buffer, budget: number): Promise<{ buf: Buffer; quality: number }> {
  let quality = START_QUALITY;
  for (;;) {
    const buf = await sharp(png).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (buf.length <= budget || quality <= MIN_QUALITY) return { buf, quality };
    quality -= 4;
  }
}

async function emit(
  file: string,
  svg: string,
  vbWidth: number,
  width: number,
  height: number,
  budget: number,
): Promise<void> {
  const png = await rasterise(svg, vbWidth, width, height);
  const { buf, quality } = await toWebp(png, budget);
  writeFileSync(file, buf);
  const kb = (buf.length / 1024).toFixed(1).padStart(6);
  console.log(`${kb} KB  q${quality}  ${relative(ROOT, file)}`);
}

async function main(): Promise<void> {
  for (const dir of [COVERS, CATEGORIES, PHOTOS]) mkdirSync(dir, { recursive: true });

  for (let i = 0; i < COVER_COUNT; i++) {
    const svg = coverSvg(i);
    for (const w of COVER_WIDTHS) {
      const h = Math.round((w * 9) / 16);
      await emit(join(COVERS, `cover-${i + 1}-${w}.webp`), svg, 1600, w, h, COVER_BUDGET[w] ?? 140_000);
    }
  }

  for (const kind of GEAR_KINDS) {
    await emit(join(CATEGORIES, `${kind}.webp`), categorySvg(kind), 600, 400, 400, CATEGORY_BUDGET);
  }

  for (const kind of GEAR_KINDS) {
    for (let v = 0; v < VARIANTS; v++) {
      await emit(join(PHOTOS, `${kind}-${v}.webp`), gearSvg(kind, v), 800, 800, 600, PHOTO_BUDGET);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
