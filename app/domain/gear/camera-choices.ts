// The camera picker's choices, apart from the model list's lenses: the storefront's pages carry
// this module to the browser. Browser-safe.
import type { ChoiceGroup } from "#app/domain/shared/choices";
import { MOUNTS } from "#db/closed-lists";
import { BODIES } from "./bodies";
import { brandName } from "./brands";
import { MOUNT_FACTS } from "./mounts";

/**
 * The camera picker's choices: the interchangeable-lens bodies, grouped by brand, then the
 * mounts for a camera not in the list.
 */
export const CAMERA_CHOICES: readonly ChoiceGroup[] = [
  ...[...new Set(BODIES.filter((body) => body.mount).map((body) => body.brand))].map((brand) => ({
    label: `${brandName(brand)} bodies`,
    options: BODIES.filter((body) => body.brand === brand && body.mount).map((body) => ({
      value: body.key,
      label: `${brandName(brand)} ${body.name}`,
    })),
  })),
  {
    label: "Another camera: its mount",
    options: MOUNTS.map((mount) => ({ value: mount, label: `A ${MOUNT_FACTS[mount].name} camera` })),
  },
];
