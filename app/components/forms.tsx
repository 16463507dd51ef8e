import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useEffect, useState } from "react";
import { visuallyHidden } from "#app/styles/utilities.css";
import { HONEYPOT_FIELD } from "#app/utils/honeypot";
import { useHydrated } from "#app/utils/use-hydrated";
import * as styles from "./forms.css";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** Errors announced with the field they belong to (aria-describedby points here). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = errors?.filter(Boolean) as string[] | undefined;
  if (!messages?.length) return null;
  return (
    <ul id={id} className={styles.errors}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type ControlAria = { "aria-invalid"?: true; "aria-describedby"?: string };

/** A labelled control with its hint and errors, tied together by aria-describedby. */
export function FieldFrame({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: ListOfErrors;
  hint?: ReactNode;
  children: (aria: ControlAria) => ReactNode;
}) {
  const ids = describedBy(id, errors, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ "aria-invalid": ids.errorId ? true : undefined, "aria-describedby": ids.describedBy })}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  return (
    <FieldFrame id={inputProps.id} label={label} errors={errors} hint={hint}>
      {(aria) => <input {...inputProps} className={styles.input} {...aria} />}
    </FieldFrame>
  );
}

/** The ids that tie a control to its hint and errors (aria-describedby). */
function describedBy(id: string, errors?: ListOfErrors, hint?: ReactNode) {
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  hint,
}: {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string };
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  return (
    <FieldFrame id={textareaProps.id} label={label} errors={errors} hint={hint}>
      {(aria) => <textarea {...textareaProps} className={`${styles.input} ${styles.textarea}`} {...aria} />}
    </FieldFrame>
  );
}

/** A password field; with JavaScript a Show/Hide toggle is added, without it the field just works. */
export function PasswordField(props: Parameters<typeof Field>[0]) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={props.inputProps.id} label={props.label} errors={props.errors} hint={props.hint}>
      {(aria) => (
        <div className={styles.passwordRow}>
          <input {...props.inputProps} type={visible ? "text" : "password"} className={styles.input} {...aria} />
          {hydrated ? (
            <button
              type="button"
              className={styles.toggle}
              aria-controls={props.inputProps.id}
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
            >
              {visible ? "Hide" : "Show"}
              <span className={visuallyHidden}> password</span>
            </button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

/** Invisible to people (and screen readers), tempting to bots. */
export function Honeypot() {
  return (
    <div className={visuallyHidden} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * A failed submit never keeps the password: the server does not send it back, and with
 * JavaScript (no page reload) the field is emptied after the answer arrives.
 */
export function useClearAfterError(lastResult: { status?: string } | null | undefined, inputId: string) {
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, inputId]);
}
