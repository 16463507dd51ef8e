import { useState } from "react";
import { photoSources, photoUrl } from "../domain/photo-keys";
import { useHydrated } from "../utils/use-hydrated";
import * as styles from "./table.css";

/**
 * A 64x64 thumbnail (the 320 rendition). Without JavaScript it links to the large photo; with
 * JavaScript the link opens a zoomed view in place.
 */
export function ImageZoom({ photoKey, alt }: { photoKey: string | null; alt: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
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
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <img src={thumb.src} alt="" width={64} height={64} loading="lazy" decoding="async" className={styles.thumb} />
      </a>
      {open ? (
        <div className={styles.zoomBackdrop} role="dialog" aria-modal="true" aria-label={alt}>
          <img src={src} alt={alt} width={800} height={600} className={styles.zoomImage} />
          <button type="button" className={styles.zoomClose} onClick={() => setOpen(false)} autoFocus>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}
