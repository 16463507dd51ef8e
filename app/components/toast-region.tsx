import type { Toast } from "#app/utils/toast.server";
import * as styles from "./layout.css";

/** Server-rendered toast: visible with or without JavaScript, announced to screen readers. */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  return (
    <div className={styles.toastRegion} role="status" aria-live="polite">
      {toast ? (
        <p
          key={toast.message}
          className={`${styles.toast} ${toast.type === "error" ? styles.toastError : styles.toastSuccess}`}
          data-toast-type={toast.type}
        >
          {toast.message}
          {toast.description ? <span> {toast.description}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
