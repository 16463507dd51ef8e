import { Form } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { button } from "#app/styles/utilities.css";
import * as styles from "./confirm-dialog.css";

/**
 * A confirmation driven by the URL (`?confirm=…`): the server renders it open, Yes and No are
 * form posts (`intent` = confirmIntent or cancelIntent), so it works without JavaScript. With
 * JavaScript it becomes modal (focus stays inside) and Escape answers No.
 */
export function ConfirmDialog({
  title,
  question,
  detail,
  fields,
  confirmIntent,
  cancelIntent,
}: {
  title: string;
  question: string;
  detail?: ReactNode;
  fields: Record<string, string>;
  confirmIntent: string;
  cancelIntent: string;
}) {
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
        <button type="submit" name="intent" value={confirmIntent} className={button.danger}>
          Yes
        </button>
        <button type="submit" name="intent" value={cancelIntent} className={button.ghost} ref={noRef} autoFocus>
          No
        </button>
      </Form>
    </dialog>
  );
}
