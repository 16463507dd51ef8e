import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { button } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
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

/**
 * A dialog's closing row: the link back to the page without the dialog (it works without
 * JavaScript), then the form's one decision, if it has one. `tone` "danger" marks a decision
 * that removes something.
 */
export function DialogActions({
  closeHref,
  close = "Close",
  submit,
  tone = "primary",
  pending = false,
  autoFocus = false,
  children,
}: {
  closeHref: string;
  close?: string;
  submit?: string;
  tone?: "primary" | "danger";
  pending?: boolean;
  /** The dialog's one decision takes the focus, without JavaScript too. */
  autoFocus?: boolean;
  /** What stands before the closing link (a second way out, such as a report link). */
  children?: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      {children}
      <Link to={closeHref} className={button.ghost} preventScrollReset replace>
        {close}
      </Link>
      {submit ? (
        <button type="submit" className={button[tone]} disabled={pending} autoFocus={autoFocus}>
          {submit}
        </button>
      ) : null}
    </div>
  );
}

/** What a storefront dialog says when its listing has gone (sold, removed, or an unknown id). */
export function ListingGone({ closeHref }: { closeHref: string }) {
  return (
    <>
      <p>This product is no longer available.</p>
      <DialogActions closeHref={closeHref} />
    </>
  );
}

/**
 * A storefront dialog's form state: with JavaScript it posts through a fetcher, so a refusal comes
 * back in place and the address stays the page's own (a form of the home page, an index route,
 * posts to /?index&…); without it, the page's navigation submits.
 */
export function useDialogSubmission(
  intent: string,
  ...lastResults: Array<SubmissionResult<string[]> | null | undefined>
) {
  const fetcher = useFetcher();
  const submitting = useIsPending({ intent }) || fetcher.state === "submitting";
  const result =
    (fetcher.data as SubmissionResult<string[]> | undefined) ?? lastResults.find((last) => last != null) ?? undefined;
  return { fetcher, submitting, result, typed: (result?.initialValue ?? {}) as Record<string, unknown> };
}
