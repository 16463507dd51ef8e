// A listing's gear fields, as Add Product, the edit page and the REST calls send them, checked by
// one schema (part of the product schema, app/domain/catalog/listing-schema.ts). What a field may
// hold depends on the listing's category: bodies and lenses carry camera data, other gear only
// what came with it and a serial number. A model of the list brings its own facts (mount, sensor,
// focal range, aperture); a field that disagrees with them is refused, never overwritten silently.
// Browser-safe.
import * as z from "zod";
import { listOfChoices } from "#app/domain/shared/choices";
import { groupThousands } from "#app/domain/shared/numbers";
import {
  CHECK_ANSWERS,
  type CheckAnswer,
  CONDITION_CHECKS,
  type ConditionCheck,
  type GearKind,
  INCLUDED_ITEMS,
  type IncludedItem,
  MOUNTS,
  type Mount,
  SENSOR_FORMATS,
  type SensorFormat,
  SHUTTER_COUNT_METHODS,
  type ShutterCountMethod,
} from "#db/closed-lists";
import { brandName, isBrandKey, OTHER } from "./brands";
import { gearKindOf } from "./categories";
import { CONDITION_CHECK_WORDS, conditionChecksFor, INCLUDED_ITEM_WORDS, includedItemsFor } from "./listing-words";
import { type GearModel, modelByKey, modelFullName } from "./models";
import { MOUNT_FACTS } from "./mounts";
import { GEAR_LIMITS, readAperture, readFocal, readShutterCount } from "./numbers";
import { SENSOR_FORMAT_WORDS } from "./sensor-formats";

export { GEAR_LIMITS, readAperture, readFocal, readShutterCount };

import { readSerial, SERIAL_MESSAGES } from "./serials";

/** The gear's facts, one column each, null when a fact does not apply. */
export interface GearFacts {
  brand: string | null;
  brandOther: string | null;
  model: string | null;
  modelOther: string | null;
  mount: Mount | null;
  sensorFormat: SensorFormat | null;
  shutterCount: number | null;
  shutterCountMethod: ShutterCountMethod | null;
  focalMinMm: number | null;
  focalMaxMm: number | null;
  apertureWide: number | null;
  apertureTele: number | null;
}

/** The gear of a listing as it is stored: every field null when it does not apply. */
export interface GearDetails extends GearFacts {
  kind: GearKind | null;
  included: IncludedItem[];
  checks: Partial<Record<ConditionCheck, CheckAnswer>>;
  /** Normalised (serials.ts); never shown in full but to its seller and the admin. */
  serial: string | null;
}

/** Text fields arrive as strings from forms; anything else a client sends is refused by type. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "");

// Optional inside the union, not around it: the form's constraints then ask for no box ticked.
const textList = z
  .union([z.string().optional(), z.array(z.string())])
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** The fields' input shape (form names; `checks.<item>` are nested by the form parser). */
export const gearFields = {
  model: optionalText,
  brand: optionalText,
  brandName: optionalText,
  modelName: optionalText,
  mount: optionalText,
  sensorFormat: optionalText,
  shutterCount: optionalText,
  shutterCountMethod: optionalText,
  focalMin: optionalText,
  focalMax: optionalText,
  apertureWide: optionalText,
  apertureTele: optionalText,
  included: textList,
  checks: z.record(z.string(), z.string()).optional().default({}),
  serialNumber: optionalText,
};

export const GEAR_FIELD_NAMES = Object.keys(gearFields) as Array<keyof typeof gearFields>;

export type GearInput = {
  [K in keyof typeof gearFields]: z.output<(typeof gearFields)[K]>;
};

type Issue = { path: string; message: string };

const CONTROL = /[\u0000-\u001f\u007f]/;
const inList = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const MESSAGES = {
  mountChoice: `Mount must be one of the list (${MOUNTS.length} mounts).`,
  sensorChoice: `Sensor format must be ${listOfChoices(SENSOR_FORMATS.map((format) => SENSOR_FORMAT_WORDS[format].name))}.`,
  methodChoice: "Choose where the shutter count was read.",
  notGear: "Camera data is for camera bodies and lenses: choose such a category or leave these fields empty.",
} as const;

/**
 * The gear of a listing of the category `categorySlug`, or the issues that refuse it (each for
 * its field). Shared by the product schema's transform.
 */
export function readGear(categorySlug: string, input: GearInput): { gear: GearDetails } | { issues: Issue[] } {
  const kind = gearKindOf(categorySlug);
  const issues: Issue[] = [];
  const refuse = (path: string, message: string) => issues.push({ path, message });
  // No gear yet, of this kind; its own lists, filled below.
  const gear: GearDetails = { ...NO_GEAR, kind, included: [], checks: {} };
  const given = {
    brand: input.brand,
    brandName: input.brandName,
    modelName: input.modelName,
    mount: input.mount,
    sensorFormat: input.sensorFormat,
    shutterCount: input.shutterCount,
    shutterCountMethod: input.shutterCountMethod,
    focalMin: input.focalMin,
    focalMax: input.focalMax,
    apertureWide: input.apertureWide,
    apertureTele: input.apertureTele,
  };

  // What came with it, and its serial, for any listing.
  const allowedItems = includedItemsFor(kind);
  for (const item of new Set(input.included.map((value) => value.trim()).filter(Boolean))) {
    if (!inList(INCLUDED_ITEMS, item)) refuse("included", "Choose the included items from the list.");
    else if (!allowedItems.includes(item))
      refuse("included", `${INCLUDED_ITEM_WORDS[item].label} does not come with this kind of item.`);
    else gear.included.push(item);
  }
  gear.included.sort((a, b) => INCLUDED_ITEMS.indexOf(a) - INCLUDED_ITEMS.indexOf(b));
  if (input.serialNumber) {
    const read =
      input.serialNumber.length <= GEAR_LIMITS.serialInput
        ? readSerial(input.serialNumber)
        : { ok: false as const, message: SERIAL_MESSAGES.length };
    if (!read.ok) refuse("serialNumber", read.message);
    else gear.serial = read.serial;
  }

  const allowedChecks = conditionChecksFor(kind);
  for (const [item, raw] of Object.entries(input.checks)) {
    const answer = raw.trim();
    if (answer === "") continue;
    if (!inList(CONDITION_CHECKS, item) || !allowedChecks.includes(item)) {
      refuse(`checks.${item}`, "This checklist item does not apply to this kind of item.");
    } else if (!inList(CHECK_ANSWERS, answer)) {
      refuse(
        `checks.${item}`,
        `Answer “${CONDITION_CHECK_WORDS[item].question}” from the list, or leave it unchecked.`,
      );
    } else gear.checks[item] = answer;
  }

  if (kind === null) {
    if (input.model) refuse("model", MESSAGES.notGear);
    for (const [field, value] of Object.entries(given)) if (value) refuse(field, MESSAGES.notGear);
    return issues.length ? { issues } : { gear };
  }

  // The model: one of the list, "other" with its name typed, or none (no camera data at all).
  if (!input.model) {
    for (const [field, value] of Object.entries(given)) {
      if (value) refuse(field, "Choose the model (or Other) before its details.");
    }
    return issues.length ? { issues } : { gear };
  }
  let model: GearModel | null = null;
  if (input.model === OTHER) {
    readOtherModel(input, gear, refuse);
  } else {
    model = modelByKey(input.model);
    if (!model) refuse("model", "Choose a model from the list, or Other.");
    else if (model.kind !== kind) {
      refuse(
        "model",
        `${modelFullName(model)} is a ${model.kind === "body" ? "camera body" : "lens"}: choose the category ${model.kind === "body" ? "Camera" : "Camera Lens"}, or another model.`,
      );
      model = null;
    } else {
      gear.model = model.key;
      gear.brand = model.brand;
      if (input.brand && input.brand !== model.brand)
        refuse("brand", `${modelFullName(model)} is made by ${brandName(model.brand)}.`);
      if (input.brandName || input.modelName)
        refuse(input.brandName ? "brandName" : "modelName", "Type a name only for a model not in the list (Other).");
    }
  }
  if (issues.length && !gear.model && !gear.modelOther) return { issues };

  if (kind === "body") readBody(input, model, gear, refuse);
  else readLens(input, model, gear, refuse);
  return issues.length ? { issues } : { gear };
}

function readOtherModel(input: GearInput, gear: GearDetails, refuse: (path: string, message: string) => void) {
  const modelName = input.modelName;
  if (!modelName) refuse("modelName", "Type the model's name, or choose it from the list.");
  else if (modelName.length > GEAR_LIMITS.name || CONTROL.test(modelName))
    refuse("modelName", `Model name must be one line of at most ${GEAR_LIMITS.name} characters.`);
  else gear.modelOther = modelName;
  gear.model = OTHER;
  if (!input.brand) refuse("brand", "Choose the brand, or Other.");
  else if (input.brand === OTHER) {
    gear.brand = OTHER;
    if (!input.brandName) refuse("brandName", "Type the brand's name, or choose it from the list.");
    else if (input.brandName.length > GEAR_LIMITS.name || CONTROL.test(input.brandName))
      refuse("brandName", `Brand name must be one line of at most ${GEAR_LIMITS.name} characters.`);
    else gear.brandOther = input.brandName;
  } else if (isBrandKey(input.brand)) {
    gear.brand = input.brand;
    if (input.brandName) refuse("brandName", "Type a brand name only for a brand not in the list (Other).");
  } else refuse("brand", "Choose a brand from the list, or Other.");
}

function readBody(
  input: GearInput,
  model: GearModel | null,
  gear: GearDetails,
  refuse: (path: string, message: string) => void,
) {
  for (const field of ["focalMin", "focalMax", "apertureWide", "apertureTele"] as const) {
    if (input[field]) refuse(field, "Focal length and aperture are for lenses.");
  }
  if (model?.kind === "body") {
    gear.mount = model.mount;
    gear.sensorFormat = model.sensor;
    if (input.mount && input.mount !== model.mount) {
      refuse(
        "mount",
        model.mount
          ? `The ${modelFullName(model)} has the ${MOUNT_FACTS[model.mount].name} mount.`
          : `The ${modelFullName(model)} has a built-in lens: leave Mount empty.`,
      );
    }
    if (input.sensorFormat && input.sensorFormat !== model.sensor) {
      refuse("sensorFormat", `The ${modelFullName(model)} has a ${SENSOR_FORMAT_WORDS[model.sensor].name} sensor.`);
    }
  } else if (gear.model === OTHER) {
    // A body of another model: a fixed-lens camera has no mount.
    if (input.mount) {
      if (inList(MOUNTS, input.mount)) gear.mount = input.mount;
      else refuse("mount", MESSAGES.mountChoice);
    }
    if (!input.sensorFormat) refuse("sensorFormat", "Choose the sensor format.");
    else if (inList(SENSOR_FORMATS, input.sensorFormat)) gear.sensorFormat = input.sensorFormat;
    else refuse("sensorFormat", MESSAGES.sensorChoice);
  }
  if (input.shutterCount) {
    const count = readShutterCount(input.shutterCount);
    if (count === null)
      refuse(
        "shutterCount",
        `Shutter count must be a whole number up to ${groupThousands(GEAR_LIMITS.shutterCountMax)}.`,
      );
    else gear.shutterCount = count;
    if (!input.shutterCountMethod) refuse("shutterCountMethod", "Say where the shutter count was read.");
    else if (inList(SHUTTER_COUNT_METHODS, input.shutterCountMethod))
      gear.shutterCountMethod = input.shutterCountMethod;
    else refuse("shutterCountMethod", MESSAGES.methodChoice);
  } else if (input.shutterCountMethod) {
    refuse("shutterCount", "Give the shutter count, or leave where it was read empty.");
  }
}

function readLens(
  input: GearInput,
  model: GearModel | null,
  gear: GearDetails,
  refuse: (path: string, message: string) => void,
) {
  if (input.sensorFormat) refuse("sensorFormat", "Sensor format is for camera bodies.");
  if (input.shutterCount || input.shutterCountMethod) refuse("shutterCount", "Shutter count is for camera bodies.");
  if (model?.kind === "lens") {
    const name = modelFullName(model);
    if (input.mount) {
      if (inList(MOUNTS, input.mount) && model.mounts.includes(input.mount)) gear.mount = input.mount;
      else
        refuse(
          "mount",
          `The ${name} was made for ${listOfChoices(model.mounts.map((mount) => MOUNT_FACTS[mount].name))}.`,
        );
    } else if (model.mounts.length === 1) gear.mount = model.mounts[0]!;
    else
      refuse(
        "mount",
        `Choose which mount this ${name} has: ${listOfChoices(model.mounts.map((mount) => MOUNT_FACTS[mount].name))}.`,
      );
    [gear.focalMinMm, gear.focalMaxMm] = model.focal;
    gear.apertureWide = model.aperture[0];
    gear.apertureTele = model.aperture[1] ?? null;
    const agrees = (field: "focalMin" | "focalMax" | "apertureWide" | "apertureTele", stated: number | null) => {
      const text = input[field];
      if (!text) return;
      const read = field.startsWith("focal") ? readFocal(text) : readAperture(text);
      if (read !== stated)
        refuse(field, `The ${name}'s is ${stated ?? "not given"}: leave it empty or write the same.`);
    };
    agrees("focalMin", gear.focalMinMm);
    agrees("focalMax", gear.focalMaxMm);
    agrees("apertureWide", gear.apertureWide);
    agrees("apertureTele", gear.apertureTele);
    return;
  }
  if (gear.model !== OTHER) return;
  if (!input.mount) refuse("mount", "Choose the lens's mount.");
  else if (inList(MOUNTS, input.mount)) gear.mount = input.mount;
  else refuse("mount", MESSAGES.mountChoice);
  const min = input.focalMin ? readFocal(input.focalMin) : null;
  const max = input.focalMax ? readFocal(input.focalMax) : min;
  if (!input.focalMin) refuse("focalMin", "Give the focal length in millimetres (the shortest, for a zoom).");
  else if (min === null) refuse("focalMin", "Focal length must be in millimetres, such as 24 or 4.5.");
  if (input.focalMax && max === null) refuse("focalMax", "Focal length must be in millimetres, such as 70.");
  if (min !== null && max !== null) {
    if (max < min) refuse("focalMax", "The longest focal length must not be below the shortest.");
    else [gear.focalMinMm, gear.focalMaxMm] = [min, max];
  }
  const wide = input.apertureWide ? readAperture(input.apertureWide) : null;
  const tele = input.apertureTele ? readAperture(input.apertureTele) : null;
  if (!input.apertureWide) refuse("apertureWide", "Give the maximum aperture, such as 2.8.");
  else if (wide === null) refuse("apertureWide", "Maximum aperture must be an f-number, such as 1.8 or 2.8.");
  if (input.apertureTele && tele === null) refuse("apertureTele", "Maximum aperture must be an f-number, such as 5.6.");
  if (wide !== null) gear.apertureWide = wide;
  if (tele !== null && tele !== wide) {
    if (wide !== null && tele < wide)
      refuse("apertureTele", "At the long end the aperture cannot be wider than at the short end.");
    else gear.apertureTele = tele;
  }
}

/** The gear of a listing without any (the spec's product fields only). */
export const NO_GEAR: Readonly<GearDetails> = {
  kind: null,
  brand: null,
  brandOther: null,
  model: null,
  modelOther: null,
  mount: null,
  sensorFormat: null,
  shutterCount: null,
  shutterCountMethod: null,
  focalMinMm: null,
  focalMaxMm: null,
  apertureWide: null,
  apertureTele: null,
  included: [],
  checks: {},
  serial: null,
};

/** A stored listing's gear as its edit form's fields hold it (the inverse of `readGear`). */
export function gearFormValues(
  stored: Omit<GearDetails, "kind" | "serial" | "included" | "checks"> & {
    serialNumber: string | null;
    included: readonly IncludedItem[];
    checks: Partial<Record<ConditionCheck, CheckAnswer>>;
  },
) {
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  const otherModel = stored.model === OTHER;
  return {
    model: text(stored.model),
    // A model of the list brings its brand; a typed one carries its own.
    brand: otherModel ? text(stored.brand) : "",
    brandName: text(stored.brandOther),
    modelName: text(stored.modelOther),
    mount: text(stored.mount),
    sensorFormat: text(stored.sensorFormat),
    shutterCount: text(stored.shutterCount),
    shutterCountMethod: text(stored.shutterCountMethod),
    focalMin: text(stored.focalMinMm),
    focalMax: text(stored.focalMaxMm),
    apertureWide: text(stored.apertureWide),
    apertureTele: text(stored.apertureTele),
    included: [...stored.included],
    checks: { ...stored.checks } as Record<string, string>,
    serialNumber: text(stored.serialNumber),
  };
}
