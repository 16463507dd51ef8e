// A listing's gear in words: the specification table of its page and the `gear` of the REST
// answers, built from what is stored and the gear data (names of brands, models, mounts, formats,
// the checklist's words). Browser-safe.

import { groupThousands } from "#app/domain/shared/numbers";
import type { CheckAnswer, ConditionCheck, GearKind, IncludedItem } from "#db/closed-lists";
import { CONDITION_CHECKS } from "#db/closed-lists";
import { brandName, OTHER } from "./brands";
import type { GearFacts } from "./gear-schema";
import {
  CONDITION_CHECK_WORDS,
  conditionChecksFor,
  INCLUDED_ITEM_WORDS,
  NOT_CHECKED,
  SHUTTER_COUNT_METHOD_WORDS,
} from "./listing-words";
import { modelByKey } from "./models";
import { MOUNT_FACTS } from "./mounts";
import { SENSOR_FORMAT_WORDS } from "./sensor-formats";
import { maskSerial } from "./serials";

/** The stored gear of a listing, as its public reads give it (never the whole serial). */
export interface StoredGear extends GearFacts {
  gearKind: GearKind | null;
  /** The serial's last SERIAL_SHOWN characters, or null without one. */
  serialEnd?: string | null;
  included?: IncludedItem[];
  checks?: Partial<Record<ConditionCheck, CheckAnswer>>;
}

/** "Canon", or the name a seller typed for another brand. */
export function gearBrandName(gear: Pick<StoredGear, "brand" | "brandOther">): string | null {
  if (gear.brand === OTHER) return gear.brandOther;
  return brandName(gear.brand);
}

/** "EOS R6" (of the list), or the name typed for another model. */
export function gearModelName(gear: Pick<StoredGear, "model" | "modelOther">): string | null {
  if (gear.model === OTHER) return gear.modelOther;
  return modelByKey(gear.model)?.name ?? null;
}

/** "24-70 mm", "50 mm". */
export function focalText(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  return min === max ? `${min} mm` : `${min}-${max} mm`;
}

/** "f/2.8", "f/4-5.6". */
export function apertureText(wide: number | null, tele: number | null): string | null {
  if (wide === null) return null;
  return tele === null ? `f/${wide}` : `f/${wide}-${tele}`;
}

export interface SpecRow {
  label: string;
  value: string;
}

/** The specification table of a listing page: one row per fact it has, in a buyer's order. */
export function specRows(gear: StoredGear): SpecRow[] {
  const rows: SpecRow[] = [];
  const push = (label: string, value: string | null) => {
    if (value) rows.push({ label, value });
  };
  push("Brand", gearBrandName(gear));
  push("Model", gearModelName(gear));
  if (gear.gearKind === "body" && gear.model && !gear.mount) push("Lens", "Built in");
  push("Mount", gear.mount ? MOUNT_FACTS[gear.mount].name : null);
  push("Sensor format", gear.sensorFormat ? SENSOR_FORMAT_WORDS[gear.sensorFormat].name : null);
  if (gear.shutterCount !== null) {
    const method = gear.shutterCountMethod ? SHUTTER_COUNT_METHOD_WORDS[gear.shutterCountMethod] : null;
    push("Shutter count", `${groupThousands(gear.shutterCount)}${method ? `, as read from ${method}` : ""}`);
  }
  push("Focal length", focalText(gear.focalMinMm, gear.focalMaxMm));
  push("Maximum aperture", apertureText(gear.apertureWide, gear.apertureTele));
  if (gear.included?.length) push("Included", gear.included.map((item) => INCLUDED_ITEM_WORDS[item].label).join(", "));
  for (const check of conditionChecksFor(gear.gearKind)) {
    const answer = gear.checks?.[check];
    const words = CONDITION_CHECK_WORDS[check];
    push(words.question, answer ? words[answer] : NOT_CHECKED);
  }
  if (gear.serialEnd) push("Serial number", `${maskSerial(gear.serialEnd)} (checked against stolen-gear reports)`);
  return rows;
}

/** The gear of a listing for the REST API: keys and names, never the whole serial. */
export function gearRecord(gear: StoredGear) {
  return {
    kind: gear.gearKind,
    brand: gear.brand ? { key: gear.brand, name: gearBrandName(gear) } : null,
    model: gear.model ? { key: gear.model, name: gearModelName(gear) } : null,
    mount: gear.mount ? { key: gear.mount, name: MOUNT_FACTS[gear.mount].name } : null,
    sensorFormat: gear.sensorFormat
      ? { key: gear.sensorFormat, name: SENSOR_FORMAT_WORDS[gear.sensorFormat].name }
      : null,
    shutterCount:
      gear.shutterCount === null
        ? null
        : {
            count: gear.shutterCount,
            readFrom: gear.shutterCountMethod,
            words: gear.shutterCountMethod ? SHUTTER_COUNT_METHOD_WORDS[gear.shutterCountMethod] : null,
          },
    focalLengthMm: gear.focalMinMm === null ? null : { min: gear.focalMinMm, max: gear.focalMaxMm },
    maxAperture: gear.apertureWide === null ? null : { wide: gear.apertureWide, tele: gear.apertureTele },
    ...(gear.included ? { included: gear.included } : {}),
    ...(gear.checks
      ? {
          checks: Object.fromEntries(
            CONDITION_CHECKS.filter((check) => conditionChecksFor(gear.gearKind).includes(check)).map((check) => [
              check,
              gear.checks?.[check] ?? null,
            ]),
          ),
        }
      : {}),
    ...(gear.serialEnd !== undefined ? { serialEnd: gear.serialEnd } : {}),
  };
}
