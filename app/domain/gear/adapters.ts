// The compatibility table: which lens mounts fit which body mounts through a common adapter, and
// whether autofocus survives. Native fits (a lens on a body of its own mount, an EF lens on an
// EF-S body) are in mounts.ts. Every row is tested (tests/integration/gear-compatibility.test.ts).
// A plain adapter has no glass (lossless: the lens keeps its quality and reaches infinity, which
// needs the lens's mount to sit farther from the sensor than the body's) and no electronics
// (manual focus, aperture set on the lens or the adapter). Browser-safe.
//
// Sources (looked up 2026-11-26):
// - Canon, Mount Adapter EF-EOS R: EF and EF-S lenses keep autofocus and stabilisation on EOS R
//   bodies; EF-S lenses in the APS-C crop on full-frame bodies (canon product pages, and Camera
//   Jabber, "How to set up and use the Canon EF to RF mount adapter", 2022). Mount Adapter
//   EF-EOS M: EF and EF-S lenses on EF-M bodies, autofocus kept.
// - Nikon, Mount Adapter FTZ / FTZ II: no glass; autofocus with AF-S, AF-P and AF-I lenses; AF
//   and AF-D lenses (screw drive) focus manually (Nikon's FTZ pages: "93 types of AF-P/AF-S/AF-I
//   lenses" with AF/AE, about 360 with AE; nikonmuseum.com "Nikon FTZ").
// - Sony, LA-EA3 and LA-EA5: A-mount lenses on E bodies; autofocus with SSM and SAM lenses,
//   screw-drive lenses only with the LA-EA5 on the bodies Sony lists (Sony's adaptor pages;
//   joerghaag.com, "ILCE-7RII, A-mount with LA-EA3 or LA-EA4", 2015).
// - Olympus MMF-3 (and Panasonic DMW-MA1): Four Thirds lenses on Micro Four Thirds bodies with
//   autofocus, slower on bodies without phase-detection pixels (OM System accessory page).
// - Sigma MC-11 (EF to E) and MC-21 (EF to L): autofocus for the Sigma lenses Sigma lists, and
//   limited for others; the MC-21 in single AF only (sigma-global.com; dpreview, "Hands-on with
//   the Sigma MC-21", 2019).
// - Techart TZE-01 (Sony E lenses on Nikon Z bodies, autofocus): ayton.id.au, 2019.
// - Leica M-Adapter L (Leica M lenses on L-Mount bodies) and Fujifilm M Mount Adapter (Leica M
//   lenses on X bodies): the makers' accessory pages.
// - Plain adapters between the other pairs (Novoflex, K&F Concept and others; a Nikon G lens
//   needs an adapter with its own aperture ring): lens-db.com, "Adaptation of manual focus
//   lenses"; Novoflex MFT/NIK as described by blog.andreas-manessinger.info, 2011; CineD, "The
//   Modern Lens Adapter Handbook", 2020. Pentax's Mount Adapter K takes M42 lenses on K bodies.
import type { Mount } from "#db/closed-lists";
import { nativeLensMounts } from "./mounts";

/** Kept: every autofocus lens of the mount focuses as on its own body. Limited: some lenses, or with limits. Lost: manual focus. */
export type AdapterAutofocus = "kept" | "limited" | "lost";

export interface Adapter {
  lensMount: Mount;
  bodyMount: Mount;
  /** The adapter as a badge names it after "Fits with …". */
  phrase: string;
  /** The makers' names of such adapters. */
  examples: string;
  autofocus: AdapterAutofocus;
  /**
   * For an adapter whose autofocus is limited to lenses with their own focus motor: what becomes
   * of a lens focused by its body's screw drive (the FTZ cannot turn it; the LA-EA5 can, on some
   * bodies).
   */
  screwDrive?: "lost" | "limited";
  /** What a buyer should know, for the listing page. */
  note: string;
}

const plain = (lensMount: Mount, bodyMount: Mount, phrase: string, note = ""): Adapter => ({
  lensMount,
  bodyMount,
  phrase,
  examples: "Novoflex, K&F Concept and other plain adapters",
  autofocus: "lost",
  note: note || "A plain adapter without glass: the lens focuses by hand.",
});

const NIKON_G_NOTE =
  "A plain adapter without glass: the lens focuses by hand; a G or E lens (no aperture ring) needs an adapter with its own aperture ring.";
const PENTAX_DA_NOTE =
  "A plain adapter without glass: the lens focuses by hand; a DA lens without an aperture ring needs an adapter that sets the aperture.";

export const ADAPTERS: readonly Adapter[] = [
  {
    lensMount: "canon-ef",
    bodyMount: "canon-rf",
    phrase: "an EF–RF adapter",
    examples: "Canon Mount Adapter EF-EOS R",
    autofocus: "kept",
    note: "Canon's adapter keeps autofocus and image stabilisation.",
  },
  {
    lensMount: "canon-ef-s",
    bodyMount: "canon-rf",
    phrase: "an EF–RF adapter",
    examples: "Canon Mount Adapter EF-EOS R",
    autofocus: "kept",
    note: "Canon's adapter keeps autofocus; a full-frame body records the APS-C crop.",
  },
  {
    lensMount: "canon-ef",
    bodyMount: "canon-ef-m",
    phrase: "an EF–EF-M adapter",
    examples: "Canon Mount Adapter EF-EOS M",
    autofocus: "kept",
    note: "Canon's adapter keeps autofocus and image stabilisation.",
  },
  {
    lensMount: "canon-ef-s",
    bodyMount: "canon-ef-m",
    phrase: "an EF–EF-M adapter",
    examples: "Canon Mount Adapter EF-EOS M",
    autofocus: "kept",
    note: "Canon's adapter keeps autofocus and image stabilisation.",
  },
  {
    lensMount: "nikon-f",
    bodyMount: "nikon-z",
    phrase: "the FTZ adapter",
    examples: "Nikon Mount Adapter FTZ or FTZ II",
    autofocus: "limited",
    screwDrive: "lost",
    note: "Autofocus with AF-S, AF-P and AF-I lenses; AF and AF-D lenses, driven by a screw in the body, focus by hand.",
  },
  {
    lensMount: "sony-a",
    bodyMount: "sony-e",
    phrase: "an LA-EA adapter",
    examples: "Sony LA-EA3 or LA-EA5",
    autofocus: "limited",
    screwDrive: "limited",
    note: "Autofocus with SSM and SAM lenses; screw-drive lenses autofocus only with the LA-EA5 on the bodies Sony lists.",
  },
  {
    lensMount: "four-thirds",
    bodyMount: "micro-four-thirds",
    phrase: "a Four Thirds adapter",
    examples: "Olympus MMF-3, Panasonic DMW-MA1",
    autofocus: "kept",
    note: "Autofocus works; it is slower on bodies without phase-detection pixels.",
  },
  {
    lensMount: "canon-ef",
    bodyMount: "sony-e",
    phrase: "an EF–E adapter",
    examples: "Sigma MC-11, Metabones EF-E",
    autofocus: "limited",
    note: "Autofocus for the lenses the adapter's maker lists; others may focus slowly or not at all.",
  },
  {
    lensMount: "canon-ef",
    bodyMount: "l-mount",
    phrase: "an EF–L adapter",
    examples: "Sigma MC-21",
    autofocus: "limited",
    note: "Single autofocus for the lenses Sigma lists; others may not focus automatically.",
  },
  {
    lensMount: "sony-e",
    bodyMount: "nikon-z",
    phrase: "an E–Z adapter",
    examples: "Techart TZE-01, Megadap ETZ21",
    autofocus: "limited",
    note: "Autofocus through a third-party adapter; some lenses and features may not work.",
  },
  {
    lensMount: "leica-m",
    bodyMount: "l-mount",
    phrase: "an M–L adapter",
    examples: "Leica M-Adapter L",
    autofocus: "lost",
    note: "Leica's adapter; M lenses focus by hand, as on an M body.",
  },
  {
    lensMount: "leica-m",
    bodyMount: "fujifilm-x",
    phrase: "an M–X adapter",
    examples: "Fujifilm M Mount Adapter",
    autofocus: "lost",
    note: "Fujifilm's adapter; M lenses focus by hand, as on an M body.",
  },
  plain("leica-m", "sony-e", "an M–E adapter", "M lenses focus by hand, as on an M body."),
  plain("leica-m", "nikon-z", "an M–Z adapter", "M lenses focus by hand, as on an M body."),
  plain("leica-m", "canon-rf", "an M–RF adapter", "M lenses focus by hand, as on an M body."),
  plain("leica-m", "micro-four-thirds", "an M–MFT adapter", "M lenses focus by hand, as on an M body."),
  plain("nikon-f", "sony-e", "an F–E adapter", NIKON_G_NOTE),
  plain("nikon-f", "canon-rf", "an F–RF adapter", NIKON_G_NOTE),
  plain("nikon-f", "canon-ef", "an F–EF adapter", NIKON_G_NOTE),
  plain("nikon-f", "canon-ef-s", "an F–EF adapter", NIKON_G_NOTE),
  plain("nikon-f", "fujifilm-x", "an F–X adapter", NIKON_G_NOTE),
  plain("nikon-f", "l-mount", "an F–L adapter", NIKON_G_NOTE),
  plain("nikon-f", "micro-four-thirds", "an F–MFT adapter", NIKON_G_NOTE),
  plain("pentax-k", "sony-e", "a K–E adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "nikon-z", "a K–Z adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "canon-rf", "a K–RF adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "canon-ef", "a K–EF adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "canon-ef-s", "a K–EF adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "fujifilm-x", "a K–X adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "l-mount", "a K–L adapter", PENTAX_DA_NOTE),
  plain("pentax-k", "micro-four-thirds", "a K–MFT adapter", PENTAX_DA_NOTE),
  ...(
    [
      ["sony-e", "an M42–E adapter"],
      ["nikon-z", "an M42–Z adapter"],
      ["canon-rf", "an M42–RF adapter"],
      ["canon-ef", "an M42–EF adapter"],
      ["canon-ef-s", "an M42–EF adapter"],
      ["fujifilm-x", "an M42–X adapter"],
      ["l-mount", "an M42–L adapter"],
      ["micro-four-thirds", "an M42–MFT adapter"],
      ["pentax-k", "an M42–K adapter"],
    ] as const
  ).map(([bodyMount, phrase]) =>
    plain("m42", bodyMount, phrase, "M42 lenses focus by hand; set the lens's auto/manual switch to manual."),
  ),
];

/** The adapter that fits a lens of `lensMount` on a body of `bodyMount`, or null. */
export function adapterFor(lensMount: Mount, bodyMount: Mount): Adapter | null {
  return ADAPTERS.find((adapter) => adapter.lensMount === lensMount && adapter.bodyMount === bodyMount) ?? null;
}

/** Every lens mount that fits a body of `mount`, natively or through an adapter: the "only gear that fits" filter. */
export function mountsThatFit(mount: Mount): Mount[] {
  const fitting = new Set<Mount>(nativeLensMounts(mount));
  for (const adapter of ADAPTERS) if (adapter.bodyMount === mount) fitting.add(adapter.lensMount);
  return [...fitting];
}
