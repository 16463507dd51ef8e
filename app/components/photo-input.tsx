import { useEffect, useState } from "react";
import * as styles from "#app/components/listing-form.css";
import { MAX_PHOTOS, PHOTO_TYPES } from "#app/domain/catalog/photo-keys";
import { Field, type ListOfErrors } from "./forms";

/** With JavaScript, the chosen photos are shown, in the order they will have, before sending. */
function usePhotoPreviews() {
  const [files, setFiles] = useState<File[]>([]);
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const objectUrls = files.filter((file) => file.type.startsWith("image/")).map((file) => URL.createObjectURL(file));
    setUrls(objectUrls);
    return () => {
      for (const url of objectUrls) URL.revokeObjectURL(url);
    };
  }, [files]);
  return { urls, chosen: files.length > 0, choose: (list: FileList | null) => setFiles(list ? [...list] : []) };
}

/**
 * One file input for several photos (`multiple`; without JavaScript the browser's own picker
 * does it all). `room` is how many more the listing can take.
 */
export function PhotoInput({
  id,
  name,
  label,
  room = MAX_PHOTOS,
  errors,
  failed,
  required,
  cover = true,
}: {
  id: string;
  name: string;
  label: string;
  room?: number;
  errors?: ListOfErrors;
  /** The form came back with errors: a browser cannot keep chosen files then. */
  failed: boolean;
  required?: boolean;
  /** The first photo is the listing's cover (not so for a return's photos). */
  cover?: boolean;
}) {
  const previews = usePhotoPreviews();
  const limits = `JPEG, PNG, WebP or AVIF, up to 5 MB each; ${room === 1 ? "1 photo" : `up to ${room} photos`}.${cover ? " The first is the cover." : ""}`;
  const hint =
    failed && !previews.chosen
      ? `${limits} Please choose the photos again: a browser cannot keep chosen files after the form comes back.`
      : limits;
  return (
    <div className={styles.wide}>
      <Field
        label={label}
        inputProps={{
          id,
          name,
          type: "file",
          multiple: room > 1,
          required,
          accept: Object.keys(PHOTO_TYPES).join(","),
          onChange: (event) => previews.choose(event.currentTarget.files),
        }}
        errors={errors}
        hint={hint}
      />
      {previews.urls.length > 0 ? (
        <ol className={styles.previewStrip} aria-label="Chosen photos">
          {previews.urls.map((url, index) => (
            <li key={url}>
              <img src={url} alt={`Chosen file ${index + 1}`} className={styles.preview} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** A photo field's errors, its own and each file's (`img[1]` → "Photo 2: …"). */
export function photoErrors(allErrors: Record<string, string[]>): string[] {
  return Object.entries(allErrors).flatMap(([name, messages]) => {
    const index = /\[(\d+)\]$/.exec(name)?.[1];
    return index === undefined ? messages : messages.map((message) => `Photo ${Number(index) + 1}: ${message}`);
  });
}
