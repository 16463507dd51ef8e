import { Form, useNavigation } from "@remix-run/react";
import { button } from "../styles/utilities.css";
import { UrlDialog } from "./dialog";
import * as styles from "./dialog.css";

/**
 * Yes/No confirmation (spec section 8). Yes posts the action; No posts `intent=keep`, which
 * the route answers with the 'You have canceled this process' toast.
 */
export function ConfirmDialog({
  title,
  question,
  closeHref,
  intent,
  fields,
}: {
  title: string;
  question: string;
  closeHref: string;
  intent: string;
  fields: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <UrlDialog title={title} closeHref={closeHref}>
      <p>{question}</p>
      <div className={styles.actions}>
        <Form method="post" action={closeHref} preventScrollReset>
          <input type="hidden" name="intent" value="keep" />
          <button type="submit" className={button.ghost} disabled={busy}>
            No
          </button>
        </Form>
        <Form method="post" action={closeHref} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={button.danger} disabled={busy}>
            Yes
          </button>
        </Form>
      </div>
    </UrlDialog>
  );
}
