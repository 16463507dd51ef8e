import { useRef } from "react";
import { photoSources, photoUrl } from "#app/domain/catalog/photo-keys";
import { useHydrated } from "#app/utils/use-hydrated";
import * as styles from "./table.css";

/**
 * A 64x64 thumbnail (the 320 rendition). Without JavaScript it links to the full image; with JavaScript the link
 * opens the photo in a native modal <dialog> (showModal): the page behind is inert, the focus
 * stays inside, Escape or Close (or a click beside the photo) closes it, and the focus returns
 * to the thumbnail.
 */
export function ImageZoom({ photoKey, alt }: { photoKey: string | null; alt: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const src = photoUrl(photoKey);
  const thumb = photoSources(photoKey, "thumb");
  if (!src || !thumb) return <span className={styles.noImage}>No photo</span>;
  return (
    <>
      <a
        href={src}
        className={styles.thumbLink}
        aria-label={`Enlarge the photo of ${alt}`}
        onClick={(event) => {
          if (typeof dialog.current?.showModal !== "function") return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        <img src={thumb.src} alt="" width={64} height={64} loading="lazy" decoding="async" className={styles.thumb} />
      </a>
      {hydrated ? (
        // A click on the backdrop (the dialog itself, not its content) closes it; keyboard users have Escape and Close.
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the dialog's own keyboard equivalent
        <dialog
          ref={dialog}
          className={styles.zoomDialog}
          aria-label={alt}
          onClick={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <img src={src} alt={alt} width={800} height={600} loading="lazy" className={styles.zoomImage} />
          <form method="dialog">
            <button type="submit" className={styles.zoomClose} autoFocus>
              Close
            </button>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
