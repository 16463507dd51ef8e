// The model field's choices on Add Product and the edit page: every body and lens of the list,
// grouped by brand and kind, and "Other". Browser-safe.

import type { ChoiceGroup } from "#app/domain/shared/choices";
import { BODIES } from "./bodies";
import { BRANDS, OTHER } from "./brands";
import { LENSES } from "./models";

export const MODEL_CHOICES: readonly ChoiceGroup[] = BRANDS.flatMap((brand) => [
  ...[
    { label: `${brand.name} bodies`, models: BODIES.filter((model) => model.brand === brand.key) },
    { label: `${brand.name} lenses`, models: LENSES.filter((model) => model.brand === brand.key) },
  ]
    .filter((group) => group.models.length > 0)
    .map((group) => ({
      label: group.label,
      options: group.models.map((model) => ({ value: model.key, label: `${brand.name} ${model.name}` })),
    })),
]);

export const OTHER_MODEL = { value: OTHER, label: "Other (not in the list): type its name" };
