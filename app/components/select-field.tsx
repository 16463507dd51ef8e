import type { ReactNode, SelectHTMLAttributes } from "react";
import "./controls.css";
import { describedBy, ErrorList, type ListOfErrors } from "./forms";
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
  const ids = describedBy(selectProps.id, errors, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={selectProps.id} className={styles.label}>
        {label}
      </label>
      <select
        {...selectProps}
        className={styles.input}
        aria-invalid={ids.errorId ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}
