// Reads a QR code drawn as an SVG of filled, axis-aligned outlines (the two-factor setup page's
// image) the way a phone would: each module is painted by the even-odd rule at its centre, the
// picture is scaled to pixels, and jsQR (a decoder that shares nothing with the encoder) reads
// the text back.
import jsQR from "jsqr";

const SCALE = 4;

export function readQrSvg(svg: string): string | null {
  const viewBox = /viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/.exec(svg);
  const path = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox || !path) return null;
  const [minX, minY, width, height] = viewBox.slice(1).map(Number) as [number, number, number, number];
  // The vertical edges of every outline: a ray going right from a module's centre crosses an
  // odd number of them when the module is dark.
  const edges: Array<{ x: number; y0: number; y1: number }> = [];
  for (const outline of path.split("Z").filter(Boolean)) {
    const points = [...outline.matchAll(/[ML](-?\d+) (-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    points.forEach(([x, y], i) => {
      const [nx, ny] = points[(i + 1) % points.length]!;
      if (x === nx && y !== ny) edges.push({ x, y0: Math.min(y, ny), y1: Math.max(y, ny) });
    });
  }
  const dark = (mx: number, my: number) =>
    edges.filter((e) => e.x > mx + 0.5 && e.y0 <= my + 0.5 && my + 0.5 < e.y1).length % 2 === 1;
  const pixels = new Uint8ClampedArray(width * SCALE * height * SCALE * 4);
  for (let py = 0; py < height * SCALE; py++) {
    for (let px = 0; px < width * SCALE; px++) {
      const value = dark(minX + Math.floor(px / SCALE), minY + Math.floor(py / SCALE)) ? 0 : 255;
      pixels.fill(value, (py * width * SCALE + px) * 4, (py * width * SCALE + px) * 4 + 3);
      pixels[(py * width * SCALE + px) * 4 + 3] = 255;
    }
  }
  return jsQR(pixels, width * SCALE, height * SCALE)?.data ?? null;
}
