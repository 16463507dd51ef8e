import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import { button } from "#app/styles/utilities.css";
import * as styles from "./confirm-dialog.css";

/**
 * How Yes and No reach the server: as an `intent` of the page's own action, or each at an action of
 * its own (ADR 0071: the URLs the buttons post to, with the list's search and page).
 */
type Answers =
  | { confirmIntent: string; cancelIntent: string; confirmAction?: never; cancelAction?: never }
  | { confirmAction: string; cancelAction: string; confirmIntent?: never; cancelIntent?: never };

/**
 * A confirmation driven by the URL (`?confirm=…`): the server renders it open, Yes and No are
 * form posts, so it works without JavaScript. With JavaScript it becomes modal (focus stays
 * inside) and Escape answers No.
 */
export function ConfirmDialog({
  title,
  question,
  detail,
  fields,
  yes = "Yes",
  no = "No",
  ...answers
}: {
  title: string;
  question: string;
  detail?: ReactNode;
  fields: Record<string, string>;
  /** The answers' words, where "Yes" and "No" would not say what they do. */
  yes?: string;
  no?: string;
} & Answers) {
  // A button of its own action says so with `formaction`; one of the page's action, with `intent`.
  const answer = (intent: string | undefined, action: string | undefined) =>
    action ? { formAction: action } : { name: "intent", value: intent };
  const dialogRef = useRef<HTMLDialogElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
    noRef.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      open
      className={styles.dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-question"
      onCancel={(event) => {
        event.preventDefault();
        noRef.current?.click();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-question">{question}</p>
      {detail}
      <Form method="post" className={styles.actions}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" {...answer(answers.confirmIntent, answers.confirmAction)} className={button.danger}>
          {yes}
        </button>
        <button
          type="submit"
          {...answer(answers.cancelIntent, answers.cancelAction)}
          className={button.ghost}
          ref={noRef}
          autoFocus
        >
          {no}
        </button>
      </Form>
    </dialog>
  );
}
