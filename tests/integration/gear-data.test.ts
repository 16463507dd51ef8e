// The gear data kept in the repository (app/domain/gear/): every model, mount and adapter is
// consistent with the others, and the compatibility table answers, row by row, what the makers
// say. A wrong row here would tell a buyer a lens fits a camera it does not.
import { describe, expect, it } from "vitest";
import { ADAPTERS, adapterFor, mountsThatFit } from "#app/domain/gear/adapters";
import { BRANDS, isBrandKey } from "#app/domain/gear/brands";
import { readCamera } from "#app/domain/gear/camera";
import { CAMERA_CHOICES } from "#app/domain/gear/camera-choices";
import { type Camera, fitOf, listingFit } from "#app/domain/gear/compatibility";
import { BODIES, LENSES, MODELS, modelByKey } from "#app/domain/gear/models";
import { MOUNT_FACTS, nativeLensMounts } from "#app/domain/gear/mounts";
import { maskSerial, normalizeSerial } from "#app/domain/gear/serials";
import { MOUNTS, type Mount } from "#db/closed-lists";

const camera = (key: string): Camera => {
  const found = readCamera(key);
  if (!found) throw new Error(`No camera ${key}`);
  return found;
};

describe("the model list", () => {
  it("has unique keys of brands of the list, apart from the mounts' keys", () => {
    const keys = MODELS.map((model) => model.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const model of MODELS) {
      expect(isBrandKey(model.brand), model.key).toBe(true);
      expect(model.key.startsWith(`${model.brand}-`), model.key).toBe(true);
      expect(model.key, "a key is lower-case words joined by hyphens").toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      // A camera key in a URL is a body or a mount: never both.
      expect((MOUNTS as readonly string[]).includes(model.key), model.key).toBe(false);
    }
    expect(new Set(BRANDS.map((brand) => brand.key)).size).toBe(BRANDS.length);
  });

  it("gives every lens a range, an aperture and the mounts it was made in", () => {
    for (const lens of LENSES) {
      const [min, max] = lens.focal;
      expect(min, lens.key).toBeGreaterThan(0);
      expect(max, lens.key).toBeGreaterThanOrEqual(min);
      const [wide, tele] = lens.aperture;
      expect(wide, lens.key).toBeGreaterThanOrEqual(0.7);
      if (tele !== undefined) expect(tele, lens.key).toBeGreaterThan(wide);
      expect(lens.mounts.length, lens.key).toBeGreaterThan(0);
      expect(new Set(lens.mounts).size, lens.key).toBe(lens.mounts.length);
    }
  });

  it("names its facts as the makers do: a sample checked against their pages", () => {
    expect(modelByKey("canon-eos-r6")).toMatchObject({ kind: "body", mount: "canon-rf", sensor: "full-frame" });
    expect(modelByKey("canon-eos-rebel-t7i")).toMatchObject({ kind: "body", mount: "canon-ef-s", sensor: "aps-c" });
    expect(modelByKey("nikon-z6-ii")).toMatchObject({ kind: "body", mount: "nikon-z", sensor: "full-frame" });
    expect(modelByKey("fujifilm-x100v")).toMatchObject({ kind: "body", mount: null, sensor: "aps-c" });
    expect(modelByKey("sony-rx100-vi")).toMatchObject({ kind: "body", mount: null, sensor: "one-inch" });
    expect(modelByKey("olympus-om-d-e-m10-mark-iii")).toMatchObject({
      mount: "micro-four-thirds",
      sensor: "four-thirds",
    });
    expect(modelByKey("fujifilm-gfx-100s")).toMatchObject({ mount: "fujifilm-g", sensor: "medium-format" });
    expect(modelByKey("nikon-af-s-70-200mm-f2-8e-fl-ed-vr")).toMatchObject({
      mounts: ["nikon-f"],
      focal: [70, 200],
      aperture: [2.8],
    });
    expect(modelByKey("canon-rf-24-105mm-f4-7-1-is-stm")).toMatchObject({ focal: [24, 105], aperture: [4, 7.1] });
    expect(modelByKey("nikon-af-50mm-f1-8d")).toMatchObject({ focusDrive: "screw" });
    expect(modelByKey("sigma-35mm-f1-4-dg-hsm-art")).toMatchObject({
      mounts: ["canon-ef", "nikon-f", "sony-a", "pentax-k"],
    });
  });

  it("offers every interchangeable-lens body and every mount as a camera", () => {
    const offered = CAMERA_CHOICES.flatMap((group) => group.options.map((option) => option.value));
    expect(offered).toEqual(expect.arrayContaining([...MOUNTS]));
    for (const body of BODIES) expect(offered.includes(body.key), body.key).toBe(body.mount !== null);
    for (const key of offered) expect(readCamera(key), key).not.toBeNull();
    expect(readCamera("fujifilm-x100v"), "a built-in lens takes no other").toBeNull();
    expect(readCamera("canon-rf-50mm-f1-8-stm"), "a lens is not a camera").toBeNull();
    expect(readCamera("x".repeat(61))).toBeNull();
  });
});

describe("the compatibility table, row by row", () => {
  it("every adapter adds distance or none (a lens of a longer flange, or M42's ring inside the K bayonet) and no row repeats", () => {
    const pairs = new Set<string>();
    for (const adapter of ADAPTERS) {
      const pair = `${adapter.lensMount}>${adapter.bodyMount}`;
      expect(pairs.has(pair), pair).toBe(false);
      pairs.add(pair);
      const [lens, body] = [MOUNT_FACTS[adapter.lensMount].flangeMm, MOUNT_FACTS[adapter.bodyMount].flangeMm];
      if (pair === "m42>pentax-k") expect(lens, pair).toBe(body);
      else expect(lens, pair).toBeGreaterThan(body);
      // An adapter is never listed for a native fit.
      expect(nativeLensMounts(adapter.bodyMount).includes(adapter.lensMount), pair).toBe(false);
      expect(adapter.phrase, pair).toMatch(/^(a|an|the) /);
    }
  });

  // [lens mount, body mount, what fits: "native", an adapter's autofocus, or null], from the
  // sources named in adapters.ts and mounts.ts.
  const facts: Array<[Mount, Mount, "native" | "kept" | "limited" | "lost" | null]> = [
    ["canon-rf", "canon-rf", "native"],
    ["canon-ef", "canon-rf", "kept"], // Mount Adapter EF-EOS R
    ["canon-ef-s", "canon-rf", "kept"], // the same, in crop
    ["canon-ef-m", "canon-rf", null], // EF-M lenses cannot be adapted to RF
    ["canon-rf", "canon-ef", null], // no RF lens on a DSLR
    ["canon-ef", "canon-ef-s", "native"], // EF lenses on APS-C DSLRs
    ["canon-ef-s", "canon-ef", null], // EF-S lenses do not fit full-frame DSLRs
    ["canon-ef", "canon-ef-m", "kept"], // Mount Adapter EF-EOS M
    ["nikon-f", "nikon-z", "limited"], // FTZ: AF-S/AF-P/AF-I only
    ["nikon-z", "nikon-f", null],
    ["sony-a", "sony-e", "limited"], // LA-EA3/LA-EA5
    ["sony-e", "sony-a", null],
    ["four-thirds", "micro-four-thirds", "kept"], // MMF-3
    ["micro-four-thirds", "four-thirds", null],
    ["canon-ef", "sony-e", "limited"], // Sigma MC-11
    ["canon-ef", "l-mount", "limited"], // Sigma MC-21
    ["sony-e", "nikon-z", "limited"], // Techart TZE-01
    ["nikon-z", "sony-e", null], // 16 mm is shorter than E's 18 mm
    ["leica-m", "l-mount", "lost"], // Leica M-Adapter L, manual as ever
    ["leica-m", "fujifilm-x", "lost"], // Fujifilm M Mount Adapter
    ["leica-m", "canon-ef", null], // 27.8 mm is shorter than EF's 44 mm
    ["nikon-f", "canon-ef", "lost"], // plain F-EF adapters
    ["canon-ef", "nikon-f", null], // 44 mm is shorter than F's 46.5 mm
    ["m42", "pentax-k", "lost"], // Pentax's own Mount Adapter K
    ["m42", "nikon-f", null], // 45.46 mm is shorter than F's 46.5 mm
    ["fujifilm-x", "sony-e", null],
    ["hasselblad-x", "fujifilm-g", null],
  ];
  for (const [lensMount, bodyMount, expected] of facts) {
    it(`a ${lensMount} lens on a ${bodyMount} body: ${expected ?? "does not fit"}`, () => {
      const native = nativeLensMounts(bodyMount).includes(lensMount);
      const adapter = adapterFor(lensMount, bodyMount);
      const found = native ? "native" : (adapter?.autofocus ?? null);
      expect(found).toBe(expected);
      expect(fitOf({ mount: lensMount }, { kind: "mount", key: bodyMount, mount: bodyMount }) === null).toBe(
        expected === null,
      );
    });
  }

  it("every row of the table is reached by fitOf and by the 'fits' filter", () => {
    for (const adapter of ADAPTERS) {
      const fit = fitOf(
        { mount: adapter.lensMount },
        { kind: "mount", key: adapter.bodyMount, mount: adapter.bodyMount },
      );
      expect(fit?.kind, `${adapter.lensMount}>${adapter.bodyMount}`).toBe("adapter");
      expect(mountsThatFit(adapter.bodyMount)).toContain(adapter.lensMount);
    }
    for (const mount of MOUNTS) {
      expect(mountsThatFit(mount)).toContain(mount);
      for (const lensMount of MOUNTS) {
        const fits = fitOf({ mount: lensMount }, { kind: "mount", key: mount, mount }) !== null;
        expect(mountsThatFit(mount).includes(lensMount), `${lensMount} on ${mount}`).toBe(fits);
      }
    }
  });

  it("words the badges a buyer reads", () => {
    const z6 = camera("nikon-z6-ii");
    const lens = (modelKey: string) => ({
      gearKind: "lens" as const,
      mount:
        modelByKey(modelKey)!.kind === "lens"
          ? (modelByKey(modelKey) as { mounts: readonly Mount[] }).mounts[0]!
          : null,
      model: modelKey,
    });
    expect(listingFit(lens("nikon-z-24-70mm-f4-s"), z6)?.label).toBe("Fits your Nikon Z6 II");
    expect(listingFit(lens("nikon-af-s-70-200mm-f2-8e-fl-ed-vr"), z6)?.label).toBe("Fits with the FTZ adapter");
    // A screw-drive lens: the FTZ has no motor to turn it.
    expect(listingFit(lens("nikon-af-50mm-f1-8d"), z6)?.label).toBe("Fits with the FTZ adapter, manual focus");
    // A lens of another model: whether it has its own motor is not known.
    expect(listingFit({ gearKind: "lens", mount: "nikon-f", model: "other" }, z6)?.label).toBe(
      "Fits with the FTZ adapter, autofocus with limits",
    );
    expect(listingFit(lens("leica-summicron-m-50mm-f2"), z6)?.label).toBe("Fits with an M–Z adapter, manual focus");
    expect(listingFit(lens("canon-rf-50mm-f1-8-stm"), z6)).toBeNull();
    expect(listingFit(lens("canon-ef-24-70mm-f2-8l-ii-usm"), camera("canon-eos-r6"))?.label).toBe(
      "Fits with an EF–RF adapter",
    );
    expect(listingFit(lens("canon-rf-50mm-f1-8-stm"), camera("canon-rf"))?.label).toBe("Fits your Canon RF camera");
    // Bodies say nothing of fitting a camera.
    expect(listingFit({ gearKind: "body", mount: "nikon-z", model: "nikon-z5" }, z6)).toBeNull();
    expect(listingFit(lens("nikon-z-24-70mm-f4-s"), null)).toBeNull();
  });
});

describe("serial numbers", () => {
  it("are stored in one normal form and shown by their last three characters only", () => {
    expect(normalizeSerial(" ab-12 345/x ")).toBe("AB12345X");
    expect(normalizeSerial("１２３４ｋ")).toBe("1234K");
    expect(normalizeSerial("--- ...")).toBeNull();
    expect(maskSerial("AB12345X")).toBe("•••45X");
  });
});
