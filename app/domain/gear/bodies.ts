// The camera bodies of the model list (models.ts): their mount and sensor format. Its own module so
// that the camera picker of the storefront's pages carries the bodies only. Browser-safe.
// Sources: see models.ts.
import type { Mount, SensorFormat } from "#db/closed-lists";
import type { BrandKey } from "./brands";

export interface BodyModel {
  key: string;
  brand: BrandKey;
  /** The model's name without its brand, as its maker writes it. */
  name: string;
  kind: "body";
  /** Null for a camera with a built-in lens. */
  mount: Mount | null;
  sensor: SensorFormat;
}

const body = (key: string, brand: BrandKey, name: string, mount: Mount | null, sensor: SensorFormat): BodyModel => ({
  key,
  brand,
  name,
  kind: "body",
  mount,
  sensor,
});

export const BODIES: readonly BodyModel[] = [
  // Canon
  body("canon-eos-r5", "canon", "EOS R5", "canon-rf", "full-frame"),
  body("canon-eos-r6", "canon", "EOS R6", "canon-rf", "full-frame"),
  body("canon-eos-r6-mark-ii", "canon", "EOS R6 Mark II", "canon-rf", "full-frame"),
  body("canon-eos-r", "canon", "EOS R", "canon-rf", "full-frame"),
  body("canon-eos-rp", "canon", "EOS RP", "canon-rf", "full-frame"),
  body("canon-eos-r8", "canon", "EOS R8", "canon-rf", "full-frame"),
  body("canon-eos-r7", "canon", "EOS R7", "canon-rf", "aps-c"),
  body("canon-eos-r10", "canon", "EOS R10", "canon-rf", "aps-c"),
  body("canon-eos-r50", "canon", "EOS R50", "canon-rf", "aps-c"),
  body("canon-eos-5d-mark-iv", "canon", "EOS 5D Mark IV", "canon-ef", "full-frame"),
  body("canon-eos-6d-mark-ii", "canon", "EOS 6D Mark II", "canon-ef", "full-frame"),
  body("canon-eos-1d-x-mark-ii", "canon", "EOS-1D X Mark II", "canon-ef", "full-frame"),
  body("canon-eos-90d", "canon", "EOS 90D", "canon-ef-s", "aps-c"),
  body("canon-eos-rebel-t7i", "canon", "EOS Rebel T7i (800D)", "canon-ef-s", "aps-c"),
  body("canon-eos-m50-mark-ii", "canon", "EOS M50 Mark II", "canon-ef-m", "aps-c"),
  // Nikon
  body("nikon-z9", "nikon", "Z9", "nikon-z", "full-frame"),
  body("nikon-z8", "nikon", "Z8", "nikon-z", "full-frame"),
  body("nikon-z7-ii", "nikon", "Z7 II", "nikon-z", "full-frame"),
  body("nikon-z6-ii", "nikon", "Z6 II", "nikon-z", "full-frame"),
  body("nikon-z6", "nikon", "Z6", "nikon-z", "full-frame"),
  body("nikon-z5", "nikon", "Z5", "nikon-z", "full-frame"),
  body("nikon-zf", "nikon", "Zf", "nikon-z", "full-frame"),
  body("nikon-z-fc", "nikon", "Z fc", "nikon-z", "aps-c"),
  body("nikon-z50", "nikon", "Z50", "nikon-z", "aps-c"),
  body("nikon-z30", "nikon", "Z30", "nikon-z", "aps-c"),
  body("nikon-d850", "nikon", "D850", "nikon-f", "full-frame"),
  body("nikon-d780", "nikon", "D780", "nikon-f", "full-frame"),
  body("nikon-d750", "nikon", "D750", "nikon-f", "full-frame"),
  body("nikon-d500", "nikon", "D500", "nikon-f", "aps-c"),
  body("nikon-d7500", "nikon", "D7500", "nikon-f", "aps-c"),
  body("nikon-d3500", "nikon", "D3500", "nikon-f", "aps-c"),
  // Sony
  body("sony-a1", "sony", "Alpha 1", "sony-e", "full-frame"),
  body("sony-a9-ii", "sony", "Alpha 9 II", "sony-e", "full-frame"),
  body("sony-a7-iii", "sony", "Alpha 7 III", "sony-e", "full-frame"),
  body("sony-a7-iv", "sony", "Alpha 7 IV", "sony-e", "full-frame"),
  body("sony-a7r-iv", "sony", "Alpha 7R IV", "sony-e", "full-frame"),
  body("sony-a7r-v", "sony", "Alpha 7R V", "sony-e", "full-frame"),
  body("sony-a7s-iii", "sony", "Alpha 7S III", "sony-e", "full-frame"),
  body("sony-a7c", "sony", "Alpha 7C", "sony-e", "full-frame"),
  body("sony-a6400", "sony", "Alpha 6400", "sony-e", "aps-c"),
  body("sony-a6600", "sony", "Alpha 6600", "sony-e", "aps-c"),
  body("sony-a6700", "sony", "Alpha 6700", "sony-e", "aps-c"),
  body("sony-zv-e10", "sony", "ZV-E10", "sony-e", "aps-c"),
  body("sony-rx100-vi", "sony", "Cyber-shot RX100 VI", null, "one-inch"),
  body("sony-rx100-vii", "sony", "Cyber-shot RX100 VII", null, "one-inch"),
  // Fujifilm
  body("fujifilm-x-t5", "fujifilm", "X-T5", "fujifilm-x", "aps-c"),
  body("fujifilm-x-t4", "fujifilm", "X-T4", "fujifilm-x", "aps-c"),
  body("fujifilm-x-t3", "fujifilm", "X-T3", "fujifilm-x", "aps-c"),
  body("fujifilm-x-t30-ii", "fujifilm", "X-T30 II", "fujifilm-x", "aps-c"),
  body("fujifilm-x-s10", "fujifilm", "X-S10", "fujifilm-x", "aps-c"),
  body("fujifilm-x-s20", "fujifilm", "X-S20", "fujifilm-x", "aps-c"),
  body("fujifilm-x-h2", "fujifilm", "X-H2", "fujifilm-x", "aps-c"),
  body("fujifilm-x-h2s", "fujifilm", "X-H2S", "fujifilm-x", "aps-c"),
  body("fujifilm-x-pro3", "fujifilm", "X-Pro3", "fujifilm-x", "aps-c"),
  body("fujifilm-x-e4", "fujifilm", "X-E4", "fujifilm-x", "aps-c"),
  body("fujifilm-x100v", "fujifilm", "X100V", null, "aps-c"),
  body("fujifilm-x100vi", "fujifilm", "X100VI", null, "aps-c"),
  body("fujifilm-gfx-100s", "fujifilm", "GFX100S", "fujifilm-g", "medium-format"),
  body("fujifilm-gfx-50s-ii", "fujifilm", "GFX50S II", "fujifilm-g", "medium-format"),
  // Panasonic
  body("panasonic-lumix-gh5", "panasonic", "Lumix DC-GH5", "micro-four-thirds", "four-thirds"),
  body("panasonic-lumix-gh6", "panasonic", "Lumix DC-GH6", "micro-four-thirds", "four-thirds"),
  body("panasonic-lumix-g9", "panasonic", "Lumix DC-G9", "micro-four-thirds", "four-thirds"),
  body("panasonic-lumix-s5", "panasonic", "Lumix DC-S5", "l-mount", "full-frame"),
  body("panasonic-lumix-s5-ii", "panasonic", "Lumix DC-S5 II", "l-mount", "full-frame"),
  body("panasonic-lumix-s1", "panasonic", "Lumix DC-S1", "l-mount", "full-frame"),
  // Olympus / OM System
  body("olympus-om-d-e-m10-mark-iii", "olympus", "OM-D E-M10 Mark III", "micro-four-thirds", "four-thirds"),
  body("olympus-om-d-e-m10-mark-iv", "olympus", "OM-D E-M10 Mark IV", "micro-four-thirds", "four-thirds"),
  body("olympus-om-d-e-m5-mark-iii", "olympus", "OM-D E-M5 Mark III", "micro-four-thirds", "four-thirds"),
  body("olympus-om-d-e-m1-mark-ii", "olympus", "OM-D E-M1 Mark II", "micro-four-thirds", "four-thirds"),
  body("olympus-om-d-e-m1-mark-iii", "olympus", "OM-D E-M1 Mark III", "micro-four-thirds", "four-thirds"),
  body("olympus-om-1", "olympus", "OM-1 (OM System)", "micro-four-thirds", "four-thirds"),
  // Leica
  body("leica-q2", "leica", "Q2", null, "full-frame"),
  body("leica-q3", "leica", "Q3", null, "full-frame"),
  body("leica-m10", "leica", "M10", "leica-m", "full-frame"),
  body("leica-m11", "leica", "M11", "leica-m", "full-frame"),
  body("leica-sl2", "leica", "SL2", "l-mount", "full-frame"),
  body("leica-cl", "leica", "CL", "l-mount", "aps-c"),
  // Pentax, Ricoh
  body("pentax-k-1-mark-ii", "pentax", "K-1 Mark II", "pentax-k", "full-frame"),
  body("pentax-k-3-mark-iii", "pentax", "K-3 Mark III", "pentax-k", "aps-c"),
  body("pentax-k-70", "pentax", "K-70", "pentax-k", "aps-c"),
  body("ricoh-gr-iii", "ricoh", "GR III", null, "aps-c"),
  body("ricoh-gr-iiix", "ricoh", "GR IIIx", null, "aps-c"),
  // Hasselblad
  body("hasselblad-x2d-100c", "hasselblad", "X2D 100C", "hasselblad-x", "medium-format"),
  body("hasselblad-x1d-ii-50c", "hasselblad", "X1D II 50C", "hasselblad-x", "medium-format"),
];
