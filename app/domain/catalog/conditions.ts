// What each condition grade promises a buyer, in one place: the listing page, the Add Product
// field, the search filter and the help page read these words. The grades themselves are the
// closed list CONDITIONS (db/closed-lists.ts); a grade without words here does not compile.
// Browser-safe.

import { listOfChoices } from "#app/domain/shared/choices";
import { CONDITIONS, type Condition } from "#db/closed-lists";

export interface ConditionWords {
  /** A few words, beside the grade's name. */
  summary: string;
  /** What a buyer may expect of an item of this grade. */
  text: string;
}

export const CONDITION_WORDS = {
  Excellent: {
    summary: "Looks and works like new.",
    text: "Hardly used. At most the faintest signs of handling; clean glass (no scratches, haze or fungus); every function, dial and button works as it should.",
  },
  Good: {
    summary: "Used with care.",
    text: "Light signs of use such as small scuffs or marks on the body that do not affect use; clean glass, or marks that do not show in pictures; everything works.",
  },
  Fair: {
    summary: "Well used, fully working.",
    text: "Visible wear: scratches, worn paint or rubber, small dents; the glass may have marks that can show in some pictures. It works, unless the description says otherwise: read it closely.",
  },
} as const satisfies Record<Condition, ConditionWords>;

/** "Choose Excellent, Good or Fair.": a condition that is not one of the grades. */
export const CONDITION_CHOICE_MESSAGE = `Choose ${listOfChoices(CONDITIONS)}.`;

/** The grade's words, or null for a grade we do not know. */
export function conditionWords(condition: string): ConditionWords | null {
  return Object.hasOwn(CONDITION_WORDS, condition) ? CONDITION_WORDS[condition as Condition] : null;
}

/** Every grade, best first, with its words: the help page's guide and the search filter. */
export const CONDITION_GUIDE = CONDITIONS.map((name) => ({ name, ...CONDITION_WORDS[name] }));
