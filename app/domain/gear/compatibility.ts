// "Fits my camera": whether a lens fits a buyer's camera, natively or through an adapter of the
// compatibility table (adapters.ts), and what its badge says. Browser-safe.
import type { GearKind, Mount } from "#db/closed-lists";
import { type Adapter, adapterFor } from "./adapters";
import { type Camera, cameraName } from "./camera";
import { modelByKey } from "./models";
import { MOUNT_FACTS, nativeLensMounts } from "./mounts";

export { mountsThatFit } from "./adapters";
export type { Camera };
export { cameraName };

/** How autofocus fares: as on the lens's own body, with limits, or by hand. */
export type FitFocus = "auto" | "limited" | "manual";

export type Fit =
  | { kind: "native"; label: string }
  | { kind: "adapter"; adapter: Adapter; focus: FitFocus; label: string };

/** A lens as far as fitting goes: its mount, and whether its body's screw drives its focus. */
export interface LensFitFacts {
  mount: Mount;
  modelKey?: string | null;
}

function focusThrough(adapter: Adapter, lens: LensFitFacts): FitFocus {
  if (!MOUNT_FACTS[lens.mount].autofocusLenses || adapter.autofocus === "lost") return "manual";
  if (adapter.autofocus === "kept") return "auto";
  if (!adapter.screwDrive) return "limited";
  const model = modelByKey(lens.modelKey);
  // A lens not in the list: whether it has its own motor is not known.
  if (model?.kind !== "lens") return "limited";
  if (model.focusDrive !== "screw") return "auto";
  return adapter.screwDrive === "lost" ? "manual" : "limited";
}

const FOCUS_SUFFIX: Record<FitFocus, string> = {
  auto: "",
  limited: ", autofocus with limits",
  manual: ", manual focus",
};

/** Whether a lens fits the camera, and how; null when it does not (or the camera has a built-in lens). */
export function fitOf(lens: LensFitFacts, camera: Camera): Fit | null {
  if (nativeLensMounts(camera.mount).includes(lens.mount)) {
    const manual = MOUNT_FACTS[lens.mount].autofocusLenses ? "" : ", manual focus";
    return { kind: "native", label: `Fits your ${cameraName(camera)}${manual}` };
  }
  const adapter = adapterFor(lens.mount, camera.mount);
  if (!adapter) return null;
  const focus = focusThrough(adapter, lens);
  return { kind: "adapter", adapter, focus, label: `Fits with ${adapter.phrase}${FOCUS_SUFFIX[focus]}` };
}

/** How a listing fits the camera: lenses only (a body's mount says nothing of fitting a camera). */
export function listingFit(
  listing: { gearKind: GearKind | null; mount: Mount | null; model: string | null },
  camera: Camera | null,
): Fit | null {
  if (!camera || listing.gearKind !== "lens" || !listing.mount) return null;
  return fitOf({ mount: listing.mount, modelKey: listing.model }, camera);
}
