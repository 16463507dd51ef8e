import { useEffect, useRef } from "react";
import * as styles from "./error-summary.css";

export interface SummaryError {
  /** The id of the field in error (its link's target); null for an error of the whole form. */
  fieldId: string | null;
  message: string;
}

/**
 * "There is a problem": a refused form's messages at its top, each linked to its field. Without
 * JavaScript the server renders it with autofocus; with JavaScript the focus moves to it each
 * time a new refusal comes back, so a screen reader and a sighted buyer both start there.
 */
export function ErrorSummary({ id, errors }: { id: string; errors: SummaryError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = errors.map((error) => `${error.fieldId}:${error.message}`).join("|");
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  if (!errors.length) return null;
  return (
    <div ref={ref} id={id} className={styles.summary} role="alert" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h3 id={`${id}-title`} className={styles.title}>
        There is a problem
      </h3>
      <ul className={styles.list}>
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            {error.fieldId ? <a href={`#${error.fieldId}`}>{error.message}</a> : error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
