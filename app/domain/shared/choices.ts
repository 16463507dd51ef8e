// Messages that name the values of a closed list (db/closed-lists.ts), built from the list so a
// new value shows in every message at once. Browser-safe.

/** ["Excellent", "Good", "Fair"] → "Excellent, Good or Fair". */
export function listOfChoices(values: readonly string[], last = "or"): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} ${last} ${values.at(-1)}`;
}

/** A long list's choices in groups (a brand's bodies, its lenses, …), as a select shows them. */
export interface ChoiceGroup {
  label: string;
  options: Array<{ value: string; label: string }>;
}
