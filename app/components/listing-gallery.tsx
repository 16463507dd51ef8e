import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { ListingPhoto } from "#app/domain/catalog/listings.server";
import { photoSources } from "#app/domain/catalog/photo-keys";
import { useHydrated } from "#app/utils/use-hydrated";
import * as styles from "./listing-gallery.css";

/** The `?photo=` a thumbnail links to: the page's own URL without its dialogs. */
function photoHref(search: string, pathname: string, position: number) {
  const params = new URLSearchParams(search);
  params.delete("book");
  params.delete("report");
  params.set("photo", String(position));
  return `${pathname}?${params}`;
}

/**
 * One large photo and a thumbnail link per photo. Without JavaScript a thumbnail is a link to
 * the same page with `?photo=N`, which the server renders with that photo large; with
 * JavaScript the photo changes in place and the address follows, without a page load.
 */
export function ListingGallery({ photos, selected }: { photos: ListingPhoto[]; selected: number }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [current, setCurrent] = useState(selected);
  useEffect(() => setCurrent(selected), [selected]);
  const shown = photos[current - 1] ?? photos[0];
  const large = shown ? photoSources(shown.key, "large") : null;
  if (!shown || !large) return <div className={styles.missing}>Photo not found</div>;
  return (
    <figure className={styles.gallery} aria-label="Photos">
      <img
        src={large.src}
        srcSet={large.srcSet}
        // The stage spans the page's first column: full width on a phone, about half from 768 px.
        sizes="(min-width: 768px) 50vw, 100vw"
        alt={shown.alt}
        width={800}
        height={600}
        className={styles.stage}
        decoding="async"
        // The page's largest paint: asked for before the thumbnails.
        fetchPriority="high"
      />
      <ul className={styles.thumbs} aria-label="Choose a photo">
        {photos.map((photo, index) => {
          const position = index + 1;
          const href = photoHref(location.search, location.pathname, position);
          return (
            <li key={photo.key}>
              <Link
                to={href}
                replace
                preventScrollReset
                className={styles.thumbLink}
                aria-current={position === current ? "true" : undefined}
                aria-label={`Show photo ${position} of ${photos.length}`}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setCurrent(position);
                  window.history.replaceState(window.history.state, "", href);
                }}
              >
                <img
                  src={photoSources(photo.key, "thumb")?.src}
                  alt=""
                  width={160}
                  height={120}
                  className={styles.thumb}
                  loading="lazy"
                  decoding="async"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
