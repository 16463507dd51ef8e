// The buyer's camera as a URL or an account names it: the key of a body of the model list, or of
// a mount (a visitor who knows only "Sony E"). Browser-safe.
import type { Mount } from "#db/closed-lists";
import { BODIES, type BodyModel } from "./bodies";
import { brandName } from "./brands";
import { isMount, MOUNT_FACTS } from "./mounts";

/** A buyer's camera: a body of the model list, or just its mount. */
export type Camera =
  | { kind: "body"; key: string; model: BodyModel; mount: Mount }
  | { kind: "mount"; key: Mount; mount: Mount };

const bodyByKey = new Map(BODIES.map((body) => [body.key, body]));

/** The longest camera key accepted, so a URL's value is never looked at further. */
export const CAMERA_KEY_MAX = 60;

/** The camera a key names, or null: not a key of an interchangeable-lens body or of a mount. */
export function readCamera(key: string | null | undefined): Camera | null {
  if (!key || key.length > CAMERA_KEY_MAX) return null;
  if (isMount(key)) return { kind: "mount", key, mount: key };
  const model = bodyByKey.get(key);
  if (!model?.mount) return null;
  return { kind: "body", key, model, mount: model.mount };
}

/** What to call the buyer's camera: "Canon EOS R6", or "Canon RF camera" for a mount alone. */
export function cameraName(camera: Camera): string {
  return camera.kind === "body"
    ? `${brandName(camera.model.brand) ?? ""} ${camera.model.name}`.trim()
    : `${MOUNT_FACTS[camera.mount].name} camera`;
}
