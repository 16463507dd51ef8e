import { Form, Link } from "@remix-run/react";
import { CAMERA_CHOICES } from "#app/domain/gear/camera-choices";
import { button } from "#app/styles/utilities.css";
import * as styles from "./camera-picker.css";
import * as formStyles from "./forms.css";

/**
 * "My camera": chosen once, lens cards and listing pages say whether they fit it. A signed-in
 * visitor keeps it on the account (a POST with intent "my-camera" to the page's own action); a
 * visitor keeps it in the URL (a GET to the same page with its other parameters). Both work
 * without JavaScript.
 */
export function CameraPicker({
  camera,
  signedIn,
  pathname,
  params,
}: {
  camera: { key: string; name: string; fromUrl: boolean } | null;
  signedIn: boolean;
  pathname: string;
  /** The page's other query parameters, kept by the visitor's GET form (dialogs and the page left out). */
  params: ReadonlyArray<[string, string]>;
}) {
  const kept = params.filter(([name]) => !["camera", "page", "book", "wishlist", "report"].includes(name));
  const withoutCamera = kept.length ? `${pathname}?${new URLSearchParams([...kept])}` : pathname;
  const select = (
    <div className={`${formStyles.field} ${styles.select}`}>
      <label htmlFor="camera-choice" className={formStyles.label}>
        {camera ? "Change camera" : "Your camera"}
      </label>
      <select id="camera-choice" name="camera" defaultValue={camera?.key ?? ""} className={formStyles.input} required>
        <option value="" disabled>
          Choose your camera
        </option>
        {CAMERA_CHOICES.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
  return (
    <section className={styles.panel} aria-labelledby="camera-heading">
      <h2 id="camera-heading" className={styles.heading}>
        Fits my camera
      </h2>
      <p className={styles.text}>
        {camera
          ? `Lenses say whether they fit your ${camera.name}, natively or with an adapter.`
          : "Choose your camera once: lenses then say whether they fit it, natively or with an adapter."}
      </p>
      {signedIn ? (
        <Form
          method="post"
          action={`${pathname}${kept.length ? `?${new URLSearchParams([...kept])}` : ""}`}
          className={styles.row}
          preventScrollReset
        >
          <input type="hidden" name="intent" value="my-camera" />
          {select}
          <button type="submit" className={button.secondary}>
            Save my camera
          </button>
        </Form>
      ) : (
        <Form method="get" action={pathname} className={styles.row} preventScrollReset>
          {kept.map(([name, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat (condition)
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          {select}
          <button type="submit" className={button.secondary}>
            Show what fits
          </button>
        </Form>
      )}
      {camera && !signedIn ? (
        <p className={styles.text}>
          <Link to={withoutCamera} preventScrollReset>
            Forget my camera
          </Link>
        </p>
      ) : null}
      {camera && signedIn && !camera.fromUrl ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="my-camera" />
          <input type="hidden" name="camera" value="" />
          <button type="submit" className={button.ghost}>
            Forget my camera
          </button>
        </Form>
      ) : null}
    </section>
  );
}
