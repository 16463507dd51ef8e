import { CAMERA_CHOICES } from "#app/domain/gear/camera-choices";
import * as formStyles from "./forms.css";
import { OptionGroups } from "./option-groups";

/**
 * The list of cameras, grouped by brand: on the camera page and in Settings. Without a camera
 * the first option is either a prompt the form refuses (`required`) or "No camera".
 */
export function CameraSelect({
  id,
  label,
  selected,
  empty,
  className,
}: {
  id: string;
  label: string;
  selected: string | null;
  empty: "prompt" | "none";
  className?: string;
}) {
  return (
    <div className={className ? `${formStyles.field} ${className}` : formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name="camera"
        defaultValue={selected ?? ""}
        className={formStyles.input}
        required={empty === "prompt"}
      >
        {empty === "prompt" ? (
          <option value="" disabled>
            Choose your camera
          </option>
        ) : (
          <option value="">No camera</option>
        )}
        <OptionGroups groups={CAMERA_CHOICES} />
      </select>
    </div>
  );
}
