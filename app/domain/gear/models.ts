// The camera bodies and lenses a listing's model is chosen from, with the facts that follow from
// the model: a body's mount and sensor format, a lens's mounts, focal range and maximum aperture.
// A listing of a model in this list takes these facts from here, not from its seller, so a buyer
// can trust them; anything else is "Other", typed by the seller. Data, not a closed list: adding
// a model needs no migration, and a key once used must keep meaning the same model (listings and
// recorded sales name it). Browser-safe.
//
// Sources (looked up 2026-11-26): the makers' product pages and specification sheets
// (usa.canon.com, imaging.nikon.com, electronics.sony.com, fujifilm-x.com, panasonic.com/lumix,
// explore.omsystem.com, leica-camera.com, ricoh-imaging.com, hasselblad.com, sigma-global.com,
// tamron.com). A lens's focal range and maximum aperture are the ones its maker's name states;
// the mounts of a lens made in several are the versions its maker announced (Sigma's 35mm F1.4
// DG HSM Art: Canon, Nikon, Sony A and Pentax, the launch mounts). "focusDrive: screw" marks a
// lens focused by its body's screw drive (Nikon AF/AF-D, Minolta/Sony A without SSM or SAM,
// Pentax DA without SDM): no adapter for a mirrorless body turns that screw.
import type { Mount } from "#db/closed-lists";
import { BODIES, type BodyModel } from "./bodies";
import { type BrandKey, brandName } from "./brands";

export { BODIES, type BodyModel };

export interface LensModel {
  key: string;
  brand: BrandKey;
  name: string;
  kind: "lens";
  /** The mounts the lens was made in; a listing says which one it has. */
  mounts: readonly Mount[];
  /** Focal range in millimetres; a prime's two ends are the same. */
  focal: readonly [number, number];
  /** Maximum aperture (f-number) at the wide end, and at the long end when it changes. */
  aperture: readonly [number] | readonly [number, number];
  focusDrive?: "screw";
}

export type GearModel = BodyModel | LensModel;

const lens = (
  key: string,
  brand: BrandKey,
  name: string,
  mounts: readonly Mount[],
  focal: readonly [number, number],
  aperture: LensModel["aperture"],
  extra: Pick<LensModel, "focusDrive"> = {},
): LensModel => ({ key, brand, name, kind: "lens", mounts, focal, aperture, ...extra });

export const LENSES: readonly LensModel[] = [
  // Canon RF (RF-S lenses are RF mount, made for APS-C)
  lens("canon-rf-24-70mm-f2-8l-is-usm", "canon", "RF 24-70mm F2.8 L IS USM", ["canon-rf"], [24, 70], [2.8]),
  lens("canon-rf-24-105mm-f4l-is-usm", "canon", "RF 24-105mm F4 L IS USM", ["canon-rf"], [24, 105], [4]),
  lens("canon-rf-24-105mm-f4-7-1-is-stm", "canon", "RF 24-105mm F4-7.1 IS STM", ["canon-rf"], [24, 105], [4, 7.1]),
  lens("canon-rf-15-35mm-f2-8l-is-usm", "canon", "RF 15-35mm F2.8 L IS USM", ["canon-rf"], [15, 35], [2.8]),
  lens("canon-rf-70-200mm-f2-8l-is-usm", "canon", "RF 70-200mm F2.8 L IS USM", ["canon-rf"], [70, 200], [2.8]),
  lens(
    "canon-rf-100-500mm-f4-5-7-1l-is-usm",
    "canon",
    "RF 100-500mm F4.5-7.1 L IS USM",
    ["canon-rf"],
    [100, 500],
    [4.5, 7.1],
  ),
  lens("canon-rf-50mm-f1-8-stm", "canon", "RF 50mm F1.8 STM", ["canon-rf"], [50, 50], [1.8]),
  lens("canon-rf-50mm-f1-2l-usm", "canon", "RF 50mm F1.2 L USM", ["canon-rf"], [50, 50], [1.2]),
  lens("canon-rf-85mm-f1-2l-usm", "canon", "RF 85mm F1.2 L USM", ["canon-rf"], [85, 85], [1.2]),
  lens("canon-rf-35mm-f1-8-macro-is-stm", "canon", "RF 35mm F1.8 Macro IS STM", ["canon-rf"], [35, 35], [1.8]),
  lens(
    "canon-rf-s-18-45mm-f4-5-6-3-is-stm",
    "canon",
    "RF-S 18-45mm F4.5-6.3 IS STM",
    ["canon-rf"],
    [18, 45],
    [4.5, 6.3],
  ),
  // Canon EF, EF-S, EF-M
  lens("canon-ef-24-70mm-f2-8l-ii-usm", "canon", "EF 24-70mm f/2.8L II USM", ["canon-ef"], [24, 70], [2.8]),
  lens("canon-ef-16-35mm-f4l-is-usm", "canon", "EF 16-35mm f/4L IS USM", ["canon-ef"], [16, 35], [4]),
  lens("canon-ef-70-200mm-f2-8l-is-iii-usm", "canon", "EF 70-200mm f/2.8L IS III USM", ["canon-ef"], [70, 200], [2.8]),
  lens("canon-ef-50mm-f1-8-stm", "canon", "EF 50mm f/1.8 STM", ["canon-ef"], [50, 50], [1.8]),
  lens("canon-ef-85mm-f1-8-usm", "canon", "EF 85mm f/1.8 USM", ["canon-ef"], [85, 85], [1.8]),
  lens("canon-ef-100mm-f2-8l-macro-is-usm", "canon", "EF 100mm f/2.8L Macro IS USM", ["canon-ef"], [100, 100], [2.8]),
  lens("canon-ef-s-18-55mm-f4-5-6-is-stm", "canon", "EF-S 18-55mm f/4-5.6 IS STM", ["canon-ef-s"], [18, 55], [4, 5.6]),
  lens("canon-ef-s-24mm-f2-8-stm", "canon", "EF-S 24mm f/2.8 STM", ["canon-ef-s"], [24, 24], [2.8]),
  lens(
    "canon-ef-s-10-18mm-f4-5-5-6-is-stm",
    "canon",
    "EF-S 10-18mm f/4.5-5.6 IS STM",
    ["canon-ef-s"],
    [10, 18],
    [4.5, 5.6],
  ),
  lens(
    "canon-ef-m-15-45mm-f3-5-6-3-is-stm",
    "canon",
    "EF-M 15-45mm f/3.5-6.3 IS STM",
    ["canon-ef-m"],
    [15, 45],
    [3.5, 6.3],
  ),
  lens("canon-ef-m-22mm-f2-stm", "canon", "EF-M 22mm f/2 STM", ["canon-ef-m"], [22, 22], [2]),
  // Nikon Z (DX lenses are Z mount, made for APS-C)
  lens("nikon-z-24-70mm-f4-s", "nikon", "NIKKOR Z 24-70mm f/4 S", ["nikon-z"], [24, 70], [4]),
  lens("nikon-z-24-70mm-f2-8-s", "nikon", "NIKKOR Z 24-70mm f/2.8 S", ["nikon-z"], [24, 70], [2.8]),
  lens("nikon-z-24-120mm-f4-s", "nikon", "NIKKOR Z 24-120mm f/4 S", ["nikon-z"], [24, 120], [4]),
  lens("nikon-z-14-30mm-f4-s", "nikon", "NIKKOR Z 14-30mm f/4 S", ["nikon-z"], [14, 30], [4]),
  lens("nikon-z-70-200mm-f2-8-vr-s", "nikon", "NIKKOR Z 70-200mm f/2.8 VR S", ["nikon-z"], [70, 200], [2.8]),
  lens("nikon-z-35mm-f1-8-s", "nikon", "NIKKOR Z 35mm f/1.8 S", ["nikon-z"], [35, 35], [1.8]),
  lens("nikon-z-50mm-f1-8-s", "nikon", "NIKKOR Z 50mm f/1.8 S", ["nikon-z"], [50, 50], [1.8]),
  lens("nikon-z-85mm-f1-8-s", "nikon", "NIKKOR Z 85mm f/1.8 S", ["nikon-z"], [85, 85], [1.8]),
  lens("nikon-z-40mm-f2", "nikon", "NIKKOR Z 40mm f/2", ["nikon-z"], [40, 40], [2]),
  lens(
    "nikon-z-dx-16-50mm-f3-5-6-3-vr",
    "nikon",
    "NIKKOR Z DX 16-50mm f/3.5-6.3 VR",
    ["nikon-z"],
    [16, 50],
    [3.5, 6.3],
  ),
  // Nikon F
  lens("nikon-af-s-24-70mm-f2-8e-ed-vr", "nikon", "AF-S NIKKOR 24-70mm f/2.8E ED VR", ["nikon-f"], [24, 70], [2.8]),
  lens(
    "nikon-af-s-70-200mm-f2-8e-fl-ed-vr",
    "nikon",
    "AF-S NIKKOR 70-200mm f/2.8E FL ED VR",
    ["nikon-f"],
    [70, 200],
    [2.8],
  ),
  lens(
    "nikon-af-s-200-500mm-f5-6e-ed-vr",
    "nikon",
    "AF-S NIKKOR 200-500mm f/5.6E ED VR",
    ["nikon-f"],
    [200, 500],
    [5.6],
  ),
  lens(
    "nikon-af-s-dx-18-140mm-f3-5-5-6g-ed-vr",
    "nikon",
    "AF-S DX NIKKOR 18-140mm f/3.5-5.6G ED VR",
    ["nikon-f"],
    [18, 140],
    [3.5, 5.6],
  ),
  lens("nikon-af-s-35mm-f1-8g-ed", "nikon", "AF-S NIKKOR 35mm f/1.8G ED", ["nikon-f"], [35, 35], [1.8]),
  lens("nikon-af-s-50mm-f1-8g", "nikon", "AF-S NIKKOR 50mm f/1.8G", ["nikon-f"], [50, 50], [1.8]),
  lens("nikon-af-s-85mm-f1-8g", "nikon", "AF-S NIKKOR 85mm f/1.8G", ["nikon-f"], [85, 85], [1.8]),
  lens("nikon-af-50mm-f1-8d", "nikon", "AF NIKKOR 50mm f/1.8D", ["nikon-f"], [50, 50], [1.8], { focusDrive: "screw" }),
  // Sony E (E lenses are APS-C, FE lenses full frame) and A
  lens("sony-fe-24-70mm-f2-8-gm-ii", "sony", "FE 24-70mm F2.8 GM II", ["sony-e"], [24, 70], [2.8]),
  lens("sony-fe-24-105mm-f4-g-oss", "sony", "FE 24-105mm F4 G OSS", ["sony-e"], [24, 105], [4]),
  lens("sony-fe-28-70mm-f3-5-5-6-oss", "sony", "FE 28-70mm F3.5-5.6 OSS", ["sony-e"], [28, 70], [3.5, 5.6]),
  lens("sony-fe-70-200mm-f2-8-gm-oss-ii", "sony", "FE 70-200mm F2.8 GM OSS II", ["sony-e"], [70, 200], [2.8]),
  lens("sony-fe-200-600mm-f5-6-6-3-g-oss", "sony", "FE 200-600mm F5.6-6.3 G OSS", ["sony-e"], [200, 600], [5.6, 6.3]),
  lens("sony-fe-35mm-f1-8", "sony", "FE 35mm F1.8", ["sony-e"], [35, 35], [1.8]),
  lens("sony-fe-50mm-f1-8", "sony", "FE 50mm F1.8", ["sony-e"], [50, 50], [1.8]),
  lens("sony-fe-85mm-f1-8", "sony", "FE 85mm F1.8", ["sony-e"], [85, 85], [1.8]),
  lens("sony-fe-90mm-f2-8-macro-g-oss", "sony", "FE 90mm F2.8 Macro G OSS", ["sony-e"], [90, 90], [2.8]),
  lens("sony-e-pz-16-50mm-f3-5-5-6-oss", "sony", "E PZ 16-50mm F3.5-5.6 OSS", ["sony-e"], [16, 50], [3.5, 5.6]),
  lens("sony-e-18-135mm-f3-5-5-6-oss", "sony", "E 18-135mm F3.5-5.6 OSS", ["sony-e"], [18, 135], [3.5, 5.6]),
  lens("sony-50mm-f1-4-sal50f14", "sony", "50mm F1.4 (SAL50F14)", ["sony-a"], [50, 50], [1.4], { focusDrive: "screw" }),
  lens("sony-dt-16-50mm-f2-8-ssm", "sony", "DT 16-50mm F2.8 SSM", ["sony-a"], [16, 50], [2.8]),
  // Fujifilm X and G
  lens("fujifilm-xf-23mm-f2-r-wr", "fujifilm", "XF23mmF2 R WR", ["fujifilm-x"], [23, 23], [2]),
  lens("fujifilm-xf-35mm-f1-4-r", "fujifilm", "XF35mmF1.4 R", ["fujifilm-x"], [35, 35], [1.4]),
  lens("fujifilm-xf-56mm-f1-2-r", "fujifilm", "XF56mmF1.2 R", ["fujifilm-x"], [56, 56], [1.2]),
  lens("fujifilm-xf-10-24mm-f4-r-ois", "fujifilm", "XF10-24mmF4 R OIS", ["fujifilm-x"], [10, 24], [4]),
  lens("fujifilm-xf-16-55mm-f2-8-r-lm-wr", "fujifilm", "XF16-55mmF2.8 R LM WR", ["fujifilm-x"], [16, 55], [2.8]),
  lens(
    "fujifilm-xf-18-55mm-f2-8-4-r-lm-ois",
    "fujifilm",
    "XF18-55mmF2.8-4 R LM OIS",
    ["fujifilm-x"],
    [18, 55],
    [2.8, 4],
  ),
  lens(
    "fujifilm-xf-50-140mm-f2-8-r-lm-ois-wr",
    "fujifilm",
    "XF50-140mmF2.8 R LM OIS WR",
    ["fujifilm-x"],
    [50, 140],
    [2.8],
  ),
  lens(
    "fujifilm-xf-100-400mm-f4-5-5-6-r-lm-ois-wr",
    "fujifilm",
    "XF100-400mmF4.5-5.6 R LM OIS WR",
    ["fujifilm-x"],
    [100, 400],
    [4.5, 5.6],
  ),
  lens("fujifilm-gf-63mm-f2-8-r-wr", "fujifilm", "GF63mmF2.8 R WR", ["fujifilm-g"], [63, 63], [2.8]),
  lens("fujifilm-gf-32-64mm-f4-r-lm-wr", "fujifilm", "GF32-64mmF4 R LM WR", ["fujifilm-g"], [32, 64], [4]),
  // Micro Four Thirds
  lens(
    "olympus-m-zuiko-12-40mm-f2-8-pro",
    "olympus",
    "M.Zuiko Digital ED 12-40mm F2.8 PRO",
    ["micro-four-thirds"],
    [12, 40],
    [2.8],
  ),
  lens(
    "olympus-m-zuiko-40-150mm-f2-8-pro",
    "olympus",
    "M.Zuiko Digital ED 40-150mm F2.8 PRO",
    ["micro-four-thirds"],
    [40, 150],
    [2.8],
  ),
  lens(
    "olympus-m-zuiko-14-42mm-f3-5-5-6-ez",
    "olympus",
    "M.Zuiko Digital ED 14-42mm F3.5-5.6 EZ",
    ["micro-four-thirds"],
    [14, 42],
    [3.5, 5.6],
  ),
  lens("olympus-m-zuiko-25mm-f1-8", "olympus", "M.Zuiko Digital 25mm F1.8", ["micro-four-thirds"], [25, 25], [1.8]),
  lens("olympus-m-zuiko-45mm-f1-8", "olympus", "M.Zuiko Digital 45mm F1.8", ["micro-four-thirds"], [45, 45], [1.8]),
  lens(
    "panasonic-leica-dg-summilux-25mm-f1-4-ii",
    "panasonic",
    "Leica DG Summilux 25mm F1.4 II ASPH",
    ["micro-four-thirds"],
    [25, 25],
    [1.4],
  ),
  lens(
    "panasonic-lumix-g-vario-12-35mm-f2-8-ii",
    "panasonic",
    "Lumix G Vario 12-35mm F2.8 II ASPH Power O.I.S.",
    ["micro-four-thirds"],
    [12, 35],
    [2.8],
  ),
  lens(
    "panasonic-leica-dg-vario-elmarit-12-60mm-f2-8-4",
    "panasonic",
    "Leica DG Vario-Elmarit 12-60mm F2.8-4.0 ASPH",
    ["micro-four-thirds"],
    [12, 60],
    [2.8, 4],
  ),
  // L-Mount
  lens(
    "panasonic-lumix-s-24-105mm-f4-macro-ois",
    "panasonic",
    "Lumix S 24-105mm F4 Macro O.I.S.",
    ["l-mount"],
    [24, 105],
    [4],
  ),
  lens(
    "panasonic-lumix-s-20-60mm-f3-5-5-6",
    "panasonic",
    "Lumix S 20-60mm F3.5-5.6",
    ["l-mount"],
    [20, 60],
    [3.5, 5.6],
  ),
  lens("panasonic-lumix-s-50mm-f1-8", "panasonic", "Lumix S 50mm F1.8", ["l-mount"], [50, 50], [1.8]),
  // Leica M
  lens("leica-summicron-m-50mm-f2", "leica", "Summicron-M 50 f/2", ["leica-m"], [50, 50], [2]),
  lens("leica-summilux-m-35mm-f1-4-asph", "leica", "Summilux-M 35 f/1.4 ASPH.", ["leica-m"], [35, 35], [1.4]),
  lens("leica-elmarit-m-28mm-f2-8-asph", "leica", "Elmarit-M 28 f/2.8 ASPH.", ["leica-m"], [28, 28], [2.8]),
  // Pentax K
  lens(
    "pentax-hd-d-fa-24-70mm-f2-8-ed-sdm-wr",
    "pentax",
    "HD PENTAX-D FA 24-70mm F2.8ED SDM WR",
    ["pentax-k"],
    [24, 70],
    [2.8],
  ),
  lens(
    "pentax-hd-da-55-300mm-f4-5-6-3-ed-plm-wr-re",
    "pentax",
    "HD PENTAX-DA 55-300mm F4.5-6.3ED PLM WR RE",
    ["pentax-k"],
    [55, 300],
    [4.5, 6.3],
  ),
  lens("pentax-smc-da-35mm-f2-4-al", "pentax", "smc PENTAX-DA 35mm F2.4 AL", ["pentax-k"], [35, 35], [2.4], {
    focusDrive: "screw",
  }),
  // Hasselblad X
  lens("hasselblad-xcd-45mm-f3-5", "hasselblad", "XCD 45mm f/3.5", ["hasselblad-x"], [45, 45], [3.5]),
  // Sigma and Tamron
  lens(
    "sigma-35mm-f1-4-dg-hsm-art",
    "sigma",
    "35mm F1.4 DG HSM | Art",
    ["canon-ef", "nikon-f", "sony-a", "pentax-k"],
    [35, 35],
    [1.4],
  ),
  lens(
    "sigma-150-600mm-f5-6-3-dg-os-hsm-contemporary",
    "sigma",
    "150-600mm F5-6.3 DG OS HSM | Contemporary",
    ["canon-ef", "nikon-f"],
    [150, 600],
    [5, 6.3],
  ),
  lens("sigma-24-70mm-f2-8-dg-dn-art", "sigma", "24-70mm F2.8 DG DN | Art", ["sony-e", "l-mount"], [24, 70], [2.8]),
  lens("tamron-28-75mm-f2-8-di-iii-rxd", "tamron", "28-75mm F/2.8 Di III RXD (A036)", ["sony-e"], [28, 75], [2.8]),
  lens(
    "tamron-28-75mm-f2-8-di-iii-vxd-g2",
    "tamron",
    "28-75mm F/2.8 Di III VXD G2 (A063)",
    ["sony-e"],
    [28, 75],
    [2.8],
  ),
  lens("tamron-17-28mm-f2-8-di-iii-rxd", "tamron", "17-28mm F/2.8 Di III RXD (A046)", ["sony-e"], [17, 28], [2.8]),
  lens("tamron-70-180mm-f2-8-di-iii-vxd", "tamron", "70-180mm F/2.8 Di III VXD (A056)", ["sony-e"], [70, 180], [2.8]),
  lens(
    "tamron-sp-24-70mm-f2-8-di-vc-usd-g2",
    "tamron",
    "SP 24-70mm F/2.8 Di VC USD G2 (A032)",
    ["canon-ef", "nikon-f"],
    [24, 70],
    [2.8],
  ),
  // M42 screw mount
  lens("kmz-helios-44-2-58mm-f2", "kmz", "Helios-44-2 58mm f/2", ["m42"], [58, 58], [2]),
  lens("pentax-super-takumar-50mm-f1-4", "pentax", "Super-Takumar 50mm f/1.4", ["m42"], [50, 50], [1.4]),
];

export const MODELS: readonly GearModel[] = [...BODIES, ...LENSES];

const byKey = new Map<string, GearModel>(MODELS.map((model) => [model.key, model]));

/** The model a key names, or null. */
export function modelByKey(key: string | null | undefined): GearModel | null {
  return (key && byKey.get(key)) || null;
}

/** "Canon EOS R6": the brand's name and the model's. */
export function modelFullName(model: GearModel): string {
  return `${brandName(model.brand) ?? ""} ${model.name}`.trim();
}
