// What each condition grade promises a buyer: one text per grade, shown beside the grade on a
// listing page (and on any page that explains the grades). Browser-safe.
import type { Condition } from "../../db/schema";

export const CONDITION_GRADES: Record<Condition, string> = {
  Excellent: "Barely used: no marks beyond light handling, everything works as new.",
  Good: "Used with care: light signs of wear that do not affect use, everything works.",
  Fair: "Well used: visible wear or cosmetic damage, fully working; check the description.",
};

/** The grade's one-line explanation, or null for a grade we do not know. */
export function conditionGrade(condition: string): string | null {
  return Object.hasOwn(CONDITION_GRADES, condition) ? CONDITION_GRADES[condition as Condition] : null;
}
