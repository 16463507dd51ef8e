import { useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import * as styles from "./dialog.css";

/**
 * A dialog driven by the URL: the server renders it open when the page's URL asks for it, so it
 * works without JavaScript (Cancel is a link back). With JavaScript it becomes a real modal
 * (focus kept inside, Escape closes it).
 */
export function UrlDialog({
  title,
  closeHref,
  children,
  labelledBy = "dialog-title",
}: {
  title: string;
  closeHref: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (dialog.open && !dialog.matches(":modal")) {
      // A field that took the focus (autoFocus) keeps it: showModal would move it to the first.
      const focused = document.activeElement;
      dialog.close();
      dialog.showModal();
      if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeHref, navigate]);
  return (
    <div className={styles.backdrop}>
      <dialog ref={ref} open className={styles.dialog} aria-labelledby={labelledBy} aria-modal="true">
        <h2 id={labelledBy} className={styles.title}>
          {title}
        </h2>
        {children}
      </dialog>
    </div>
  );
}
