// Procedural, font-free SVG illustrations of second-hand photo gear for Pay&Buy.
// Everything here is a pure function of its arguments: no randomness, no I/O.
// The drawings use a light "cabinet oblique" projection (front faces undistorted,
// depth receding up and to the side) so boxes and lenses read as 3D products.

import type { GearKind } from "../catalog";

export type { GearKind };

export const GEAR_KINDS: GearKind[] = [
  "camera",
  "camera-lens",
  "tripod",
  "battery",
  "memory-card",
  "camera-strap",
  "camera-bag",
];

// ---------------------------------------------------------------- numbers

type Pt = [number, number];

const f = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
const g3 = (n: number): string => {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? "0" : String(r);
};
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const dot = (a: Pt, b: Pt): number => a[0] * b[0] + a[1] * b[1];
const len = (a: Pt): number => Math.hypot(a[0], a[1]);
const norm = (a: Pt): Pt => {
  const l = len(a) || 1;
  return [a[0] / l, a[1] / l];
};
const rad = (deg: number): number => (deg * Math.PI) / 180;
const deg = (r: number): number => (r * 180) / Math.PI;
function at<T>(a: readonly T[], i: number): T {
  const n = a.length;
  return a[((i % n) + n) % n] as T;
}
const pts = (p: Pt[]): string => p.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
const dPoly = (p: Pt[]): string => `M${p.map(([x, y]) => `${f(x)} ${f(y)}`).join("L")}Z`;

// ---------------------------------------------------------------- colours

function rgb(c: string): [number, number, number] {
  let h = c.replace("#", "");
  if (h.length === 3)
    h = h
      .split("")
      .map((x) => x + x)
      .join("");
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hexOf(r: number, g: number, b: number): string {
  return (
    "#" +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hexOf(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
const lt = (c: string, t: number): string => mix(c, "#ffffff", t);
const dk = (c: string, t: number): string => mix(c, "#000000", t);

// ---------------------------------------------------------------- svg context

type Stop = [number, string, number?];
type Attrs = Record<string, string | number | undefined>;

class Ctx {
  private n = 0;
  private defs: string[] = [];
  private cache = new Map<string, string>();
  id(p: string): string {
    this.n += 1;
    return `${p}${this.n.toString(36)}`;
  }
  def(s: string): void {
    this.defs.push(s);
  }
  private stops(st: Stop[]): string {
    return st
      .map(
        ([o, c, a]) =>
          `<stop offset="${g3(o)}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${g3(a)}"`}/>`,
      )
      .join("");
  }
  private cached(key: string, make: (id: string) => string, p: string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id(p);
    this.def(make(id));
    const url = `url(#${id})`;
    this.cache.set(key, url);
    return url;
  }
  lin(st: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const a = user ? ` gradientUnits="userSpaceOnUse"` : "";
    const c = user ? f : g3;
    const body = `x1="${c(x1)}" y1="${c(y1)}" x2="${c(x2)}" y2="${c(y2)}"${a}>${this.stops(st)}`;
    return this.cached(`L${body}`, (id) => `<linearGradient id="${id}" ${body}</linearGradient>`, "l");
  }
  rad(st: Stop[], cx = 0.5, cy = 0.5, r = 0.5, user = false, fx?: number, fy?: number): string {
    const a = user ? ` gradientUnits="userSpaceOnUse"` : "";
    const c = user ? f : g3;
    const fo = fx === undefined || fy === undefined ? "" : ` fx="${c(fx)}" fy="${c(fy)}"`;
    const body = `cx="${c(cx)}" cy="${c(cy)}" r="${c(r)}"${fo}${a}>${this.stops(st)}`;
    return this.cached(`R${body}`, (id) => `<radialGradient id="${id}" ${body}</radialGradient>`, "r");
  }
  blur(sd: number): string {
    return this.cached(
      `B${sd}`,
      (id) =>
        `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${g3(sd)}"/></filter>`,
      "b",
    );
  }
  /** Soft drop shadow for flat-lay items. */
  drop(dx: number, dy: number, sd: number, color: string, op: number): string {
    return this.cached(
      `D${dx},${dy},${sd},${color},${op}`,
      (id) =>
        `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%">` +
        `<feGaussianBlur in="SourceAlpha" stdDeviation="${g3(sd)}"/>` +
        `<feOffset dx="${g3(dx)}" dy="${g3(dy)}" result="o"/>` +
        `<feFlood flood-color="${color}" flood-opacity="${g3(op)}"/>` +
        `<feComposite in2="o" operator="in"/>` +
        `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      "d",
    );
  }
  clip(d: string): string {
    const id = this.id("c");
    this.def(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }
  doc(w: number, h: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }
}

const A = (o?: Attrs): string =>
  o
    ? Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => ` ${k}="${typeof v === "number" ? g3(v) : v}"`)
        .join("")
    : "";
const rect = (x: number, y: number, w: number, h: number, fill: string, o?: Attrs): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${A(o)}/>`;
const circ = (cx: number, cy: number, r: number, fill: string, o?: Attrs): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${A(o)}/>`;
const ell = (cx: number, cy: number, rx: number, ry: number, fill: string, o?: Attrs): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${A(o)}/>`;
const poly = (p: Pt[], fill: string, o?: Attrs): string => `<polygon points="${pts(p)}" fill="${fill}"${A(o)}/>`;
const path = (d: string, fill: string, o?: Attrs): string => `<path d="${d}" fill="${fill}"${A(o)}/>`;
const line = (a: Pt, b: Pt, stroke: string, w: number, o?: Attrs): string =>
  `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${stroke}" stroke-width="${g3(w)}"${A(o)}/>`;
const grp = (body: string, t?: string, o?: Attrs): string => `<g${t ? ` transform="${t}"` : ""}${A(o)}>${body}</g>`;
const stroke = (col: string, w: number, extra?: Attrs): Attrs => ({
  stroke: col,
  "stroke-width": w,
  ...extra,
});

// ---------------------------------------------------------------- polygons

function arcPts(cx: number, cy: number, r: number, a0: number, a1: number, n: number, ry = r): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const a = rad(a0 + ((a1 - a0) * i) / n);
    out.push([cx + r * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

type Radii = number | [number, number, number, number];

/** Rounded rectangle as a polygon (corners sampled), clockwise on screen. */
function rrPoly(x: number, y: number, w: number, h: number, r: Radii, seg = 6): Pt[] {
  const [a, b, c, d] = (typeof r === "number" ? [r, r, r, r] : r).map((v) =>
    Math.max(0, Math.min(v, w / 2, h / 2)),
  ) as [number, number, number, number];
  const out: Pt[] = [];
  const corner = (cx: number, cy: number, rr: number, a0: number, px: number, py: number) => {
    if (rr <= 0.01) out.push([px, py]);
    else out.push(...arcPts(cx, cy, rr, a0, a0 + 90, seg));
  };
  corner(x + a, y + a, a, 180, x, y);
  corner(x + w - b, y + b, b, 270, x + w, y);
  corner(x + w - c, y + h - c, c, 0, x + w, y + h);
  corner(x + d, y + h - d, d, 90, x, y + h);
  return out;
}

/** Round every corner of a polygon with quadratic curves. */
function roundPoly(p: Pt[], r: number, seg = 5): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < p.length; i++) {
    const a = at(p, i - 1);
    const q = at(p, i);
    const b = at(p, i + 1);
    const d1 = Math.min(r, len(sub(a, q)) / 2);
    const d2 = Math.min(r, len(sub(b, q)) / 2);
    const s = add(q, mul(norm(sub(a, q)), d1));
    const e = add(q, mul(norm(sub(b, q)), d2));
    for (let k = 0; k <= seg; k++) {
      const t = k / seg;
      out.push([
        (1 - t) * (1 - t) * s[0] + 2 * (1 - t) * t * q[0] + t * t * e[0],
        (1 - t) * (1 - t) * s[1] + 2 * (1 - t) * t * q[1] + t * t * e[1],
      ]);
    }
  }
  return out;
}

function area(p: Pt[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = at(p, i);
    const b = at(p, i + 1);
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

const rrPath = (x: number, y: number, w: number, h: number, r: Radii): string => dPoly(rrPoly(x, y, w, h, r));
const rr = (x: number, y: number, w: number, h: number, r: Radii, fill: string, o?: Attrs): string =>
  typeof r === "number"
    ? rect(x, y, w, h, fill, { rx: Math.min(r, w / 2, h / 2), ...o })
    : path(rrPath(x, y, w, h, r), fill, o);

// ---------------------------------------------------------------- oblique 3D

interface Ob {
  bx: number;
  by: number;
}
const PR = (o: Ob, p: Pt, z: number): Pt => [p[0] + o.bx * z, p[1] + o.by * z];
const atZ = (o: Ob, z: number, body: string): string => grp(body, `translate(${f(o.bx * z)} ${f(o.by * z)})`);
const LIGHT: Pt = norm([-0.45, -1]);

function shadeFor(base: string, n: Pt, k = 1): string {
  const t = dot(n, LIGHT);
  return t >= 0 ? lt(base, 0.2 * t * k) : dk(base, 0.3 * -t * k);
}

/**
 * Extrude a (convex-ish) front polygon from depth z to z+d. Visible side faces
 * are shaded by their normal, then the front face is drawn on top.
 */
function extrude(
  _c: Ctx,
  o: Ob,
  poly: Pt[],
  z: number,
  d: number,
  base: string,
  front?: string,
  opt: { side?: string; frontAttrs?: Attrs; k?: number } = {},
): string {
  const s = Math.sign(area(poly)) || 1;
  const b = norm([o.bx, o.by]);
  let out = "";
  if (d > 0 && (o.bx !== 0 || o.by !== 0)) {
    for (let i = 0; i < poly.length; i++) {
      const a = at(poly, i);
      const e = at(poly, i + 1);
      const dd = norm(sub(e, a));
      const n: Pt = s > 0 ? [dd[1], -dd[0]] : [-dd[1], dd[0]];
      if (dot(n, b) <= 0.001) continue;
      const col = shadeFor(opt.side ?? base, n, opt.k ?? 1);
      const q = [PR(o, a, z), PR(o, e, z), PR(o, e, z + d), PR(o, a, z + d)];
      out += poly_(q, col, { stroke: col, "stroke-width": 0.9, "stroke-linejoin": "round" });
    }
  }
  out += poly_(
    poly.map((p) => PR(o, p, z)),
    front ?? base,
    opt.frontAttrs,
  );
  return out;
}
const poly_ = poly;

/** Quad lying on the horizontal plane y (x1..x2, z1..z2). */
const topQuad = (o: Ob, x1: number, x2: number, y: number, z1: number, z2: number): Pt[] => [
  PR(o, [x1, y], z1),
  PR(o, [x2, y], z1),
  PR(o, [x2, y], z2),
  PR(o, [x1, y], z2),
];
/** Quad lying on the vertical side plane x (y1..y2, z1..z2). */
const sideQuad = (o: Ob, x: number, y1: number, y2: number, z1: number, z2: number): Pt[] => [
  PR(o, [x, y1], z1),
  PR(o, [x, y1], z2),
  PR(o, [x, y2], z2),
  PR(o, [x, y2], z1),
];

const tubeStops = (col: string): Stop[] => [
  [0, lt(col, 0.38)],
  [0.28, lt(col, 0.14)],
  [0.62, col],
  [1, dk(col, 0.5)],
];

/** Small upright cylinder (dial, button, cell) with base centre (cx, cy). */
function knob(c: Ctx, cx: number, cy: number, rx: number, ry: number, h: number, col: string, ridges = true): string {
  const side = c.lin(
    [
      [0, dk(col, 0.3)],
      [0.3, lt(col, 0.32)],
      [0.6, col],
      [1, dk(col, 0.45)],
    ],
    0,
    0,
    1,
    0,
  );
  let s = path(
    `M${f(cx - rx)} ${f(cy - h)}L${f(cx - rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(cy)}L${f(cx + rx)} ${f(cy - h)}Z`,
    side,
  );
  if (ridges && h > 3) {
    for (let a = 14; a < 170; a += 13) {
      const x = cx - rx * Math.cos(rad(a));
      const yo = ry * Math.sin(rad(a));
      s += line([x, cy - h + yo], [x, cy + yo], dk(col, 0.45), Math.max(0.7, rx / 22), { opacity: 0.7 });
    }
  }
  s += ell(cx, cy - h, rx, ry, lt(col, 0.12), stroke(lt(col, 0.4), Math.max(0.6, rx / 25)));
  return s;
}

// ---------------------------------------------------------------- lenses

interface ZSeg {
  len: number;
  r: number;
  r2?: number;
  col: string;
  ridge?: boolean;
  step?: number;
}

interface GlassOpt {
  rim?: string;
  ring?: string;
  inner?: number;
}

/** Front element of a lens seen (almost) head-on; b is the on-screen "into the lens" direction. */
function glassFront(c: Ctx, C: Pt, R: number, b: Pt, opt: GlassOpt = {}, ky = 1): string {
  const sh = (k: number): Pt => [C[0] + b[0] * R * k, C[1] + b[1] * R * k * ky];
  const E = (p: Pt, r: number, fill: string, o?: Attrs) => ell(p[0], p[1], r, r * ky, fill, o);
  let s = E(C, R * 0.98, opt.rim ?? "#17181b");
  s += E(C, R * 0.88, "#0c0d10", stroke("#34373d", Math.max(1, R * 0.018)));
  if (opt.ring) s += E(C, R * 0.93, "none", stroke(opt.ring, Math.max(1.2, R * 0.028)));
  const gc = sh(0.07);
  const gr = R * (opt.inner ?? 0.74);
  s += E(
    gc,
    gr,
    c.rad(
      [
        [0, "#4b64a8"],
        [0.35, "#22305c"],
        [0.75, "#0c1226"],
        [1, "#05070d"],
      ],
      0.42,
      0.38,
      0.7,
    ),
  );
  s += E(
    sh(0.13),
    gr * 0.56,
    c.rad([
      [0, "#7a4fb0", 0.75],
      [0.6, "#2a1d4a", 0.55],
      [1, "#0a0a18", 0],
    ]),
  );
  s += E(sh(0.16), gr * 0.22, "#06070c", { opacity: 0.8 });
  // coating reflections
  const arc = (r: number, a0: number, a1: number, col: string, w: number, op: number) => {
    const p0: Pt = [gc[0] + r * Math.cos(rad(a0)), gc[1] + r * ky * Math.sin(rad(a0))];
    const p1: Pt = [gc[0] + r * Math.cos(rad(a1)), gc[1] + r * ky * Math.sin(rad(a1))];
    return path(
      `M${f(p0[0])} ${f(p0[1])}A${f(r)} ${f(r * ky)} 0 0 1 ${f(p1[0])} ${f(p1[1])}`,
      "none",
      stroke(col, w, { opacity: op, "stroke-linecap": "round" }),
    );
  };
  s += arc(gr * 0.84, 15, 75, "#7ef0c8", gr * 0.06, 0.45);
  s += arc(gr * 0.62, 195, 235, "#ff9bd8", gr * 0.05, 0.4);
  s += ell(gc[0] - gr * 0.34, gc[1] - gr * 0.36 * ky, gr * 0.34, gr * 0.15 * ky, "#ffffff", {
    opacity: 0.5,
    transform: `rotate(${ky === 1 ? -38 : -12} ${f(gc[0] - gr * 0.34)} ${f(gc[1] - gr * 0.36 * ky)})`,
  });
  s += E([gc[0] + gr * 0.3, gc[1] + gr * 0.28 * ky], gr * 0.07, "#ffffff", { opacity: 0.75 });
  return s;
}

/** A lens whose optical axis runs along z (towards the viewer), drawn back to front. */
function lensZ(c: Ctx, o: Ob, cx: number, cy: number, z0: number, segs: ZSeg[], glass: GlassOpt | null): string {
  const b = norm([o.bx, o.by]);
  const n: Pt = [-b[1], b[0]];
  const lit = n[0] + n[1] < 0 ? 1 : -1; // gradient starts on the upper-left side
  let z = z0;
  let s = "";
  let lastC: Pt = [cx, cy];
  let lastR = 0;
  for (const sg of segs) {
    const z1 = z;
    const z2 = z - sg.len;
    const r1 = sg.r;
    const r2 = sg.r2 ?? sg.r;
    const c1 = PR(o, [cx, cy], z1);
    const c2 = PR(o, [cx, cy], z2);
    const cm = mul(add(c1, c2), 0.5);
    const rm = Math.max(r1, r2);
    const p0 = add(cm, mul(n, lit * rm));
    const p1 = add(cm, mul(n, -lit * rm));
    const gr = c.lin(tubeStops(sg.col), p0[0], p0[1], p1[0], p1[1], true);
    s += circ(c1[0], c1[1], r1, gr);
    s += poly([add(c1, mul(n, r1)), add(c2, mul(n, r2)), add(c2, mul(n, -r2)), add(c1, mul(n, -r1))], gr);
    if (sg.ridge) {
      const step = sg.step ?? 7;
      for (let a = 0; a < 360; a += step) {
        const u: Pt = [Math.cos(rad(a)), Math.sin(rad(a))];
        const dd = dot(u, b);
        if (dd < 0.06) continue;
        s += line(add(c1, mul(u, r1 - 0.5)), add(c2, mul(u, r2 - 0.5)), dk(sg.col, 0.55), Math.max(1, rm / 45), {
          opacity: g3(0.35 + 0.5 * dd),
        });
      }
    }
    s += circ(c2[0], c2[1], r2, lt(sg.col, 0.06));
    z = z2;
    lastC = c2;
    lastR = r2;
  }
  if (glass) s += glassFront(c, lastC, lastR, b, glass);
  return s;
}

interface USeg {
  h: number;
  r: number;
  col: string;
  ridge?: boolean;
  ticks?: string[];
  band?: string;
}

/** An upright cylinder stack (lens standing on its mount) seen slightly from above. */
function lensUp(c: Ctx, cx: number, baseY: number, segs: USeg[], k: number, glass: GlassOpt | null): string {
  let s = "";
  let y = baseY;
  let topR = 0;
  for (const sg of segs) {
    const yb = y;
    const yt = y - sg.h;
    const r = sg.r;
    const ry = r * k;
    const gr = c.lin(
      [
        [0, dk(sg.col, 0.38)],
        [0.22, lt(sg.col, 0.3)],
        [0.42, lt(sg.col, 0.1)],
        [0.78, dk(sg.col, 0.12)],
        [1, dk(sg.col, 0.5)],
      ],
      0,
      0,
      1,
      0,
    );
    s += path(
      `M${f(cx - r)} ${f(yt)}L${f(cx - r)} ${f(yb)}A${f(r)} ${f(ry)} 0 0 0 ${f(cx + r)} ${f(yb)}L${f(cx + r)} ${f(yt)}Z`,
      gr,
    );
    if (sg.band) {
      const bh = Math.min(5, sg.h * 0.3);
      s += path(
        `M${f(cx - r)} ${f(yt + bh)}A${f(r)} ${f(ry)} 0 0 0 ${f(cx + r)} ${f(yt + bh)}L${f(cx + r)} ${f(yt + bh * 2)}A${f(r)} ${f(ry)} 0 0 1 ${f(cx - r)} ${f(yt + bh * 2)}Z`,
        sg.band,
      );
    }
    if (sg.ridge) {
      for (let a = 8; a < 175; a += 7) {
        const x = cx - r * Math.cos(rad(a));
        const yo = ry * Math.sin(rad(a));
        s += line([x, yt + yo], [x, yb + yo], dk(sg.col, 0.55), Math.max(1, r / 55), {
          opacity: g3(0.25 + 0.55 * Math.sin(rad(a))),
        });
      }
    }
    if (sg.ticks) {
      sg.ticks.forEach((col, i) => {
        const a = 60 + i * 16;
        const x = cx - r * Math.cos(rad(a));
        const yo = ry * Math.sin(rad(a));
        s += line([x, yt + yo + sg.h * 0.2], [x, yt + yo + sg.h * 0.62], col, Math.max(1.5, r / 28), {
          "stroke-linecap": "round",
        });
      });
    }
    s += ell(cx, yt, r, ry, lt(sg.col, 0.14));
    y = yt;
    topR = r;
  }
  if (glass) s += glassFront(c, [cx, y], topR, [0, 1], glass, k);
  return s;
}

// ---------------------------------------------------------------- art container

interface Art {
  svg: string;
  /** local bounding box x0, y0, x1, y1; the floor is y = 0 */
  box: [number, number, number, number];
  /** floor shadow ellipse cx, cy, rx, ry in local coordinates (null: the art casts its own) */
  shadow: [number, number, number, number] | null;
  /** optional fixed scale for product photos (keeps compact gear visibly compact) */
  scale?: number;
}

// ---------------------------------------------------------------- cameras

function lug(x: number, y: number, r = 8): string {
  return (
    circ(x, y, r, "none", stroke("#b9bec6", 3.2)) +
    circ(x - 1, y - 1, r, "none", stroke("#eef1f4", 1, { opacity: 0.6 }))
  );
}

function glassWindow(c: Ctx, x: number, y: number, w: number, h: number, r: number): string {
  return (
    rr(x - 3, y - 3, w + 6, h + 6, r + 2, "#aeb3ba") +
    rr(
      x,
      y,
      w,
      h,
      r,
      c.lin(
        [
          [0, "#2d3d63"],
          [0.55, "#111a30"],
          [1, "#070a14"],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    path(
      `M${f(x + w * 0.12)} ${f(y + h * 0.8)}L${f(x + w * 0.5)} ${f(y + h * 0.15)}L${f(x + w * 0.72)} ${f(y + h * 0.15)}L${f(x + w * 0.34)} ${f(y + h * 0.8)}Z`,
      "#ffffff",
      { opacity: 0.22 },
    )
  );
}

function dslr(c: Ctx, body: string, accent: string, lensCol: string): Art {
  const o: Ob = { bx: 0.42, by: -0.3 };
  const rub = dk(body, 0.28);
  let s = "";
  s += lug(PR(o, [166, -168], 40)[0], PR(o, [166, -168], 40)[1]);
  s += extrude(
    c,
    o,
    rrPoly(-165, -188, 330, 188, [20, 20, 26, 26]),
    0,
    82,
    body,
    c.lin([
      [0, lt(body, 0.12)],
      [0.5, body],
      [1, dk(body, 0.12)],
    ]),
  );
  // mode dial and top LCD area on the right of the top plate
  const d1 = PR(o, [118, -188], 44);
  s += knob(c, d1[0], d1[1], 31, 11, 14, dk(body, 0.05));
  s += ell(d1[0], d1[1] - 14, 12, 4.5, lt(body, 0.25));
  const d2 = PR(o, [-100, -188], 46);
  s += knob(c, d2[0], d2[1], 22, 8, 8, dk(body, 0.1));
  // pentaprism hump
  const prism: Pt[] = [
    [-68, -186],
    [88, -186],
    [66, -242],
    [52, -262],
    [-32, -262],
    [-46, -242],
  ];
  s += extrude(
    c,
    o,
    prism,
    14,
    56,
    body,
    c.lin([
      [0, lt(body, 0.16)],
      [1, lt(body, 0.02)],
    ]),
  );
  s += atZ(o, 14, rr(-14, -236, 56, 11, 3, lt(body, 0.3), { opacity: 0.55 }));
  s += extrude(c, o, rrPoly(-8, -270, 48, 8, 1), 24, 30, "#a3a8b0");
  // front plate details
  s += rr(-150, -176, 300, 12, 6, lt(body, 0.07), { opacity: 0.5 });
  s += circ(10, -92, 86, dk(body, 0.35));
  s += circ(10, -92, 82, "none", stroke("#8e939b", 3));
  s += circ(104, -42, 10, dk(body, 0.1), stroke(dk(body, 0.5), 2));
  s += circ(102, -44, 4, lt(body, 0.3), { opacity: 0.6 });
  s += circ(100, -140, 6, dk(body, 0.15), stroke(dk(body, 0.5), 1.5));
  s += circ(
    -60,
    -158,
    8,
    c.rad([
      [0, "#ffd39a"],
      [0.6, "#d9782c"],
      [1, "#6b3512"],
    ]),
  );
  // grip
  s += extrude(
    c,
    o,
    rrPoly(-174, -198, 90, 198, [30, 12, 14, 26]),
    -36,
    36,
    rub,
    c.lin(
      [
        [0, lt(rub, 0.1)],
        [1, dk(rub, 0.2)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  s += atZ(o, -36, path("M-166 -160Q-130 -176 -92 -170L-92 -158Q-130 -163 -166 -148Z", accent));
  s += atZ(o, -36, rr(-160, -130, 60, 118, 16, dk(rub, 0.12), { opacity: 0.6 }));
  const sb = PR(o, [-128, -198], -18);
  s += knob(c, sb[0], sb[1], 22, 8, 4, dk(body, 0.2), false);
  s += knob(c, sb[0] + 1, sb[1] - 4, 13, 5, 7, "#b8bcc3", false);
  // lens
  s += lensZ(
    c,
    o,
    10,
    -92,
    0,
    [
      { len: 10, r: 76, col: "#c7cbd1" },
      { len: 28, r: 71, col: lensCol },
      { len: 44, r: 73, col: dk(lensCol, 0.25), ridge: true, step: 6 },
      { len: 12, r: 71, col: lensCol },
      { len: 5, r: 72, col: accent },
      { len: 30, r: 74, col: dk(lensCol, 0.25), ridge: true, step: 5 },
      { len: 22, r: 77, col: lensCol },
    ],
    { ring: accent },
  );
  return { svg: s, box: [-192, -292, 202, 36], shadow: [10, -8, 215, 40] };
}

function rangefinder(c: Ctx, top: string, leather: string): Art {
  const o: Ob = { bx: 0.38, by: -0.24 };
  let s = "";
  s += lug(PR(o, [186, -150], 36)[0], PR(o, [186, -150], 36)[1], 7);
  const metal = c.lin([
    [0, lt(top, 0.45)],
    [0.5, top],
    [1, dk(top, 0.12)],
  ]);
  s += extrude(
    c,
    o,
    rrPoly(-186, -120, 372, 120, [0, 0, 32, 32]),
    0,
    70,
    leather,
    c.lin([
      [0, lt(leather, 0.08)],
      [1, dk(leather, 0.15)],
    ]),
    { side: top },
  );
  s += extrude(c, o, rrPoly(-186, -186, 372, 66, [32, 32, 0, 0]), 0, 70, top, metal);
  // base plate line
  s += rr(-176, -14, 352, 6, 3, dk(leather, 0.35), { opacity: 0.5 });
  // top controls
  const rw = PR(o, [-128, -186], 36);
  s += knob(c, rw[0], rw[1], 24, 8, 16, top);
  s += knob(c, rw[0], rw[1] - 16, 14, 5, 4, dk(top, 0.1), false);
  const hs = PR(o, [-28, -186], 16);
  s += extrude(c, o, rrPoly(-30, -192, 60, 6, 1), 14, 38, dk(top, 0.2));
  const sd = PR(o, [112, -186], 34);
  s += knob(c, sd[0], sd[1], 28, 9, 12, top);
  s += ell(sd[0], sd[1] - 12, 6, 2, dk(top, 0.5));
  const sb = PR(o, [158, -186], 22);
  s += knob(c, sb[0], sb[1], 10, 4, 9, dk(top, 0.05), false);
  void hs;
  // front windows
  s += glassWindow(c, 96, -170, 64, 36, 5);
  s +=
    rr(28, -168, 46, 32, 4, "#9aa0a8") +
    rr(
      31,
      -165,
      40,
      26,
      3,
      c.lin([
        [0, "#ffffff"],
        [1, "#d9dde2"],
      ]),
    );
  for (let x = 36; x < 70; x += 5) s += line([x, -164], [x, -140], "#c3c8ce", 1);
  s += glassWindow(c, -164, -168, 30, 28, 6);
  s += circ(
    -96,
    -152,
    10,
    c.rad([
      [0, "#ff6b6b"],
      [0.7, "#d11f2a"],
      [1, "#8e0f17"],
    ]),
    stroke("#f4f5f7", 2),
  );
  // self timer lever
  s += rr(-134, -112, 14, 34, 6, "#b9bec6", stroke("#80858d", 1.5));
  s += lug(-188, -150, 7);
  // lens mount + compact silver lens
  s += circ(-10, -66, 66, lt(top, 0.1), stroke(dk(top, 0.25), 2));
  s += lensZ(
    c,
    o,
    -10,
    -66,
    0,
    [
      { len: 8, r: 62, col: "#c9cdd3" },
      { len: 22, r: 60, col: "#d3d7dc", ridge: true, step: 8 },
      { len: 8, r: 57, col: "#26272b" },
      { len: 14, r: 55, col: "#1f2023" },
      { len: 6, r: 58, col: "#2a2b2f" },
    ],
    { rim: "#1d1e21", inner: 0.7 },
  );
  return { svg: s, box: [-190, -214, 215, 32], shadow: [15, -10, 215, 32] };
}

function mirrorless(c: Ctx, body: string, leather: string): Art {
  const o: Ob = { bx: -0.4, by: -0.28 };
  let s = "";
  s += lug(PR(o, [-160, -150], 34)[0], PR(o, [-160, -150], 34)[1], 7);
  s += extrude(
    c,
    o,
    rrPoly(-160, -170, 320, 170, 24),
    0,
    64,
    body,
    c.lin([
      [0, lt(body, 0.3)],
      [0.4, body],
      [1, dk(body, 0.12)],
    ]),
    { side: dk(body, 0.16) },
  );
  // dials on top
  const d1 = PR(o, [104, -170], 34);
  s += knob(c, d1[0], d1[1], 26, 9, 12, "#c8ccd2");
  const d2 = PR(o, [54, -170], 30);
  s += knob(c, d2[0], d2[1], 12, 5, 8, "#b8bcc3", false);
  // EVF hump
  const hump: Pt[] = [
    [-44, -168],
    [88, -168],
    [70, -226],
    [-26, -226],
  ];
  s += extrude(
    c,
    o,
    roundPoly(hump, 10, 3),
    8,
    52,
    body,
    c.lin([
      [0, lt(body, 0.35)],
      [1, lt(body, 0.05)],
    ]),
  );
  s += extrude(c, o, rrPoly(-2, -232, 48, 7, 1), 16, 30, "#a3a8b0");
  // leatherette panel with stitching
  s += rr(-150, -128, 300, 108, 14, leather);
  s += rr(-144, -122, 288, 96, 10, "none", stroke(lt(leather, 0.35), 1.6, { "stroke-dasharray": "5 4", opacity: 0.8 }));
  s += rr(-150, -140, 300, 6, 3, "#c2c6cc", { opacity: 0.9 });
  // grip on the viewer's left, as on a real body
  s += extrude(
    c,
    o,
    rrPoly(-160, -156, 62, 156, [22, 18, 22, 24]),
    -26,
    26,
    dk(leather, 0.15),
    c.lin(
      [
        [0, lt(leather, 0.12)],
        [1, dk(leather, 0.22)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  s += circ(
    118,
    -150,
    8,
    c.rad([
      [0, "#ffe0ad"],
      [0.6, "#e08a36"],
      [1, "#7a4216"],
    ]),
  );
  const sb = PR(o, [-128, -170], 14);
  s += knob(c, sb[0], sb[1], 12, 5, 9, "#c0c4ca", false);
  s += lug(160, -150, 7);
  // lens
  s += circ(22, -76, 66, lt(body, 0.05), stroke(dk(body, 0.2), 2));
  s += circ(22, -76, 62, "#2b2c30");
  s += lensZ(
    c,
    o,
    22,
    -76,
    0,
    [
      { len: 8, r: 61, col: "#c3c7cc" },
      { len: 16, r: 57, col: "#d9dce0" },
      { len: 26, r: 59, col: "#cfd3d8", ridge: true, step: 7 },
      { len: 10, r: 57, col: "#d9dce0" },
      { len: 10, r: 58, col: "#232427" },
    ],
    { rim: "#1d1e21" },
  );
  return { svg: s, box: [-200, -250, 175, 32], shadow: [-10, -10, 200, 30] };
}

function instant(c: Ctx, body: string): Art {
  const o: Ob = { bx: 0.26, by: -0.2 };
  let s = "";
  // photo being ejected from the top slot
  s += atZ(
    o,
    52,
    rr(-78, -350, 156, 110, 4, "#fbfbf8", stroke("#d9d9d2", 1.5)) +
      rr(
        -68,
        -340,
        136,
        78,
        2,
        c.lin([
          [0, "#7cc6f2"],
          [0.6, "#ffd59a"],
          [1, "#ffb27a"],
        ]),
      ) +
      circ(24, -306, 13, "#fff3c4") +
      path("M-68 -262L-40 -290L-14 -270L14 -298L68 -262Z", "#3f8f6b"),
  );
  s += extrude(
    c,
    o,
    rrPoly(-165, -282, 330, 282, 50),
    0,
    100,
    body,
    c.lin([
      [0, lt(body, 0.25)],
      [0.5, body],
      [1, dk(body, 0.1)],
    ]),
  );
  // slot on top
  s += poly(topQuad(o, -84, 84, -282, 46, 58), dk(body, 0.35));
  // lens housing
  s += circ(0, -120, 112, lt(body, 0.18), stroke(dk(body, 0.08), 3));
  s += circ(
    0,
    -120,
    100,
    c.lin([
      [0, lt(body, 0.35)],
      [1, dk(body, 0.1)],
    ]),
  );
  s += lensZ(
    c,
    o,
    0,
    -120,
    0,
    [
      { len: 14, r: 88, col: "#2b2c30" },
      { len: 16, r: 82, col: "#202124", ridge: true, step: 6 },
      { len: 8, r: 76, col: "#303236" },
    ],
    { rim: "#1a1b1e", inner: 0.62 },
  );
  // flash with fresnel lines
  s += rr(-146, -262, 96, 54, 12, "#e8ebee", stroke(dk(body, 0.25), 2.5));
  for (let y = -254; y < -212; y += 6) s += line([-140, y], [-56, y], "#c6cbd1", 2);
  s += rr(-146, -262, 96, 20, [12, 12, 0, 0], "#ffffff", { opacity: 0.45 });
  // viewfinder + selfie mirror + shutter
  s += glassWindow(c, 88, -258, 46, 42, 10);
  s += circ(
    118,
    -190,
    10,
    c.lin([
      [0, "#ffffff"],
      [1, "#9aa3ad"],
    ]),
    stroke(dk(body, 0.25), 1.5),
  );
  s += circ(128, -52, 18, dk(body, 0.18)) + circ(127, -54, 13, lt(body, 0.3));
  s += rr(-130, -30, 60, 8, 4, dk(body, 0.2), { opacity: 0.5 });
  return { svg: s, box: [-170, -372, 192, 4], shadow: [14, -10, 200, 28] };
}

function cameraArt(c: Ctx, v: number): Art {
  switch (v % 4) {
    case 0:
      return dslr(c, "#2a2c31", "#d8342f", "#26272b");
    case 1:
      return rangefinder(c, "#c9cdd3", "#232326");
    case 2:
      return mirrorless(c, "#ece4d4", "#9b6a43");
    default:
      return instant(c, "#8fd1bf");
  }
}

// ---------------------------------------------------------------- stage

interface Palette {
  wall: [string, string];
  floor: string;
}

const STAGES: Palette[] = [
  { wall: ["#e6dccf", "#f7f2eb"], floor: "#f0e8dd" }, // warm sand
  { wall: ["#d3deeb", "#f1f5f9"], floor: "#e5ecf4" }, // cool blue-grey
  { wall: ["#d2e4d8", "#f0f7f2"], floor: "#e2eee6" }, // sage
  { wall: ["#ecd6d1", "#fbf2ef"], floor: "#f3e4e0" }, // blush
  { wall: ["#ebe2c4", "#faf6e8"], floor: "#f2ecd6" }, // butter
  { wall: ["#dcd7ec", "#f4f2fa"], floor: "#e8e5f3" }, // lavender
];

function stage(c: Ctx, w: number, h: number, p: Palette, horizon = 0.66): string {
  let s = rect(
    0,
    0,
    w,
    h,
    c.lin([
      [0, p.wall[0]],
      [horizon * 0.9, p.wall[1]],
      [1, p.floor],
    ]),
  );
  s += rect(
    0,
    h * horizon,
    w,
    h * (1 - horizon),
    c.lin([
      [0, p.floor, 0],
      [0.35, p.floor, 1],
      [1, dk(p.floor, 0.05)],
    ]),
  );
  s += ell(
    w * 0.5,
    h * 0.45,
    w * 0.48,
    h * 0.46,
    c.rad([
      [0, "#ffffff", 0.75],
      [1, "#ffffff", 0],
    ]),
  );
  s += rect(
    0,
    0,
    w,
    h,
    c.rad(
      [
        [0.55, "#000000", 0],
        [1, "#000000", 0.09],
      ],
      0.5,
      0.5,
      0.75,
    ),
  );
  return s;
}

function floorShadow(c: Ctx, art: Art, col: string, op = 1): string {
  if (!art.shadow) return "";
  const [sx, sy, rx, ry] = art.shadow;
  return (
    ell(sx, sy + ry * 0.25, rx * 1.12, ry * 1.5, col, { opacity: 0.2 * op, filter: c.blur(18) }) +
    ell(sx, sy, rx * 0.92, ry * 0.7, col, { opacity: 0.28 * op, filter: c.blur(7) })
  );
}

/** Fit an art into a maxW x maxH box centred on (cx, cy). */
function placed(
  c: Ctx,
  art: Art,
  cx: number,
  cy: number,
  maxW: number,
  maxH: number,
  shadowCol: string,
  maxScale = 1.6,
  fixed = true,
): string {
  const [x0, y0, x1, y1] = art.box;
  const fit = Math.min(maxW / (x1 - x0), maxH / (y1 - y0), maxScale);
  const k = fixed && art.scale ? Math.min(fit, art.scale) : fit;
  const tx = cx - ((x0 + x1) / 2) * k;
  const ty = cy - ((y0 + y1) / 2) * k + (fit - k) * (y1 - y0) * 0.5;
  return grp(floorShadow(c, art, shadowCol) + art.svg, `translate(${f(tx)} ${f(ty)}) scale(${g3(k)})`);
}

/** Put an art with its local floor origin at (x, y), scaled by k. */
function put(c: Ctx, art: Art, x: number, y: number, k: number, shadowCol: string, op = 1): string {
  return grp(floorShadow(c, art, shadowCol, op) + art.svg, `translate(${f(x)} ${f(y)}) scale(${g3(k)})`);
}

function artFor(c: Ctx, kind: GearKind, v: number): Art {
  switch (kind) {
    case "camera":
      return cameraArt(c, v);
    case "camera-lens":
      return lensArt(c, v);
    case "tripod":
      return tripodArt(c, v);
    case "battery":
      return batteryArt(c, v);
    case "memory-card":
      return memoryArt(c, v);
    case "camera-strap":
      return strapArt(c, v);
    case "camera-bag":
      return bagArt(c, v);
  }
}

export function gearSvg(kind: GearKind, variant: number): string {
  const c = new Ctx();
  const v = ((Math.floor(variant) % 4) + 4) % 4;
  const ki = Math.max(0, GEAR_KINDS.indexOf(kind));
  const pal = at(STAGES, ki + v);
  const art = artFor(c, kind, v);
  const body = stage(c, 800, 600, pal) + placed(c, art, 400, 306, 620, 460, dk(pal.floor, 0.55));
  return c.doc(800, 600, body);
}

// ---------------------------------------------------------------- lenses (product)

function lensArt(c: Ctx, v: number): Art {
  if (v === 0) {
    // standard zoom lying on its side, front element towards the viewer
    const o: Ob = { bx: 0.5, by: -0.33 };
    const body = "#25262a";
    const rub = "#18191c";
    const s = lensZ(
      c,
      o,
      0,
      -82,
      150,
      [
        { len: 14, r: 62, col: "#1b1c1f" },
        { len: 8, r: 66, col: "#c9cdd3" },
        { len: 40, r: 74, col: body },
        { len: 58, r: 78, col: rub, ridge: true, step: 5 },
        { len: 18, r: 76, col: body },
        { len: 5, r: 77, col: "#d9a64a" },
        { len: 36, r: 79, col: rub, ridge: true, step: 5 },
        { len: 26, r: 82, col: body },
      ],
      { ring: "#d9a64a" },
    );
    return { svg: s, box: [-120, -240, 170, 20], shadow: [20, -30, 170, 40] };
  }
  if (v === 1) {
    // fast 50mm prime standing on its mount
    const s = lensUp(
      c,
      0,
      0,
      [
        { h: 14, r: 88, col: "#c6cad0" },
        { h: 40, r: 104, col: "#222327" },
        { h: 6, r: 104, col: "#b9bdc3" },
        { h: 52, r: 108, col: "#17181b", ridge: true },
        { h: 30, r: 110, col: "#222327", band: "#c7cbd1" },
      ],
      0.32,
      { ring: "#c7cbd1" },
    );
    return { svg: s, box: [-112, -180, 112, 32], shadow: [0, 6, 118, 34] };
  }
  if (v === 2) {
    // white telephoto with tripod collar, lying on its side
    const o: Ob = { bx: 0.82, by: -0.3 };
    const white = "#ece9e1";
    const foot = PR(o, [0, 0], 130);
    let s = poly(
      [
        [foot[0] - 26, foot[1] - 80],
        [foot[0] + 26, foot[1] - 80],
        [foot[0] + 34, foot[1]],
        [foot[0] - 34, foot[1]],
      ],
      "#3a3b3f",
    );
    s += rr(foot[0] - 46, foot[1] - 14, 92, 16, 6, "#2c2d31");
    s += lensZ(
      c,
      o,
      0,
      -82,
      250,
      [
        { len: 14, r: 56, col: "#1b1c1f" },
        { len: 8, r: 60, col: "#c9cdd3" },
        { len: 40, r: 66, col: white },
        { len: 36, r: 70, col: "#1d1e21", ridge: true, step: 5 },
        { len: 18, r: 68, col: white },
        { len: 22, r: 80, col: "#45464b" },
        { len: 40, r: 70, col: white },
        { len: 30, r: 72, col: "#1d1e21", ridge: true, step: 5 },
        { len: 60, r: 74, col: white },
        { len: 6, r: 76, col: "#cf2e2e" },
        { len: 50, r: 78, col: white },
      ],
      { ring: "#cf2e2e" },
    );
    return { svg: s, box: [-185, -250, 285, 24], shadow: [55, -40, 250, 40] };
  }
  // vintage chrome manual prime with depth-of-field scale
  const s = lensUp(
    c,
    0,
    0,
    [
      { h: 12, r: 78, col: "#cdd1d6" },
      { h: 28, r: 86, col: "#d6dade", ticks: ["#e94f4f", "#f0b429", "#3fb37f", "#3d8bfd", "#f0b429", "#e94f4f"] },
      { h: 6, r: 86, col: "#8f949b" },
      { h: 44, r: 90, col: "#c4c8ce", ridge: true },
      { h: 34, r: 84, col: "#1c1d20", band: "#d8dce0" },
      { h: 12, r: 86, col: "#d0d4d9" },
    ],
    0.34,
    { rim: "#c3c7cd", inner: 0.68 },
  );
  return { svg: s, box: [-92, -180, 92, 30], shadow: [0, 6, 96, 30] };
}

// ---------------------------------------------------------------- tripods

interface LegSpec {
  widths: number[];
  col: string;
  lock: string;
  kind: "flip" | "twist";
  foot: string;
  twin?: boolean;
}

const tubeFill = (c: Ctx, col: string): string =>
  c.lin([
    [0, dk(col, 0.45)],
    [0.35, col],
    [0.72, lt(col, 0.28)],
    [1, lt(col, 0.05)],
  ]);

function leg(c: Ctx, top: Pt, foot: Pt, sp: LegSpec): string {
  const L = len(sub(foot, top));
  const ang = deg(Math.atan2(foot[1] - top[1], foot[0] - top[0]));
  const n = sp.widths.length;
  const fr = n === 4 ? [0.3, 0.26, 0.23, 0.21] : n === 3 ? [0.38, 0.33, 0.29] : n === 2 ? [0.52, 0.48] : [1];
  const starts: number[] = [];
  let acc = 0;
  for (let i = 0; i < n; i++) {
    starts.push(acc);
    acc += (fr[i] ?? 0) * L;
  }
  let s = "";
  const tube = (x0: number, x1: number, w: number, off = 0) => rect(x0, off - w / 2, x1 - x0, w, tubeFill(c, sp.col));
  for (let i = n - 1; i >= 0; i--) {
    const w = sp.widths[i] ?? 10;
    const x0 = starts[i] ?? 0;
    const x1 = i === n - 1 ? L - 8 : (starts[i + 1] ?? L) + 6;
    if (sp.twin && i === 0) {
      s += tube(x0, x1, w * 0.55, -w * 0.42) + tube(x0, x1, w * 0.55, w * 0.42);
      s += rr(x0 + (x1 - x0) * 0.45, -w * 0.75, 14, w * 1.5, 4, dk(sp.col, 0.35));
    } else {
      s += tube(x0, x1, w);
    }
  }
  for (let i = 1; i < n; i++) {
    const x = starts[i] ?? 0;
    const w = (sp.widths[i - 1] ?? 10) + 8;
    if (sp.kind === "flip") {
      s += rr(x - 16, -w / 2, 30, w, 5, sp.lock);
      s += rr(x - 12, w / 2 - 2, 26, 9, 4, lt(sp.lock, 0.15), stroke(dk(sp.lock, 0.3), 1));
    } else {
      s += rr(x - 14, -w / 2, 24, w, 6, tubeFill(c, sp.lock));
      for (let k = -10; k <= 8; k += 4)
        s += line([x + k, -w / 2 + 2], [x + k, w / 2 - 2], dk(sp.lock, 0.35), 1.2, { opacity: 0.7 });
    }
  }
  const fw = (sp.widths[n - 1] ?? 10) + 8;
  s += rr(L - 18, -fw / 2, 28, fw, [4, 12, 12, 4], sp.foot);
  return grp(s, `translate(${f(top[0])} ${f(top[1])}) rotate(${g3(ang)})`);
}

function ballHead(c: Ctx, cx: number, y: number, r: number, metal: string, knobCol: string): string {
  let s = rr(cx - r * 0.9, y - r * 0.35, r * 1.8, r * 0.55, r * 0.2, tubeFill(c, dk(metal, 0.2)));
  s += rr(cx - r * 0.32, y - r * 1.1, r * 0.64, r * 0.9, r * 0.1, tubeFill(c, dk(metal, 0.1)));
  s += circ(
    cx,
    y - r * 1.2,
    r,
    c.rad(
      [
        [0, "#ffffff"],
        [0.25, lt(metal, 0.4)],
        [0.8, metal],
        [1, dk(metal, 0.35)],
      ],
      0.35,
      0.3,
      0.75,
    ),
  );
  s += rr(cx + r * 0.85, y - r * 1.45, r * 0.5, r * 0.5, r * 0.12, knobCol);
  s += rr(cx + r * 1.3, y - r * 1.55, r * 0.18, r * 0.7, r * 0.08, dk(knobCol, 0.2));
  s += rr(cx - r * 0.22, y - r * 2.4, r * 0.44, r * 0.35, r * 0.05, tubeFill(c, dk(metal, 0.15)));
  s += rr(cx - r * 1.05, y - r * 2.62, r * 2.1, r * 0.3, r * 0.08, tubeFill(c, "#2b2c30"));
  s += rr(cx - r * 1.1, y - r * 2.55, r * 0.38, r * 0.3, r * 0.08, knobCol);
  return s;
}

function tripodArt(c: Ctx, v: number): Art {
  let s = "";
  if (v === 0 || v === 1) {
    const tall = v === 0;
    const H = tall ? 400 : 300;
    const col = tall ? "#2b2d32" : "#3a3d44";
    const acc = tall ? "#d8342f" : "#2d7ff0";
    const sp: LegSpec = tall
      ? { widths: [27, 21, 16], col, lock: "#1c1d20", kind: "flip", foot: "#141416" }
      : { widths: [22, 18, 15, 12], col, lock: acc, kind: "twist", foot: "#141416" };
    const topY = -H;
    s += leg(c, [6, topY + 4], [36, -62], { ...sp, col: dk(col, 0.2), lock: dk(sp.lock, 0.15) });
    s += line([0, topY + 10], [0, topY + 70], "#191a1d", 12, { "stroke-linecap": "round" });
    s += line([0, topY + 70], [10, topY + 90], "#191a1d", 5, { "stroke-linecap": "round" });
    s += leg(c, [-26, topY + 6], [-190, 4], sp);
    s += leg(c, [26, topY + 6], [185, -6], sp);
    // spider casting and column
    const colH = tall ? 80 : 46;
    s += rect(-13, topY - colH, 26, colH + 10, tubeFill(c, "#9aa0a8"));
    s += rr(-48, topY - 12, 96, 36, [10, 10, 18, 18], tubeFill(c, dk(col, 0.2)));
    s += rr(-20, topY - 22, 40, 14, 4, acc);
    s += rr(-56, topY - 2, 16, 22, 6, dk(col, 0.3)) + rr(40, topY - 2, 16, 22, 6, dk(col, 0.3));
    if (tall) {
      // three-way pan head
      const y = topY - colH;
      s += rr(-40, y - 18, 80, 20, 8, tubeFill(c, "#26272b"));
      s += rr(-30, y - 62, 60, 46, 10, tubeFill(c, "#2e3035"));
      s += circ(30, y - 40, 15, "#1d1e21", stroke("#55585e", 2));
      s += line([38, y - 30], [170, y + 44], "#3b3d42", 12, { "stroke-linecap": "round" });
      s += line([120, y + 16], [176, y + 48], "#141416", 20, { "stroke-linecap": "round" });
      s += line([-28, y - 48], [-108, y - 10], "#3b3d42", 8, { "stroke-linecap": "round" });
      s += line([-84, y - 22], [-112, y - 8], "#141416", 14, { "stroke-linecap": "round" });
      s += rr(-62, y - 82, 124, 22, 5, tubeFill(c, "#b7bcc3"));
      s += rr(-58, y - 92, 116, 12, 4, "#1f2023");
      s += rr(44, y - 80, 28, 16, 5, acc);
    } else {
      s += ballHead(c, 0, topY - colH, 44, "#c3c8cf", acc);
    }
    const topAll = tall ? topY - colH - 95 : topY - colH - 120;
    return { svg: s, box: [-200, topAll, 200, 14], shadow: [0, -20, 200, 34], scale: 0.74 };
  }
  if (v === 2) {
    // tabletop mini tripod with stubby legs and a big ball head
    const col = "#34363c";
    const sp: LegSpec = { widths: [30], col, lock: col, kind: "flip", foot: "#e0683a" };
    s += leg(c, [6, -150], [40, -40], { ...sp, col: dk(col, 0.25) });
    s += leg(c, [-18, -146], [-170, 6], sp);
    s += leg(c, [18, -146], [165, -2], sp);
    s += rr(-46, -172, 92, 44, 16, tubeFill(c, "#2a2c31"));
    s += rr(-30, -150, 60, 10, 5, "#e0683a");
    s += ballHead(c, 0, -172, 56, "#b9bec6", "#e0683a");
    return { svg: s, box: [-185, -330, 185, 14], shadow: [0, -18, 180, 30] };
  }
  // video tripod: twin legs, mid-level spreader, fluid head with long pan bar
  const col = "#3c3f46";
  const acc = "#f08a24";
  const sp: LegSpec = { widths: [30, 16], col, lock: "#23252a", kind: "flip", foot: "#1a1b1e", twin: true };
  const topY = -360;
  const legs: [Pt, Pt][] = [
    [
      [0, topY + 6],
      [30, -60],
    ],
    [
      [-24, topY + 8],
      [-200, 2],
    ],
    [
      [24, topY + 8],
      [196, -6],
    ],
  ];
  const on = (i: number, t: number): Pt => {
    const [a, b] = at(legs, i);
    return add(a, mul(sub(b, a), t));
  };
  const hub: Pt = [0, -182];
  s += leg(c, legs[0]![0], legs[0]![1], { ...sp, col: dk(col, 0.25) });
  for (let i = 0; i < 3; i++) {
    const e = on(i, 0.62);
    s += line(hub, e, "#23252a", 9, { "stroke-linecap": "round" }) + line(hub, e, "#5a5e66", 2, { opacity: 0.6 });
  }
  s += leg(c, legs[1]![0], legs[1]![1], sp);
  s += leg(c, legs[2]![0], legs[2]![1], sp);
  s += circ(hub[0], hub[1], 15, acc) + circ(hub[0], hub[1], 6, "#23252a");
  // bowl + fluid head
  s += path(`M-70 ${topY - 6}Q0 ${topY + 40} 70 ${topY - 6}Z`, tubeFill(c, "#2a2c31"));
  s += rr(-74, topY - 16, 148, 16, 6, tubeFill(c, "#33353b"));
  s += rr(-46, topY - 70, 92, 56, 12, tubeFill(c, "#4a4d55"));
  s += circ(-46, topY - 44, 14, acc) + circ(46, topY - 44, 14, acc);
  s += circ(-46, topY - 44, 5, "#2a2c31") + circ(46, topY - 44, 5, "#2a2c31");
  s += rr(-84, topY - 90, 168, 22, 6, tubeFill(c, "#c1c6cd"));
  s += line([-40, topY - 50], [-190, topY + 30], "#2a2c31", 14, { "stroke-linecap": "round" });
  s += line([-150, topY + 8], [-200, topY + 36], "#111214", 22, { "stroke-linecap": "round" });
  return { svg: s, box: [-215, topY - 100, 215, 14], shadow: [0, -20, 205, 34] };
}

// ---------------------------------------------------------------- batteries

/** Battery-level icon + "text" bars drawn with shapes only. */
function batteryLabel(c: Ctx, x: number, y: number, w: number, h: number, col: string, ink: string): string {
  let s = rr(
    x,
    y,
    w,
    h,
    Math.min(10, h / 4),
    c.lin(
      [
        [0, lt(col, 0.18)],
        [1, dk(col, 0.1)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const iw = Math.min(w * 0.26, h * 0.9);
  const ih = iw * 0.5;
  const ix = x + w * 0.08;
  const iy = y + h / 2 - ih / 2;
  s += rr(ix, iy, iw, ih, ih * 0.18, "none", stroke(ink, Math.max(2, ih * 0.1)));
  s += rr(ix + iw, iy + ih * 0.3, iw * 0.08, ih * 0.4, 1.5, ink);
  for (let i = 0; i < 3; i++) s += rr(ix + iw * (0.1 + i * 0.28), iy + ih * 0.2, iw * 0.22, ih * 0.6, 2, ink);
  const tx = ix + iw * 1.25;
  s += rr(tx, y + h * 0.3, w * 0.42, h * 0.13, h * 0.06, ink, { opacity: 0.9 });
  s += rr(tx, y + h * 0.55, w * 0.28, h * 0.1, h * 0.05, ink, { opacity: 0.6 });
  return s;
}

function liion(
  c: Ctx,
  o: Ob,
  x: number,
  y: number,
  w: number,
  h: number,
  d: number,
  z: number,
  body: string,
  label: string,
  ink: string,
): string {
  let s = extrude(
    c,
    o,
    rrPoly(x, y, w, h, 14),
    z,
    d,
    body,
    c.lin([
      [0, lt(body, 0.12)],
      [1, dk(body, 0.1)],
    ]),
  );
  // contacts on the top face
  const cx0 = x + w * 0.56;
  s += poly(topQuad(o, cx0 - 8, x + w - 18, y, z + d * 0.2, z + d * 0.8), dk(body, 0.45));
  for (let i = 0; i < 4; i++) {
    const xx = cx0 + i * ((w * 0.44 - 26) / 4);
    s += poly(topQuad(o, xx, xx + 8, y, z + d * 0.28, z + d * 0.72), "#e3b341");
  }
  s += atZ(o, z, batteryLabel(c, x + 16, y + h * 0.34, w - 32, h * 0.42, label, ink));
  // plus / minus glyphs and grip ridges
  s += atZ(
    o,
    z,
    rr(x + 22, y + 18, 14, 4, 2, lt(body, 0.35)) +
      rr(x + 27, y + 13, 4, 14, 2, lt(body, 0.35)) +
      rr(x + w - 40, y + 18, 14, 4, 2, lt(body, 0.35)),
  );
  for (let i = 0; i < 5; i++) s += atZ(o, z, rr(x + w / 2 - 40 + i * 18, y + h - 22, 10, 8, 3, dk(body, 0.25)));
  return s;
}

function aaCell(c: Ctx, cx: number, by: number, r: number, h: number, body: string, band: string): string {
  const k = 0.3;
  let s = knob(c, cx, by, r, r * k, h, body, false);
  s += path(
    `M${f(cx - r)} ${f(by - h * 0.62)}A${f(r)} ${f(r * k)} 0 0 0 ${f(cx + r)} ${f(by - h * 0.62)}L${f(cx + r)} ${f(by - h * 0.42)}A${f(r)} ${f(r * k)} 0 0 1 ${f(cx - r)} ${f(by - h * 0.42)}Z`,
    band,
  );
  s +=
    rr(cx - r * 0.3, by - h * 0.86, r * 0.6, r * 0.16, 2, lt(body, 0.6)) +
    rr(cx - r * 0.08, by - h * 0.86 - r * 0.22, r * 0.16, r * 0.6, 2, lt(body, 0.6));
  s += knob(c, cx, by - h, r * 0.42, r * 0.42 * k, r * 0.22, "#c9cdd3", false);
  return s;
}

function batteryArt(c: Ctx, v: number): Art {
  if (v === 0) {
    const o: Ob = { bx: 0.45, by: -0.32 };
    const s = liion(c, o, -150, -210, 300, 210, 70, 0, "#2b2d32", "#2f7de1", "#ffffff");
    return { svg: s, box: [-150, -236, 185, 4], shadow: [16, -12, 175, 28] };
  }
  if (v === 1) {
    // charger dock with a battery seated in it
    const o: Ob = { bx: 0.42, by: -0.3 };
    let s = path("M180 -40C260 -40 250 10 330 14", "none", stroke("#2b2d32", 9, { "stroke-linecap": "round" }));
    s += extrude(
      c,
      o,
      rrPoly(-180, -62, 360, 62, 20),
      0,
      190,
      "#3b3e44",
      c.lin([
        [0, "#4a4d54"],
        [1, "#2f3136"],
      ]),
    );
    s += liion(c, o, -120, -250, 240, 190, 56, 66, "#23252a", "#f0b429", "#23252a");
    s += extrude(c, o, rrPoly(-140, -92, 280, 30, [8, 8, 0, 0]), 50, 12, "#43464d");
    s += rr(-150, -44, 300, 6, 3, "#2a2c31", { opacity: 0.5 });
    s +=
      circ(130, -30, 12, "#7dff9a", { opacity: 0.45, filter: c.blur(5) }) +
      circ(130, -30, 6, "#b9ffc9", stroke("#2bd15d", 2));
    s += circ(100, -30, 6, "#2f3136", stroke("#1d1e21", 2));
    return { svg: s, box: [-185, -300, 330, 16], shadow: [40, -25, 230, 40] };
  }
  if (v === 2) {
    // four rechargeable AA cells
    let s = "";
    const cols: [string, string][] = [
      ["#f4f5f2", "#2fb36f"],
      ["#f4f5f2", "#2fb36f"],
      ["#f4f5f2", "#2fb36f"],
      ["#f4f5f2", "#2fb36f"],
    ];
    const spots: Pt[] = [
      [-70, -50],
      [40, -56],
      [-128, 0],
      [-16, 4],
    ];
    spots.forEach(([x, y], i) => {
      const [b, band] = at(cols, i);
      s += aaCell(c, x + 40, y, 46, 250, b, band);
    });
    s += aaCell(c, 150, 8, 46, 250, "#1f8f5a", "#f4f5f2");
    return { svg: s, box: [-140, -340, 200, 24], shadow: [30, -10, 190, 34] };
  }
  // two slim mirrorless batteries, one standing, one in front
  const o: Ob = { bx: 0.4, by: -0.3 };
  let s = liion(c, o, -60, -250, 200, 200, 48, 60, "#4a4e56", "#f2c230", "#2a2c31");
  s += liion(c, o, -170, -170, 220, 170, 48, -10, "#4a4e56", "#f2c230", "#2a2c31");
  return { svg: s, box: [-175, -290, 190, 8], shadow: [10, -20, 200, 36] };
}

// ---------------------------------------------------------------- memory cards

function sdShape(w: number, h: number, mirror = false): Pt[] {
  const n = w * 0.17;
  const p: Pt[] = [
    [0, 0],
    [w - n, 0],
    [w, n],
    [w, h],
    [0, h],
  ];
  const q = mirror ? p.map(([x, y]) => [w - x, y] as Pt).reverse() : p;
  return roundPoly(q, 9, 4);
}

interface CardLook {
  body: string;
  label: string;
  label2: string;
  ink: string;
}

/** SD card (front) in a local frame: top-left at 0,0, size w x h, thickness d. */
function sdCard(c: Ctx, o: Ob, w: number, h: number, d: number, look: CardLook): string {
  let s = extrude(
    c,
    o,
    sdShape(w, h),
    0,
    d,
    look.body,
    c.lin([
      [0, lt(look.body, 0.12)],
      [1, dk(look.body, 0.1)],
    ]),
  );
  // grip ridges near the contacts end
  for (let i = 0; i < 4; i++)
    s += rr(w * 0.12, 12 + i * 9, w * 0.45, 3.5, 1.75, dk(look.body, 0.35), { opacity: 0.65 });
  // label
  const lx = w * 0.08;
  const ly = h * 0.26;
  const lw = w * 0.84;
  const lh = h * 0.66;
  s += grp(
    rect(
      lx,
      ly,
      lw,
      lh,
      c.lin([
        [0, look.label],
        [1, dk(look.label, 0.18)],
      ]),
    ) +
      path(
        `M${f(lx)} ${f(ly + lh * 0.62)}L${f(lx + lw)} ${f(ly + lh * 0.3)}L${f(lx + lw)} ${f(ly + lh)}L${f(lx)} ${f(ly + lh)}Z`,
        look.label2,
      ) +
      // speed-class style "U" and a capacity pill
      path(
        `M${f(lx + lw * 0.12)} ${f(ly + lh * 0.12)}l0 ${f(lh * 0.18)}a${f(lw * 0.1)} ${f(lw * 0.1)} 0 0 0 ${f(lw * 0.2)} 0l0 ${f(-lh * 0.18)}`,
        "none",
        stroke(look.ink, Math.max(3, w * 0.035), { "stroke-linecap": "round" }),
      ) +
      rr(lx + lw * 0.46, ly + lh * 0.13, lw * 0.42, lh * 0.16, lh * 0.08, look.ink) +
      rr(lx + lw * 0.52, ly + lh * 0.18, lw * 0.3, lh * 0.06, lh * 0.03, look.label) +
      rr(lx + lw * 0.12, ly + lh * 0.78, lw * 0.5, lh * 0.07, lh * 0.035, look.ink, { opacity: 0.9 }),
    undefined,
    { "clip-path": c.clip(rrPath(lx, ly, lw, lh, 8)) },
  );
  // write-protect switch
  s += rr(-5, h * 0.42, 9, h * 0.13, 2, "#f2f3f5", stroke("#9aa0a7", 1));
  return s;
}

function sdBack(c: Ctx, o: Ob, w: number, h: number, d: number, body: string): string {
  let s = extrude(
    c,
    o,
    sdShape(w, h, true),
    0,
    d,
    body,
    c.lin([
      [0, lt(body, 0.1)],
      [1, dk(body, 0.12)],
    ]),
  );
  const pw = (w * 0.78) / 9;
  for (let i = 0; i < 9; i++) {
    const x = w * 0.06 + i * pw + (i === 0 ? pw * 0.1 : 0);
    const hh = i === 0 ? h * 0.13 : h * 0.16;
    s += rr(
      x + 3,
      10,
      pw - 6,
      hh,
      3,
      c.lin([
        [0, "#f6d77a"],
        [1, "#c9972b"],
      ]),
    );
  }
  s += rr(w * 0.2, h * 0.55, w * 0.6, 5, 2.5, lt(body, 0.2), { opacity: 0.5 });
  return s;
}

function memoryArt(c: Ctx, v: number): Art {
  const o: Ob = { bx: 0.5, by: -0.35 };
  if (v === 0) {
    let s = grp(sdBack(c, o, 200, 266, 10, "#30333a"), "translate(20 -300) rotate(9)");
    s += grp(
      sdCard(c, o, 200, 266, 10, { body: "#1f2126", label: "#e2363c", label2: "#b0202a", ink: "#ffffff" }),
      "translate(-200 -280) rotate(-8)",
    );
    return { svg: s, box: [-205, -312, 215, 0], shadow: [0, -6, 190, 20] };
  }
  if (v === 1) {
    // microSD + SD adapter
    let s = grp(
      sdCard(c, o, 200, 266, 10, { body: "#f3f4f6", label: "#22262e", label2: "#3b82f6", ink: "#ffffff" }),
      "translate(-190 -290) rotate(-6)",
    );
    const m: Pt[] = roundPoly(
      [
        [0, 0],
        [106, 0],
        [106, 44],
        [97, 54],
        [97, 76],
        [103, 82],
        [103, 148],
        [0, 148],
      ],
      7,
      3,
    );
    const micro =
      extrude(
        c,
        o,
        m,
        0,
        8,
        "#1e2530",
        c.lin([
          [0, "#2b3444"],
          [1, "#161b24"],
        ]),
      ) +
      rect(
        8,
        40,
        88,
        100,
        c.lin([
          [0, "#3b82f6"],
          [1, "#1d4ed8"],
        ]),
      ) +
      rect(8, 96, 88, 44, "#f3f4f6") +
      path("M22 52l0 18a12 12 0 0 0 24 0l0 -18", "none", stroke("#ffffff", 5, { "stroke-linecap": "round" })) +
      rr(56, 100, 30, 10, 5, "#1d4ed8") +
      rr(20, 120, 50, 8, 4, "#1e2530", { opacity: 0.8 });
    s += grp(micro, "translate(60 -220) rotate(10)");
    return { svg: s, box: [-205, -305, 190, 0], shadow: [-10, -6, 200, 20] };
  }
  if (v === 2) {
    // CFexpress type B: chunky, metal front, contacts end on top
    const w = 300;
    const h = 228;
    const body = "#2b2e34";
    let s = extrude(c, o, rrPoly(0, 0, w, h, 14), 0, 26, body);
    s += rr(
      0,
      0,
      w,
      h,
      14,
      c.lin(
        [
          [0, "#d9dde2"],
          [0.45, "#aeb4bc"],
          [1, "#8b929b"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    for (let i = 0; i < 16; i++) s += line([10, 60 + i * 10], [w - 10, 60 + i * 10], "#ffffff", 1, { opacity: 0.12 });
    s += rr(0, 0, w, 46, [14, 14, 0, 0], "#26292e");
    for (let i = 0; i < 4; i++) s += rr(26 + i * 14, 14, 6, 18, 2, "#3f434b");
    s += rr(22, 70, 190, 120, 10, "#1f2227");
    s += rr(22, 70, 10, 120, [10, 0, 0, 10], "#f08a24");
    s += rr(50, 92, 120, 16, 8, "#ffffff", { opacity: 0.92 });
    s += rr(50, 120, 80, 10, 5, "#ffffff", { opacity: 0.5 });
    s += path("M50 172l20 -26l20 26z", "#f08a24");
    s += rr(236, 160, 42, 42, 21, "none", stroke("#3a3e45", 4));
    let back = extrude(c, o, rrPoly(0, 0, w, h, 14), 0, 26, "#3a3e45");
    back += rr(0, 0, w, 46, [14, 14, 0, 0], "#22252a");
    const out = grp(back, "translate(-40 -330) rotate(10)") + grp(s, "translate(-180 -250) rotate(-7)");
    return { svg: out, box: [-200, -345, 250, 0], shadow: [0, -8, 220, 22] };
  }
  // CompactFlash: black with gold graphics, pin-hole edge on top
  const w = 290;
  const h = 250;
  const oc: Ob = { bx: 0.35, by: -0.55 };
  let s = extrude(
    c,
    oc,
    rrPoly(0, 0, w, h, 8),
    0,
    30,
    "#1c1d21",
    c.lin([
      [0, "#2c2e34"],
      [1, "#141518"],
    ]),
  );
  for (let r = 0; r < 2; r++)
    for (let i = 0; i < 25; i++) {
      const p = PR(oc, [14 + i * 10.6, 0], 9 + r * 12);
      s += circ(p[0], p[1], 1.8, "#050506");
    }
  s += rr(
    18,
    40,
    w - 36,
    h - 62,
    8,
    c.lin([
      [0, "#f2c14e"],
      [1, "#c98d1b"],
    ]),
  );
  s += path(`M18 ${h - 70}L${w - 18} ${h - 150}L${w - 18} ${h - 30}L18 ${h - 30}Z`, "#1c1d21", { opacity: 0.9 });
  s += circ(w - 78, 96, 36, "#1c1d21") + circ(w - 78, 96, 22, "#f2c14e") + circ(w - 78, 96, 10, "#1c1d21");
  s += rr(40, 70, 120, 16, 8, "#1c1d21") + rr(40, 96, 80, 10, 5, "#1c1d21", { opacity: 0.7 });
  s += rr(40, h - 64, 110, 12, 6, "#f2c14e");
  s += rect(-2, 30, 4, h - 60, "#0c0c0e");
  return { svg: grp(s, "translate(-150 -262) rotate(-5)"), box: [-170, -300, 170, 0], shadow: [10, -10, 170, 22] };
}

// ---------------------------------------------------------------- straps

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
function smooth(p: Pt[], closed = false): string {
  const segs = smoothSegs(p, closed);
  return `M${f(p[0]![0])} ${f(p[0]![1])}${segs.join("")}${closed ? "Z" : ""}`;
}

/** The cubic segments of smooth(): segment i runs from p[i] to p[i+1]. */
function smoothSegs(p: Pt[], closed = false): string[] {
  const n = p.length;
  const out: string[] = [];
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = closed ? at(p, i - 1) : p[Math.max(0, i - 1)]!;
    const p1 = at(p, i);
    const p2 = at(p, i + 1);
    const p3 = closed ? at(p, i + 2) : p[Math.min(n - 1, i + 2)]!;
    const c1 = add(p1, mul(sub(p2, p0), 1 / 6));
    const c2 = sub(p2, mul(sub(p3, p1), 1 / 6));
    out.push(`C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`);
  }
  return out;
}

interface StrapStyle {
  /** stroke layers drawn bottom-up along the centreline: width, colour, dasharray, dashoffset */
  layers: [number, string, string?, number?][];
  end: "tab" | "ring" | "anchor";
  endCol: string;
}

const sPath = (d: string, w: number, col: string, dash?: string, off?: number): string =>
  path(
    d,
    "none",
    stroke(col, w, {
      "stroke-linecap": "butt",
      "stroke-linejoin": "round",
      "stroke-dasharray": dash,
      "stroke-dashoffset": off,
    }),
  );

function strapEnd(c: Ctx, p: Pt, dir: Pt, st: StrapStyle, w: number): string {
  const ang = deg(Math.atan2(dir[1], dir[0]));
  let s = "";
  if (st.end === "tab") {
    s += rr(-8, -w * 0.46, 66, w * 0.92, [4, 18, 18, 4], st.endCol);
    s += rr(0, -w * 0.32, 50, w * 0.64, 12, "none", stroke(lt(st.endCol, 0.4), 1.8, { "stroke-dasharray": "4 3" }));
    s += circ(78, 0, 16, "none", stroke("#c3c8cf", 5.5));
    s += circ(76, -2, 16, "none", stroke("#eef1f4", 1.5, { opacity: 0.7 }));
  } else if (st.end === "ring") {
    s += rr(-4, -w * 0.22, 60, w * 0.44, 6, st.endCol);
    s += rr(44, -w * 0.32, 20, w * 0.64, 5, dk(st.endCol, 0.2));
    s += path("M66 -17L84 -17A17 17 0 0 1 84 17L66 17Z", "none", stroke("#c3c8cf", 5.5));
  } else {
    s += rr(-6, -w * 0.5, 40, w, 8, "#1f2227");
    s += path("M30 -5L56 -3L56 3L30 5Z", dk(st.endCol, 0.1));
    s += path("M50 0C68 -22 86 -20 88 0C86 20 68 22 50 0Z", "none", stroke(st.endCol, 4.5));
    s += circ(
      100,
      0,
      19,
      c.rad([
        [0, "#60646d"],
        [1, "#1f2227"],
      ]),
    );
    s += circ(100, 0, 10, "none", stroke(st.endCol, 3.5));
  }
  return grp(s, `translate(${f(p[0])} ${f(p[1])}) rotate(${g3(ang)})`);
}

function strapArt(c: Ctx, v: number): Art {
  const styles: StrapStyle[] = [
    {
      // woven jacquard
      layers: [
        [62, "#1d1e23"],
        [58, "#c9c9c9", "6 5"],
        [54, "#1d1e23"],
        [48, "#d8342f"],
        [40, "#1d1e23"],
        [30, "#f3ead8", "12 6"],
        [16, "#d8342f", "6 12", -3],
        [4, "#1d1e23"],
      ],
      end: "tab",
      endCol: "#7a4b2c",
    },
    {
      // leather with stitched edges
      layers: [
        [56, "#5a3520"],
        [52, "#8d5a36"],
        [44, "#f1dfc3", "7 5"],
        [41, "#8d5a36"],
        [18, "#7f4f2f"],
      ],
      end: "ring",
      endCol: "#6b4027",
    },
    {
      // seat-belt webbing sling with quick-release anchors
      layers: [
        [58, "#2c323b"],
        [52, "#4a5361"],
        [46, "#3b424e"],
        [40, "#444c59", "2 3"],
        [6, "#e0453a"],
      ],
      end: "anchor",
      endCol: "#e0453a",
    },
    {
      // striped wrist strap
      layers: [
        [44, "#24314a"],
        [32, "#9fb3cf"],
        [24, "#24314a"],
        [8, "#f2b134", "10 6"],
      ],
      end: "tab",
      endCol: "#a8744a",
    },
  ];
  const st = at(styles, v);
  const paths: Pt[][] = [
    [
      [-230, -40],
      [-150, -130],
      [-30, -90],
      [70, -30],
      [180, -70],
      [210, -170],
      [120, -215],
      [20, -180],
    ],
    [
      [-150, -30],
      [-215, -130],
      [-165, -245],
      [0, -290],
      [165, -245],
      [215, -130],
      [150, -30],
    ],
    [
      [-240, -50],
      [-130, -140],
      [0, -160],
      [110, -100],
      [70, -30],
      [-40, -60],
      [60, -190],
      [200, -180],
      [260, -90],
    ],
    [
      [-30, -40],
      [-130, -90],
      [-150, -190],
      [-30, -240],
      [100, -200],
      [85, -115],
      [-10, -70],
      [60, -30],
      [170, -40],
    ],
  ];
  const p = at(paths, v);
  const segs = smoothSegs(p);
  // pieces are drawn in order, so where the strap crosses itself the later piece lies on top
  const splits = [
    [0, 0, 0, 5],
    [0, 0, 0, 6],
  ][v - 2] ?? [0];
  const cut = at(splits, -1);
  const pieces: [number, number][] =
    cut > 0
      ? [
          [0, cut],
          [cut, segs.length],
        ]
      : [[0, segs.length]];
  const w = at(st.layers, 0)[0];
  let s = "";
  for (const [i0, i1] of pieces) {
    const q = at(p, i0);
    const d = `M${f(q[0])} ${f(q[1])}${segs.slice(i0, i1).join("")}`;
    s += grp(sPath(d, w + 4, "#000000"), "translate(6 14)", { opacity: 0.2, filter: c.blur(7) });
    for (const [lw, col, dash, off] of st.layers) s += sPath(d, lw, col, dash, off);
  }
  if (v === 3) {
    const m = at(p, 6);
    s += grp(
      rr(-26, -30, 52, 60, 12, st.endCol) +
        rr(-19, -23, 38, 46, 8, "none", stroke(lt(st.endCol, 0.35), 1.6, { "stroke-dasharray": "4 3" })),
      `translate(${f(m[0])} ${f(m[1])}) rotate(40)`,
    );
  }
  if (v === 2) {
    const m = at(p, 2);
    s += grp(
      rr(-20, -36, 40, 72, 10, "#1f2227") + rr(-12, -26, 24, 10, 4, "#e0453a") + rr(-12, 6, 24, 16, 5, "#3a3f48"),
      `translate(${f(m[0])} ${f(m[1])}) rotate(5)`,
    );
  }
  const first = at(p, 0);
  const last = at(p, -1);
  s += strapEnd(c, first, norm(sub(first, at(p, 1))), st, w);
  s += strapEnd(c, last, norm(sub(last, at(p, -2))), st, w);
  const xs = p.map((q) => q[0]);
  const ys = p.map((q) => q[1]);
  return {
    svg: s,
    box: [Math.min(...xs) - 80, Math.min(...ys) - 60, Math.max(...xs) + 80, Math.max(...ys) + 60],
    shadow: null,
  };
}

// ---------------------------------------------------------------- bags

function buckle(x: number, y: number, w: number, h: number): string {
  return (
    rr(x, y, w, h, 5, "none", stroke("#c9cdd3", 5)) + line([x + w / 2, y + 2], [x + w / 2, y + h - 2], "#aeb3ba", 3)
  );
}

/** Aperture-blade emblem drawn with shapes. */
function aperture(cx: number, cy: number, r: number, col: string, bg: string): string {
  let s = circ(cx, cy, r, col);
  for (let i = 0; i < 6; i++) {
    const a = rad(i * 60);
    const p1: Pt = [cx + r * 0.42 * Math.cos(a), cy + r * 0.42 * Math.sin(a)];
    const p2: Pt = [cx + r * 0.95 * Math.cos(a + 1.2), cy + r * 0.95 * Math.sin(a + 1.2)];
    s += line(p1, p2, bg, r * 0.09);
  }
  return s + circ(cx, cy, r * 0.38, bg);
}

function bagArt(c: Ctx, v: number): Art {
  if (v === 0) {
    // canvas messenger with leather straps
    const o: Ob = { bx: 0.3, by: -0.22 };
    const canvas = "#7f8158";
    const leather = "#7a4a2c";
    let s = path(
      smooth([
        [-200, -230],
        [-150, -420],
        [60, -470],
        [200, -400],
        [240, -250],
      ]),
      "none",
      stroke(dk(canvas, 0.25), 28, { "stroke-linecap": "round" }),
    );
    s += path(
      smooth([
        [-200, -230],
        [-150, -420],
        [60, -470],
        [200, -400],
        [240, -250],
      ]),
      "none",
      stroke(lt(canvas, 0.2), 2, { "stroke-dasharray": "6 5", opacity: 0.7 }),
    );
    s += rr(-96, -490, 150, 40, 16, dk(canvas, 0.3), { transform: "rotate(-6 -20 -470)" });
    s += extrude(
      c,
      o,
      rrPoly(-220, -300, 440, 300, [30, 30, 24, 24]),
      0,
      130,
      canvas,
      c.lin([
        [0, lt(canvas, 0.1)],
        [1, dk(canvas, 0.12)],
      ]),
    );
    s += poly(sideQuad(o, 220, -220, -30, 25, 105), dk(canvas, 0.38));
    s += poly(sideQuad(o, 220, -220, -206, 25, 105), dk(canvas, 0.5));
    // top handle
    const h0 = PR(o, [-60, -300], 65);
    const h1 = PR(o, [60, -300], 65);
    s += path(
      `M${f(h0[0])} ${f(h0[1])}C${f(h0[0])} ${f(h0[1] - 70)} ${f(h1[0])} ${f(h1[1] - 70)} ${f(h1[0])} ${f(h1[1])}`,
      "none",
      stroke(leather, 16, { "stroke-linecap": "round" }),
    );
    // flap
    s += path(
      rrPath(-226, -306, 452, 216, [34, 34, 46, 46]),
      c.lin([
        [0, lt(canvas, 0.05)],
        [1, dk(canvas, 0.2)],
      ]),
    );
    s += path(
      rrPath(-214, -294, 428, 192, [28, 28, 38, 38]),
      "none",
      stroke(lt(canvas, 0.3), 2, { "stroke-dasharray": "7 5", opacity: 0.7 }),
    );
    s += rr(-226, -92, 452, 8, 4, dk(canvas, 0.35), { opacity: 0.4 });
    // straps + buckles
    for (const x of [-120, 120]) {
      s += rr(x - 17, -210, 34, 200, 6, leather);
      s += line([x - 11, -204], [x - 11, -16], lt(leather, 0.35), 1.5, { "stroke-dasharray": "5 4" });
      s += line([x + 11, -204], [x + 11, -16], lt(leather, 0.35), 1.5, { "stroke-dasharray": "5 4" });
      s += buckle(x - 24, -100, 48, 30);
      s += rr(x - 9, -220, 18, 26, 6, dk(leather, 0.2));
    }
    s += rr(-40, -200, 80, 62, 10, leather) + aperture(0, -169, 20, lt(leather, 0.25), leather);
    return { svg: s, box: [-235, -500, 270, 4], shadow: [20, -14, 260, 34] };
  }
  if (v === 1) {
    // photo backpack
    const o: Ob = { bx: 0.28, by: -0.2 };
    const body = "#3a3f48";
    const acc = "#f28c28";
    let s = path(
      smooth([
        [-150, -380],
        [-214, -250],
        [-190, -60],
      ]),
      "none",
      stroke("#2a2e35", 34, { "stroke-linecap": "round" }),
    );
    const hA = PR(o, [-40, -450], 60);
    const hB = PR(o, [40, -450], 60);
    s += path(
      `M${f(hA[0])} ${f(hA[1])}C${f(hA[0])} ${f(hA[1] - 60)} ${f(hB[0])} ${f(hB[1] - 60)} ${f(hB[0])} ${f(hB[1])}`,
      "none",
      stroke("#23262c", 14, { "stroke-linecap": "round" }),
    );
    s += extrude(
      c,
      o,
      rrPoly(-175, -450, 350, 450, [120, 120, 44, 44], 10),
      0,
      140,
      body,
      c.lin([
        [0, lt(body, 0.12)],
        [1, dk(body, 0.1)],
      ]),
    );
    // zipper around the main panel
    s += path(rrPath(-150, -420, 300, 360, [96, 96, 30, 30]), "none", stroke(dk(body, 0.45), 7));
    s += path(
      rrPath(-150, -420, 300, 360, [96, 96, 30, 30]),
      "none",
      stroke(lt(body, 0.15), 3, { "stroke-dasharray": "2 3" }),
    );
    s +=
      rr(-96, -424, 14, 34, 5, acc, { transform: "rotate(-35 -89 -407)" }) +
      rr(80, -424, 14, 34, 5, acc, { transform: "rotate(35 87 -407)" });
    // front pocket
    s += rr(-118, -220, 236, 150, 30, lt(body, 0.08));
    s += rr(-118, -220, 236, 150, 30, "none", stroke(dk(body, 0.3), 3));
    s +=
      line([-96, -200], [96, -200], dk(body, 0.5), 6) +
      line([-96, -200], [96, -200], lt(body, 0.2), 2, { "stroke-dasharray": "2 3" });
    s += rr(70, -206, 30, 12, 5, acc);
    s += rr(-60, -130, 120, 14, 7, acc, { opacity: 0.95 });
    // compression straps
    for (const y of [-330, -120]) {
      s += rr(-190, y, 52, 16, 4, "#23262c") + rr(-150, y - 5, 22, 26, 5, "#15171b");
    }
    s += poly(sideQuad(o, 175, -300, -40, 30, 110), dk(body, 0.45));
    for (let i = 0; i < 7; i++) {
      const a = PR(o, [175, -290 + i * 36], 30);
      const b = PR(o, [175, -290 + i * 36], 110);
      s += line(a, b, dk(body, 0.6), 1.5, { opacity: 0.6 });
    }
    s += line(PR(o, [175, -300], 30), PR(o, [175, -300], 110), acc, 4);
    // tripod straps at the bottom
    s += rr(-100, -50, 24, 46, 5, "#23262c") + rr(76, -50, 24, 46, 5, "#23262c");
    return { svg: s, box: [-225, -530, 215, 4], shadow: [15, -14, 220, 34] };
  }
  if (v === 2) {
    // rugged hard case
    const o: Ob = { bx: 0.32, by: -0.28 };
    const body = "#f2b42c";
    let s = extrude(
      c,
      o,
      rrPoly(-240, -280, 480, 280, 30),
      0,
      170,
      body,
      c.lin([
        [0, lt(body, 0.1)],
        [1, dk(body, 0.1)],
      ]),
      { k: 1.2 },
    );
    // handle on top
    const a = PR(o, [-80, -280], 85);
    const b = PR(o, [80, -280], 85);
    s += rr(a[0] - 16, a[1] - 10, 32, 16, 5, dk(body, 0.35)) + rr(b[0] - 16, b[1] - 10, 32, 16, 5, dk(body, 0.35));
    s += path(
      `M${f(a[0])} ${f(a[1] - 4)}C${f(a[0] + 10)} ${f(a[1] - 62)} ${f(b[0] - 10)} ${f(b[1] - 62)} ${f(b[0])} ${f(b[1] - 4)}`,
      "none",
      stroke("#23252a", 18, { "stroke-linecap": "round" }),
    );
    // lid seam + ribs
    s += rr(-240, -206, 480, 12, 0, dk(body, 0.3));
    s += rr(-240, -200, 480, 3, 0, dk(body, 0.5));
    s += rr(-200, -250, 400, 8, 4, dk(body, 0.1)) + rr(-200, -250, 400, 3, 1.5, lt(body, 0.3));
    for (const x of [-60, 0, 60])
      s += rr(x - 4, -186, 8, 170, 4, dk(body, 0.08)) + rr(x - 4, -186, 3, 170, 1.5, lt(body, 0.25));
    // latches
    for (const x of [-150, 150]) {
      s +=
        rr(x - 34, -232, 68, 76, 10, "#23252a") +
        rr(x - 26, -222, 52, 56, 8, "#34373d") +
        rr(x - 18, -200, 36, 8, 4, "#1a1b1e");
    }
    s += circ(196, -248, 13, "#23252a") + circ(196, -248, 6, "#3a3d44");
    s += rr(-200, -112, 96, 30, 8, "#23252a") + rr(-192, -104, 80, 14, 7, "#ffffff", { opacity: 0.85 });
    for (const x of [-112, 112]) s += rr(x - 7, -206, 14, 12, 3, "#23252a") + circ(x, -200, 3.5, "#f2b42c");
    for (const x of [-204, 204]) s += rr(x - 10, -30, 20, 30, 6, dk(body, 0.25));
    return { svg: s, box: [-245, -360, 300, 4], shadow: [30, -22, 280, 40] };
  }
  // compact shoulder bag with tan leather trim
  const o: Ob = { bx: 0.3, by: -0.22 };
  const navy = "#2f3f5e";
  const tan = "#c08b5c";
  const shape = roundPoly(
    [
      [-150, -290],
      [150, -290],
      [180, 0],
      [-180, 0],
    ],
    46,
    6,
  );
  const strapPts: Pt[] = [
    [-150, -250],
    [-120, -420],
    [40, -470],
    [170, -400],
    [180, -250],
  ];
  let s = path(smooth(strapPts), "none", stroke(dk(navy, 0.2), 24, { "stroke-linecap": "round" }));
  s += path(smooth(strapPts), "none", stroke(tan, 6, { "stroke-linecap": "round", "stroke-dasharray": "30 16" }));
  s += extrude(
    c,
    o,
    shape,
    0,
    120,
    navy,
    c.lin([
      [0, lt(navy, 0.15)],
      [1, dk(navy, 0.12)],
    ]),
  );
  // zipped lid arc
  s += path("M-150 -196C-100 -246 100 -246 150 -196", "none", stroke(dk(navy, 0.45), 7));
  s += path("M-150 -196C-100 -246 100 -246 150 -196", "none", stroke("#c9cdd3", 2.2, { "stroke-dasharray": "2 3" }));
  s += rr(120, -210, 14, 40, 6, tan, { transform: "rotate(20 127 -190)" });
  // front pocket with leather trim
  s += path(
    dPoly(
      roundPoly(
        [
          [-120, -170],
          [120, -170],
          [136, -40],
          [-136, -40],
        ],
        26,
        5,
      ),
    ),
    lt(navy, 0.07),
  );
  s +=
    rr(-124, -176, 248, 22, 10, tan) +
    line([-112, -165], [112, -165], lt(tan, 0.35), 1.5, { "stroke-dasharray": "5 4" });
  s += rr(-36, -154, 72, 46, [0, 0, 14, 14], tan) + circ(0, -124, 6, "#d8dce1");
  s += rr(-150, -12, 300, 10, 5, tan);
  for (const x of [-170, 168]) s += rr(x - 9, -270, 18, 34, 6, tan);
  return { svg: s, box: [-190, -490, 225, 4], shadow: [18, -14, 210, 30] };
}

// ---------------------------------------------------------------- category tiles

const TILE: Record<GearKind, { bg: [string, string]; v: number }> = {
  camera: { bg: ["#ffc49e", "#ff9470"], v: 0 },
  "camera-lens": { bg: ["#b5d3ff", "#7aa5f7"], v: 1 },
  tripod: { bg: ["#b8ecc9", "#6fcf97"], v: 0 },
  battery: { bg: ["#ffe7a0", "#ffc94d"], v: 0 },
  "memory-card": { bg: ["#ddcbff", "#a98bf2"], v: 0 },
  "camera-strap": { bg: ["#ffd0dc", "#f78fae"], v: 3 },
  "camera-bag": { bg: ["#aee9e2", "#5cc8bd"], v: 0 },
};

export function categorySvg(kind: GearKind): string {
  const c = new Ctx();
  const t = TILE[kind] ?? TILE.camera;
  const [a, b] = t.bg;
  let s = rect(
    0,
    0,
    600,
    600,
    c.lin(
      [
        [0, a],
        [1, b],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += circ(300, 310, 230, lt(a, 0.35), { opacity: 0.55 });
  s += circ(300, 310, 170, lt(a, 0.5), { opacity: 0.45 });
  s += circ(515, 92, 46, "none", stroke(lt(a, 0.55), 10, { opacity: 0.7 }));
  s += circ(78, 505, 28, lt(a, 0.55), { opacity: 0.7 });
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) s += circ(56 + i * 22, 70 + j * 22, 4.5, lt(a, 0.6), { opacity: 0.8 });
  s += rr(505, 470, 44, 12, 6, lt(a, 0.6), { opacity: 0.75 }) + rr(521, 454, 12, 44, 6, lt(a, 0.6), { opacity: 0.75 });
  const art = artFor(c, kind, t.v);
  s += placed(c, art, 300, 318, 430, 380, dk(b, 0.55), 1.6, false);
  return c.doc(600, 600, s);
}

// ---------------------------------------------------------------- cover helpers

function mountains(p: Pt[], w: number, h: number, fill: string, o?: Attrs): string {
  return path(dPoly([[0, h], ...p, [w, h]]), fill, o);
}

function cloud(x: number, y: number, k: number, col: string, op = 1): string {
  return grp(
    rr(-90, -10, 180, 40, 20, col) + circ(-35, -12, 34, col) + circ(22, -22, 44, col) + circ(62, 0, 26, col),
    `translate(${f(x)} ${f(y)}) scale(${g3(k)})`,
    { opacity: op },
  );
}

function pine(x: number, y: number, h: number, col: string): string {
  const w = h * 0.42;
  return (
    rect(x - h * 0.03, y - h * 0.12, h * 0.06, h * 0.14, dk(col, 0.3)) +
    poly(
      [
        [x, y - h],
        [x + w * 0.55, y - h * 0.5],
        [x - w * 0.55, y - h * 0.5],
      ],
      col,
    ) +
    poly(
      [
        [x, y - h * 0.75],
        [x + w, y - h * 0.1],
        [x - w, y - h * 0.1],
      ],
      col,
    )
  );
}

function plant(c: Ctx, x: number, y: number, k: number, pot: string, leaf: string): string {
  let s = "";
  const leaves: [number, number, number][] = [
    [-70, -170, -38],
    [-30, -215, -12],
    [20, -230, 8],
    [62, -185, 30],
    [88, -120, 55],
    [-92, -110, -60],
    [0, -160, 0],
  ];
  for (const [lx, ly, a] of leaves) {
    s += line([0, -40], [lx * 0.6, ly * 0.55], dk(leaf, 0.25), 4);
    s += ell(lx, ly, 20, 58, leaf, { transform: `rotate(${a} ${lx} ${ly})` });
    s += line([lx, ly + 45], [lx, ly - 45], lt(leaf, 0.3), 2, { transform: `rotate(${a} ${lx} ${ly})`, opacity: 0.6 });
  }
  s += path(
    "M-60 -60L60 -60L46 0L-46 0Z",
    c.lin(
      [
        [0, lt(pot, 0.1)],
        [1, dk(pot, 0.15)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  s += rr(-66, -72, 132, 18, 5, lt(pot, 0.1));
  return grp(s, `translate(${f(x)} ${f(y)}) scale(${g3(k)})`);
}

function framedPicture(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  sky: string,
  hill: string,
  sun: string,
): string {
  let s = rect(x + 6, y + 10, w, h, "#000000", { opacity: 0.12, filter: c.blur(6) });
  s += rect(x, y, w, h, "#fffaf2") + rect(x + 14, y + 14, w - 28, h - 28, sky);
  s += circ(x + w * 0.68, y + h * 0.42, h * 0.12, sun);
  s += path(
    `M${f(x + 14)} ${f(y + h - 14)}L${f(x + w * 0.35)} ${f(y + h * 0.5)}L${f(x + w * 0.55)} ${f(y + h * 0.7)}L${f(x + w * 0.72)} ${f(y + h * 0.56)}L${f(x + w - 14)} ${f(y + h - 14)}Z`,
    hill,
  );
  return s;
}

function lensCap(c: Ctx, x: number, y: number, r: number, k = 0.32): string {
  return (
    ell(x, y + 6, r, r * k, "#111214") +
    ell(
      x,
      y,
      r,
      r * k,
      c.lin([
        [0, "#3a3c41"],
        [1, "#1a1b1e"],
      ]),
    ) +
    ell(x, y, r * 0.8, r * 0.8 * k, "none", stroke("#55585e", 2)) +
    rr(x - r * 0.5, y - r * k * 0.18, r, r * k * 0.36, 3, "#4a4d53")
  );
}

/** Simple lens seen from the side, lying along x (for flat-lays); origin at the mount. */
function lensSide(c: Ctx, segs: { l: number; r: number; col: string; ridge?: boolean }[]): string {
  let s = "";
  let x = 0;
  for (const sg of segs) {
    const gr = c.lin(tubeStops(sg.col), 0, 0, 0, 1);
    s += rect(x, -sg.r, sg.l + 1, sg.r * 2, gr);
    if (sg.ridge)
      for (let k = x + 4; k < x + sg.l - 2; k += 6)
        s += line([k, -sg.r + 2], [k, sg.r - 2], dk(sg.col, 0.5), 1.6, { opacity: 0.7 });
    x += sg.l;
  }
  return s;
}

/** A camera seen from directly above (flat-lay), lens pointing down the image. */
function cameraTop(c: Ctx, body: string, plate: string): string {
  let s = rr(
    -190,
    -60,
    380,
    120,
    26,
    c.lin([
      [0, lt(plate, 0.2)],
      [1, dk(plate, 0.15)],
    ]),
  );
  s += rr(-196, -40, 84, 108, 30, dk(body, 0.1));
  s += rr(-180, 22, 360, 38, [0, 0, 26, 26], body);
  s +=
    circ(
      120,
      -8,
      32,
      c.rad([
        [0, lt(plate, 0.3)],
        [1, dk(plate, 0.2)],
      ]),
    ) + circ(120, -8, 32, "none", stroke(dk(plate, 0.35), 4, { "stroke-dasharray": "3 3" }));
  s += circ(120, -8, 12, dk(plate, 0.25));
  s += circ(58, -20, 14, lt(plate, 0.1), stroke(dk(plate, 0.3), 2));
  s += circ(-150, 0, 18, "#c9cdd3", stroke(dk(body, 0.3), 3));
  s += rr(-36, -40, 72, 44, 6, dk(plate, 0.25)) + rr(-28, -34, 56, 32, 4, dk(plate, 0.45));
  s += grp(
    lensSide(c, [
      { l: 12, r: 70, col: "#c9cdd3" },
      { l: 40, r: 66, col: "#25262a" },
      { l: 46, r: 69, col: "#18191c", ridge: true },
      { l: 26, r: 72, col: "#25262a" },
    ]),
    "translate(0 60) rotate(90)",
  );
  return s;
}

function tag(x: number, y: number, col: string, ang: number): string {
  return grp(
    line([0, -40], [0, 0], "#8a7a66", 1.5) +
      path("M-18 0L18 0L18 44L0 56L-18 44Z", "#fffdf7", stroke("#e2d8c8", 1.5)) +
      circ(0, 8, 4, "#c9bba6") +
      rr(-11, 22, 22, 6, 3, col) +
      rr(-11, 33, 14, 5, 2.5, col, { opacity: 0.5 }),
    `translate(${f(x)} ${f(y)}) rotate(${g3(ang)})`,
  );
}

function birds(pts2: Pt[], col: string): string {
  return pts2
    .map(([x, y], i) => {
      const k = 1 - i * 0.12;
      return path(
        `M${f(x - 16 * k)} ${f(y - 6 * k)}Q${f(x - 8 * k)} ${f(y - 10 * k)} ${f(x)} ${f(y)}Q${f(x + 8 * k)} ${f(y - 10 * k)} ${f(x + 16 * k)} ${f(y - 6 * k)}`,
        "none",
        stroke(col, 3, { "stroke-linecap": "round" }),
      );
    })
    .join("");
}

// ---------------------------------------------------------------- covers (1600 x 900)

const CW = 1600;
const CH = 900;

/** Render a group as a flat silhouette, with a coloured rim offset towards the light. */
function silhouette(c: Ctx, body: string, col: string, rim: string, dx: number): string {
  const id = c.id("s");
  c.def(
    `<filter id="${id}" x="-10%" y="-10%" width="120%" height="120%"><feFlood flood-color="${col}"/><feComposite in2="SourceAlpha" operator="in"/></filter>`,
  );
  const id2 = c.id("s");
  c.def(
    `<filter id="${id2}" x="-10%" y="-10%" width="120%" height="120%"><feFlood flood-color="${rim}"/><feComposite in2="SourceAlpha" operator="in"/></filter>`,
  );
  return (
    grp(body, `translate(${f(dx)} 0)`, { filter: `url(#${id2})` }) + grp(body, undefined, { filter: `url(#${id})` })
  );
}

function coverTable(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#ffe8cc"],
      [1, "#ffd2a4"],
    ]),
  );
  s += circ(1080, 330, 360, "#ffca92", { opacity: 0.5 }) + circ(1080, 330, 260, "#ffd9ae", { opacity: 0.6 });
  s += framedPicture(c, 1330, 90, 170, 210, "#ffe0e6", "#e88aa3", "#fff3c4");
  s += framedPicture(c, 610, 140, 240, 170, "#c4e6f6", "#6fb58a", "#ffd66b");
  s += rect(
    0,
    640,
    CW,
    260,
    c.lin([
      [0, "#c8875a"],
      [1, "#935a35"],
    ]),
  );
  for (let i = 0; i < 6; i++) {
    const y = 680 + i * 38;
    s += path(`M0 ${y}C400 ${y - 12} 800 ${y + 14} 1600 ${y - 6}`, "none", stroke("#7a4526", 2, { opacity: 0.18 }));
  }
  s += rect(0, 630, CW, 16, "#e0a876");
  s += plant(c, 270, 668, 1.1, "#f7f3ec", "#5aa469");
  s += put(c, lensArt(c, 0), 640, 760, 0.62, "#4a2810");
  s += lensCap(c, 780, 800, 46);
  s += put(c, cameraArt(c, 0), 1040, 735, 1.22, "#4a2810");
  s += put(c, lensArt(c, 1), 1390, 745, 0.72, "#4a2810");
  return s;
}

function coverSunset(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#24194a"],
      [0.38, "#6e2c6e"],
      [0.62, "#d8566c"],
      [0.8, "#ffa86a"],
      [1, "#ffd48e"],
    ]),
  );
  for (let i = 0; i < 26; i++) {
    const x = (i * 379) % CW;
    const y = (i * 131) % 300;
    s += circ(x, y + 20, 1.5 + (i % 3) * 0.7, "#ffffff", { opacity: 0.35 + (i % 4) * 0.12 });
  }
  s += circ(
    860,
    600,
    360,
    c.rad([
      [0, "#ffe7a8", 0.7],
      [1, "#ffb06b", 0],
    ]),
  );
  s += circ(
    860,
    600,
    160,
    c.lin([
      [0, "#fff4c6"],
      [1, "#ffb14e"],
    ]),
  );
  s += mountains(
    [
      [0, 560],
      [160, 470],
      [330, 560],
      [520, 430],
      [700, 580],
      [900, 500],
      [1100, 590],
      [1290, 450],
      [1460, 540],
      [1600, 480],
    ],
    CW,
    CH,
    "#a8447a",
  );
  s += mountains(
    [
      [0, 650],
      [200, 560],
      [420, 660],
      [640, 590],
      [860, 680],
      [1080, 600],
      [1330, 660],
      [1600, 580],
    ],
    CW,
    CH,
    "#72296d",
  );
  s += path("M0 780C300 700 560 760 900 730C1150 708 1300 660 1600 690L1600 900L0 900Z", "#3e1b4d");
  s += path("M0 840C400 800 800 860 1600 800L1600 900L0 900Z", "#2a1238");
  s += birds(
    [
      [420, 250],
      [470, 280],
      [380, 290],
    ],
    "#3a1d45",
  );
  // tripod + camera as a rim-lit silhouette on the ridge
  const cam =
    rr(-70, -690, 150, 96, 16, "#000") +
    path("M-20 -690L0 -726L52 -726L70 -690Z", "#000") +
    rr(-190, -672, 124, 70, 12, "#000") +
    rr(-210, -680, 30, 86, 8, "#000") +
    rr(-20, -600, 60, 20, 4, "#000");
  const trip = tripodArt(c, 0);
  s += grp(silhouette(c, trip.svg + cam, "#1d0c27", "#ffb870", -3.5), "translate(1180 742) scale(0.62)");
  return s;
}

function coverBag(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#dff4ef"],
      [1, "#bfe7de"],
    ]),
  );
  s += path("M700 720L700 300A330 330 0 0 1 1360 300L1360 720Z", "#a9ddd2", { opacity: 0.75 });
  s += circ(1470, 170, 70, "#f7c873", { opacity: 0.9 });
  s += circ(620, 190, 18, "#7cc9bb") + circ(660, 230, 10, "#7cc9bb");
  s += rect(
    0,
    700,
    CW,
    200,
    c.lin([
      [0, "#9fd5c9"],
      [1, "#86c6b8"],
    ]),
  );
  s += rect(0, 694, CW, 10, "#c8ece4");
  s += put(c, batteryArt(c, 3), 690, 790, 0.42, "#2d6b60");
  s += put(c, bagArt(c, 0), 1020, 760, 0.95, "#2d6b60");
  s += put(c, lensArt(c, 3), 1390, 775, 0.75, "#2d6b60");
  s += put(c, memoryArt(c, 0), 1270, 850, 0.32, "#2d6b60");
  return s;
}

function coverFlatLay(c: Ctx): string {
  let s = rect(0, 0, CW, CH, "#f7cdbd");
  s += rr(640, -80, 1100, 760, 40, "#fbe4d9", { transform: "rotate(-8 1190 300)" });
  s += circ(140, 760, 220, "#f4b9a6", { opacity: 0.6 });
  const flat: Ob = { bx: 0, by: 0 };
  const sh = c.drop(8, 14, 10, "#7a3a2a", 0.28);
  const item = (body: string, t: string) => grp(grp(body, t), undefined, { filter: sh });
  s += item(cameraTop(c, "#2a2c31", "#c9cdd3"), "translate(1010 280) rotate(-8) scale(0.95)");
  s += item(
    lensSide(c, [
      { l: 18, r: 58, col: "#1b1c1f" },
      { l: 10, r: 60, col: "#c9cdd3" },
      { l: 60, r: 66, col: "#ece9e1" },
      { l: 50, r: 70, col: "#1d1e21", ridge: true },
      { l: 80, r: 72, col: "#ece9e1" },
      { l: 8, r: 73, col: "#cf2e2e" },
      { l: 60, r: 76, col: "#ece9e1" },
    ]),
    "translate(1130 760) rotate(-22)",
  );
  s += item(
    sdCard(c, flat, 200, 266, 0, { body: "#1f2126", label: "#e2363c", label2: "#b0202a", ink: "#ffffff" }),
    "translate(1370 90) rotate(14) scale(0.55)",
  );
  s += item(
    sdCard(c, flat, 200, 266, 0, { body: "#f3f4f6", label: "#22262e", label2: "#3b82f6", ink: "#ffffff" }),
    "translate(1470 170) rotate(-6) scale(0.55)",
  );
  s += item(
    liion(c, flat, 0, 0, 260, 180, 0, 0, "#2b2d32", "#2f7de1", "#ffffff"),
    "translate(700 560) rotate(-12) scale(0.62)",
  );
  s += item(
    liion(c, flat, 0, 0, 260, 180, 0, 0, "#4a4e56", "#f2c230", "#2a2c31"),
    "translate(780 690) rotate(9) scale(0.55)",
  );
  const aa = lensSide(c, [
    { l: 170, r: 24, col: "#f4f5f2" },
    { l: 40, r: 24, col: "#2fb36f" },
    { l: 10, r: 9, col: "#c9cdd3" },
  ]);
  s += item(aa, "translate(590 250) rotate(16)") + item(aa, "translate(570 320) rotate(16)");
  const cap = (r: number) =>
    circ(0, 0, r, "#1d1e21") +
    circ(0, 0, r * 0.84, "none", stroke("#3a3c42", 3)) +
    rr(-r * 0.55, -r * 0.11, r * 1.1, r * 0.22, r * 0.11, "#44474e");
  s += item(cap(62), "translate(1330 470)") + item(cap(46), "translate(1470 440)");
  s += item(
    circ(
      0,
      0,
      44,
      c.lin([
        [0, "#e8ebee"],
        [1, "#9aa2ab"],
      ]),
    ) +
      circ(0, 0, 30, "#2b2d32") +
      circ(0, 0, 10, "#c9cdd3"),
    "translate(1500 610)",
  );
  return s;
}

function coverLenses(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#0e1830"],
      [1, "#20345e"],
    ]),
  );
  const xs = [600, 810, 1030, 1270, 1480];
  for (const x of xs)
    s += poly(
      [
        [x - 50, 0],
        [x + 50, 0],
        [x + 190, 720],
        [x - 190, 720],
      ],
      c.lin([
        [0, "#ffffff", 0.16],
        [1, "#ffffff", 0],
      ]),
    );
  for (let i = 0; i < 14; i++) {
    const x = 80 + ((i * 517) % 1480);
    const y = 80 + ((i * 233) % 520);
    s += circ(x, y, 6 + (i % 4) * 5, i % 2 ? "#f2c14e" : "#6fa8ff", { opacity: 0.12 + (i % 3) * 0.05 });
  }
  const k = 0.32;
  const lenses: [number, number, string][] = [
    [
      xs[0]!,
      0.9,
      lensUp(
        c,
        0,
        0,
        [
          { h: 10, r: 70, col: "#c9cdd3" },
          { h: 20, r: 74, col: "#222327" },
          { h: 16, r: 76, col: "#17181b", ridge: true },
          { h: 8, r: 76, col: "#222327" },
        ],
        k,
        { ring: "#c7cbd1" },
      ),
    ],
    [xs[1]!, 0.9, lensArt(c, 1).svg],
    [
      xs[2]!,
      0.9,
      lensUp(
        c,
        0,
        0,
        [
          { h: 12, r: 80, col: "#c9cdd3" },
          { h: 40, r: 84, col: "#25262a" },
          { h: 60, r: 88, col: "#18191c", ridge: true },
          { h: 18, r: 86, col: "#25262a" },
          { h: 6, r: 87, col: "#d9a64a" },
          { h: 40, r: 90, col: "#18191c", ridge: true },
          { h: 30, r: 94, col: "#25262a" },
        ],
        k,
        { ring: "#d9a64a" },
      ),
    ],
    [
      xs[3]!,
      0.9,
      lensUp(
        c,
        0,
        0,
        [
          { h: 12, r: 70, col: "#c9cdd3" },
          { h: 60, r: 74, col: "#ece9e1" },
          { h: 40, r: 78, col: "#1d1e21", ridge: true },
          { h: 30, r: 84, col: "#45464b" },
          { h: 80, r: 78, col: "#ece9e1" },
          { h: 40, r: 80, col: "#1d1e21", ridge: true },
          { h: 70, r: 84, col: "#ece9e1" },
          { h: 8, r: 85, col: "#cf2e2e" },
          { h: 50, r: 88, col: "#ece9e1" },
        ],
        k,
        { ring: "#cf2e2e" },
      ),
    ],
    [xs[4]!, 0.95, lensArt(c, 3).svg],
  ];
  const floorY = 730;
  let refl = "";
  let fore = "";
  for (const [x, sc, svg] of lenses) {
    fore += grp(svg, `translate(${x} ${floorY}) scale(${sc})`);
    refl += grp(svg, `translate(${x} ${floorY + 40}) scale(${sc} ${-sc * 0.9})`);
  }
  s += rect(0, floorY, CW, CH - floorY, "#0a1224");
  s += grp(refl, undefined, { opacity: 0.22 });
  s += rect(
    0,
    floorY,
    CW,
    CH - floorY,
    c.lin([
      [0, "#0a1224", 0.2],
      [0.6, "#0a1224", 1],
    ]),
  );
  s += rect(0, floorY - 2, CW, 4, "#3a5890", { opacity: 0.8 });
  for (const x of xs) s += ell(x, floorY + 14, 110, 16, "#000000", { opacity: 0.45, filter: c.blur(8) });
  s += fore;
  return s;
}

function coverShop(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#f8efdf"],
      [1, "#f1e2c8"],
    ]),
  );
  s += rect(0, 820, CW, 80, "#d6ad80") + rect(0, 814, CW, 8, "#e8c79f");
  // pendant lamp
  s +=
    line([330, 0], [330, 140], "#5b4a3a", 3) +
    path("M260 200Q330 110 400 200Z", "#2f6f6a") +
    ell(330, 200, 70, 10, "#fff1c2");
  s += poly(
    [
      [265, 205],
      [395, 205],
      [470, 520],
      [190, 520],
    ],
    c.lin([
      [0, "#fff3c8", 0.55],
      [1, "#fff3c8", 0],
    ]),
  );
  // sale badge: starburst with a % made of shapes
  const star: Pt[] = [];
  for (let i = 0; i < 32; i++) {
    const r = i % 2 ? 118 : 136;
    const a = rad(i * (360 / 32));
    star.push([330 + r * Math.cos(a), 400 + r * Math.sin(a)]);
  }
  s += poly(
    star.map(([x, y]) => [x + 6, y + 10] as Pt),
    "#000000",
    { opacity: 0.1, filter: c.blur(6) },
  );
  s += poly(star, "#ff7a59");
  s += circ(330, 400, 100, "none", stroke("#ffd2c4", 3, { "stroke-dasharray": "8 6" }));
  s += circ(296, 366, 22, "none", stroke("#ffffff", 12)) + circ(364, 434, 22, "none", stroke("#ffffff", 12));
  s += line([372, 340], [288, 460], "#ffffff", 13, { "stroke-linecap": "round" });
  s += plant(c, 200, 825, 1.05, "#e9e4da", "#4f9d69");
  // shelving unit
  const x0 = 620;
  const x1 = 1560;
  const wood = "#b97d4c";
  s += rect(x0, 80, x1 - x0, 740, "#efe0c6");
  s += rect(x0 - 20, 80, 24, 740, wood) + rect(x1 - 4, 80, 24, 740, dk(wood, 0.1));
  const shelves = [320, 560, 800];
  for (const y of shelves)
    s +=
      rect(x0, y, x1 - x0, 22, wood) +
      rect(x0, y, x1 - x0, 5, lt(wood, 0.3)) +
      rect(x0, y + 22, x1 - x0, 8, dk(wood, 0.35), { opacity: 0.35 });
  const shc = "#7a5430";
  const row = (y: number, items: [Art, number, number][]) =>
    items.map(([a, x, k]) => put(c, a, x, y, k, shc, 0.8)).join("");
  s += row(320, [
    [cameraArt(c, 1), 760, 0.42],
    [cameraArt(c, 3), 990, 0.42],
    [lensArt(c, 1), 1200, 0.62],
    [cameraArt(c, 2), 1410, 0.45],
  ]);
  s += row(560, [
    [cameraArt(c, 0), 790, 0.42],
    [lensArt(c, 3), 1020, 0.72],
    [batteryArt(c, 0), 1210, 0.4],
    [bagArt(c, 3), 1420, 0.34],
  ]);
  s += row(800, [
    [bagArt(c, 0), 800, 0.36],
    [tripodArt(c, 2), 1060, 0.42],
    [lensArt(c, 0), 1300, 0.58],
    [memoryArt(c, 1), 1470, 0.34],
  ]);
  const tags: [number, number, string, number][] = [
    [700, 348, "#ff7a59", -6],
    [1120, 348, "#2f6f6a", 5],
    [1320, 348, "#f2b134", -4],
    [870, 588, "#2f6f6a", 4],
    [1130, 588, "#ff7a59", -5],
    [1500, 588, "#f2b134", 6],
    [940, 828, "#f2b134", -5],
    [1200, 828, "#ff7a59", 4],
  ];
  for (const [x, y, col, a] of tags) s += tag(x, y, col, a);
  return s;
}

function coverOutdoor(c: Ctx): string {
  let s = rect(
    0,
    0,
    CW,
    CH,
    c.lin([
      [0, "#8fcaf5"],
      [0.62, "#fff0d4"],
      [1, "#fff0d4"],
    ]),
  );
  s += circ(
    1280,
    230,
    190,
    c.rad([
      [0, "#fff6d6", 0.9],
      [1, "#fff6d6", 0],
    ]),
  );
  s += circ(1280, 230, 66, "#fff7d9");
  s +=
    cloud(380, 160, 1.1, "#ffffff", 0.85) +
    cloud(900, 110, 0.8, "#ffffff", 0.7) +
    cloud(1500, 330, 0.7, "#ffffff", 0.6);
  s += mountains(
    [
      [0, 470],
      [180, 330],
      [330, 420],
      [520, 240],
      [720, 430],
      [900, 300],
      [1100, 450],
      [1300, 280],
      [1480, 400],
      [1600, 340],
    ],
    CW,
    CH,
    "#8fb1d9",
  );
  for (const [x, y] of [
    [520, 240],
    [1300, 280],
    [180, 330],
    [900, 300],
  ] as Pt[])
    s += poly(
      [
        [x, y],
        [x + 46, y + 44],
        [x + 20, y + 36],
        [x, y + 54],
        [x - 22, y + 38],
        [x - 44, y + 44],
      ],
      "#ffffff",
      { opacity: 0.9 },
    );
  s += mountains(
    [
      [0, 560],
      [260, 430],
      [470, 540],
      [700, 450],
      [960, 560],
      [1200, 440],
      [1420, 530],
      [1600, 470],
    ],
    CW,
    CH,
    "#5f8cc0",
  );
  s += rect(
    0,
    590,
    CW,
    90,
    c.lin([
      [0, "#7cc3e8"],
      [1, "#a6dbf2"],
    ]),
  );
  for (let i = 0; i < 9; i++)
    s += rr(140 + ((i * 337) % 1300), 610 + (i % 4) * 16, 60 + (i % 3) * 40, 4, 2, "#ffffff", { opacity: 0.55 });
  for (let i = 0; i < 22; i++)
    s += pine(20 + i * 75 + (i % 3) * 12, 600, 70 + (i % 4) * 16, i % 2 ? "#2f6b5a" : "#3b7d66");
  s += path(
    "M0 690C300 650 600 700 900 680C1200 660 1400 640 1600 660L1600 900L0 900Z",
    c.lin([
      [0, "#8ccf73"],
      [1, "#5ea85a"],
    ]),
  );
  // tent
  s +=
    poly(
      [
        [430, 700],
        [520, 590],
        [610, 700],
      ],
      "#ff8a4c",
    ) +
    poly(
      [
        [520, 590],
        [560, 700],
        [610, 700],
      ],
      "#e26a32",
    ) +
    poly(
      [
        [505, 700],
        [520, 650],
        [535, 700],
      ],
      "#7a2f12",
    );
  for (let i = 0; i < 12; i++) {
    const x = 40 + ((i * 173) % 1560);
    const y = 740 + ((i * 71) % 140);
    s += path(`M${x} ${y}l6 -16l4 16l6 -12l2 12Z`, "#4e9a4b", { opacity: 0.8 });
  }
  // rock with gear
  s += path("M1000 820L1040 700L1150 650L1330 660L1440 720L1480 820Z", "#9a948d");
  s += path("M1040 700L1150 650L1330 660L1300 690L1140 690Z", "#b9b3ac");
  s += path("M1300 690L1330 660L1440 720L1480 820L1380 820Z", "#7d7771");
  s += put(c, bagArt(c, 1), 1210, 700, 0.5, "#4a4540", 0.9);
  s += put(c, cameraArt(c, 0), 900, 790, 0.44, "#2f5a2c");
  return s;
}

export function coverSvg(index: number): string {
  const c = new Ctx();
  const makers = [coverTable, coverSunset, coverBag, coverFlatLay, coverLenses, coverShop, coverOutdoor];
  const i = ((Math.floor(index) % makers.length) + makers.length) % makers.length;
  return c.doc(CW, CH, at(makers, i)(c));
}
