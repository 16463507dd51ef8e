// The lens mounts of the closed list MOUNTS (db/closed-lists.ts) with their facts: what people
// call them, whose they are, and the flange focal distance (mount face to sensor), which decides
// whether a lens of one mount can reach infinity focus on a body of another through a plain tube.
// A mount without its facts here does not compile. Browser-safe.
//
// Sources (looked up 2026-11-26):
// - Flange distances: the table of manufacturers' figures in "Flange focal distance", Wikipedia
//   (en.wikipedia.org/wiki/Flange_focal_distance); Nikon F 46.5, Nikon Z 16, Fujifilm X 17.7,
//   Sony E 18, Micro Four Thirds 19.25 and Canon EF 44 mm also as listed by Nikon's optical
//   engineer Atsushi Suzuki (blog.photoshelter.com, "An optical engineer explains lens flange
//   distance and mount diameter", 2018); Canon RF 20 mm and EF/EF-S 44 mm as in Canon's RF mount
//   description; Pentax K and M42 45.46 mm, Leica M 27.8 mm as in lens-db.com, "Adaptation of
//   manual focus lenses".
// - Native fits: Canon (EF lenses fit EF-S bodies; EF-S lenses fit no EF body; EF-M lenses fit
//   no other Canon body and cannot be adapted to RF), Sony (A-mount and E-mount, support article
//   00095005: APS-C E lenses fit full-frame E bodies, which crop), Nikon (DX lenses fit FX bodies
//   of the same mount, which crop).
import type { Mount } from "#db/closed-lists";

export interface MountFacts {
  /** What people call it. */
  name: string;
  /** Short form for a card. */
  short: string;
  /** Whose mount it is. */
  maker: string;
  /** Flange focal distance in millimetres. */
  flangeMm: number;
  /** Whether lenses of this mount focus by themselves (M42 and Leica M lenses focus by hand). */
  autofocusLenses: boolean;
  /**
   * Lens mounts a body of this mount takes without an adapter, besides its own: an EF-S body
   * takes EF lenses.
   */
  alsoTakes?: readonly Mount[];
}

export const MOUNT_FACTS = {
  "canon-rf": { name: "Canon RF", short: "RF", maker: "Canon", flangeMm: 20, autofocusLenses: true },
  "canon-ef": { name: "Canon EF", short: "EF", maker: "Canon", flangeMm: 44, autofocusLenses: true },
  "canon-ef-s": {
    name: "Canon EF-S",
    short: "EF-S",
    maker: "Canon",
    flangeMm: 44,
    autofocusLenses: true,
    alsoTakes: ["canon-ef"],
  },
  "canon-ef-m": { name: "Canon EF-M", short: "EF-M", maker: "Canon", flangeMm: 18, autofocusLenses: true },
  "nikon-z": { name: "Nikon Z", short: "Z", maker: "Nikon", flangeMm: 16, autofocusLenses: true },
  "nikon-f": { name: "Nikon F", short: "F", maker: "Nikon", flangeMm: 46.5, autofocusLenses: true },
  "sony-e": { name: "Sony E", short: "E", maker: "Sony", flangeMm: 18, autofocusLenses: true },
  "sony-a": { name: "Sony A (Minolta AF)", short: "A", maker: "Sony", flangeMm: 44.5, autofocusLenses: true },
  "fujifilm-x": { name: "Fujifilm X", short: "X", maker: "Fujifilm", flangeMm: 17.7, autofocusLenses: true },
  "fujifilm-g": { name: "Fujifilm G", short: "G", maker: "Fujifilm", flangeMm: 26.7, autofocusLenses: true },
  "l-mount": {
    name: "L-Mount",
    short: "L",
    maker: "Leica, Panasonic and Sigma (L-Mount Alliance)",
    flangeMm: 20,
    autofocusLenses: true,
  },
  "micro-four-thirds": {
    name: "Micro Four Thirds",
    short: "MFT",
    maker: "Olympus (OM System) and Panasonic",
    flangeMm: 19.25,
    autofocusLenses: true,
  },
  "four-thirds": {
    name: "Four Thirds",
    short: "4/3",
    maker: "Olympus and Panasonic",
    flangeMm: 38.67,
    autofocusLenses: true,
  },
  "leica-m": { name: "Leica M", short: "M", maker: "Leica", flangeMm: 27.8, autofocusLenses: false },
  "pentax-k": { name: "Pentax K", short: "K", maker: "Pentax (Ricoh)", flangeMm: 45.46, autofocusLenses: true },
  "hasselblad-x": {
    name: "Hasselblad X (XCD)",
    short: "XCD",
    maker: "Hasselblad",
    flangeMm: 18.14,
    autofocusLenses: true,
  },
  m42: {
    name: "M42 screw mount",
    short: "M42",
    maker: "Pentax, Zeiss, KMZ and others",
    flangeMm: 45.46,
    autofocusLenses: false,
  },
} as const satisfies Record<Mount, MountFacts>;

/** The facts of a mount, or null for a value that is not one. */
export function mountFacts(mount: string | null | undefined): MountFacts | null {
  return mount && Object.hasOwn(MOUNT_FACTS, mount) ? MOUNT_FACTS[mount as Mount] : null;
}

export function isMount(value: unknown): value is Mount {
  return typeof value === "string" && Object.hasOwn(MOUNT_FACTS, value);
}

/** The lens mounts a body of `mount` takes without an adapter: its own, and any it also takes. */
export function nativeLensMounts(mount: Mount): readonly Mount[] {
  const facts: MountFacts = MOUNT_FACTS[mount];
  return [mount, ...(facts.alsoTakes ?? [])];
}
