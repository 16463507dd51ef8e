// The words of a listing's gear fields: the closed lists SHUTTER_COUNT_METHODS, INCLUDED_ITEMS,
// CONDITION_CHECKS and CHECK_ANSWERS (db/closed-lists.ts), each with the kinds of gear it applies
// to. A value without its words here does not compile. Browser-safe.
import type { ConditionCheck, GearKind, IncludedItem, ShutterCountMethod } from "#db/closed-lists";

/** "As read from": where the seller read the shutter count. */
export const SHUTTER_COUNT_METHOD_WORDS = {
  "camera-menu": "the camera's own menu",
  "photo-exif": "a recent photo's EXIF data",
  software: "software over USB (such as EOSInfo or ShutterCount)",
  "service-report": "a manufacturer's service report",
  estimate: "the seller's estimate",
} as const satisfies Record<ShutterCountMethod, string>;

/** "Null" kinds: any listing, gear or not. */
export const INCLUDED_ITEM_WORDS = {
  box: { label: "Original box", kinds: null },
  manual: { label: "Manual", kinds: null },
  receipt: { label: "Receipt or warranty card", kinds: null },
  "body-cap": { label: "Body cap", kinds: ["body"] },
  "front-cap": { label: "Front lens cap", kinds: ["lens"] },
  "rear-cap": { label: "Rear lens cap", kinds: ["lens"] },
  hood: { label: "Lens hood", kinds: ["lens"] },
  battery: { label: "Battery", kinds: ["body"] },
  charger: { label: "Charger", kinds: ["body"] },
  strap: { label: "Strap", kinds: null },
  case: { label: "Case or pouch", kinds: null },
  cable: { label: "Cable", kinds: null },
} as const satisfies Record<IncludedItem, { label: string; kinds: readonly GearKind[] | null }>;

/** Each checklist item: its question, the words of each answer, and the kinds it applies to. */
export const CONDITION_CHECK_WORDS = {
  sensor: {
    question: "Sensor",
    fine: "Clean: no marks or dust that show in photos",
    issue: "Marks or dust that show in photos",
    kinds: ["body"],
  },
  shutter: {
    question: "Shutter",
    fine: "Works at every speed",
    issue: "Faulty at some speeds",
    kinds: ["body"],
  },
  screen: {
    question: "Screen and viewfinder",
    fine: "Work, no dead pixels",
    issue: "Dead pixels, marks or a fault",
    kinds: ["body"],
  },
  autofocus: {
    question: "Autofocus",
    fine: "Works",
    issue: "Faulty or unreliable",
    kinds: ["body", "lens"],
  },
  aperture: {
    question: "Aperture",
    fine: "Blades clean, dry and working",
    issue: "Sticky, oily or faulty blades",
    kinds: ["lens"],
  },
  "haze-fungus": {
    question: "Haze or fungus",
    fine: "None",
    issue: "Haze or fungus inside",
    kinds: ["lens"],
  },
  "front-element": {
    question: "Front element",
    fine: "No scratches",
    issue: "Scratched",
    kinds: ["lens"],
  },
} as const satisfies Record<
  ConditionCheck,
  { question: string; fine: string; issue: string; kinds: readonly GearKind[] }
>;

/** What an unanswered checklist item says. */
export const NOT_CHECKED = "Not checked by the seller";

export function includedItemsFor(kind: GearKind | null): IncludedItem[] {
  return (Object.keys(INCLUDED_ITEM_WORDS) as IncludedItem[]).filter((item) => {
    const kinds: readonly GearKind[] | null = INCLUDED_ITEM_WORDS[item].kinds;
    return kinds === null || (kind !== null && kinds.includes(kind));
  });
}

export function conditionChecksFor(kind: GearKind | null): ConditionCheck[] {
  if (kind === null) return [];
  return (Object.keys(CONDITION_CHECK_WORDS) as ConditionCheck[]).filter((check) =>
    (CONDITION_CHECK_WORDS[check].kinds as readonly GearKind[]).includes(kind),
  );
}
