import { Form, Link } from "react-router";
import { button } from "#app/styles/utilities.css";
import { type CameraView, cameraPageHref, keptParams, returnHref } from "#app/utils/camera-urls";
import * as styles from "./camera-picker.css";

/**
 * "My camera" on a storefront page: which camera lens cards and listing pages speak for, and a
 * link to the camera page (/camera) to choose or change it, which sends the visitor back here.
 * The list of cameras lives on that page, not on every storefront page. A signed-in visitor
 * keeps the camera on the account, a visitor in the URL; both work without JavaScript.
 */
export function CameraPicker({
  camera,
  signedIn,
  pathname,
  params,
}: {
  camera: CameraView | null;
  signedIn: boolean;
  pathname: string;
  /** The page's query parameters; the camera page keeps those a camera change leaves alone. */
  params: ReadonlyArray<[string, string]>;
}) {
  const back = { pathname, params: keptParams(params) };
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
      <div className={styles.row}>
        <Link to={cameraPageHref(back)} className={button.secondary}>
          {camera ? "Change camera" : "Choose your camera"}
        </Link>
        {camera && !signedIn ? (
          <Link to={returnHref(back)} preventScrollReset className={button.ghost}>
            Forget my camera
          </Link>
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
      </div>
    </section>
  );
}
