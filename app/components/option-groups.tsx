import type { ChoiceGroup } from "#app/domain/shared/choices";

/** A long select's options in their groups: the camera list, the model list. */
export function OptionGroups({ groups }: { groups: readonly ChoiceGroup[] }) {
  return groups.map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  ));
}
