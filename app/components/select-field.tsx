import type { ReactNode, SelectHTMLAttributes } from "react";
import "./controls.css";
import { FieldFrame, type ListOfErrors } from "./forms";
import * as styles from "./forms.css";

/** A labelled select with its hint and errors (aria-describedby), drawn by controls.css. */
export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  hint,
}: {
  label: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  return (
    <FieldFrame id={selectProps.id} label={label} errors={errors} hint={hint}>
      {(aria) => (
        <select {...selectProps} className={styles.input} {...aria}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
