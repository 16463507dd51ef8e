// A return's photos (ADR 0107), as its parties and the admin see them: small squares that open the
// large rendition. Served only to those three by /dashboard/return-photos/:key.
import * as styles from "#app/components/deal.css";

const photoUrl = (key: string, width: 320 | 1280) => `/dashboard/return-photos/${key}${width === 320 ? "?w=320" : ""}`;

export function ReturnPhotos({
  photos,
  label,
}: {
  photos: ReadonlyArray<{ key: string; side: "buyer" | "seller" }>;
  label: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.returnPhotos} aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.key}>
          <a href={photoUrl(photo.key, 1280)}>
            <img
              src={photoUrl(photo.key, 320)}
              alt={`${photo.side === "buyer" ? "Sent by the buyer" : "Sent by the seller"}, ${index + 1}`}
              width={96}
              height={96}
              className={styles.returnPhoto}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
