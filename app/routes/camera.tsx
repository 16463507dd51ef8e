import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import * as styles from "#app/components/camera-picker.css";
import { CameraSelect } from "#app/components/camera-select";
import { readCamera } from "#app/domain/gear/camera";
import { button, container, section } from "#app/styles/utilities.css";
import { readCameraReturn, returnHref } from "#app/utils/camera-urls";
import { pageMeta } from "#app/utils/seo";
import { getOptionalUser } from "#app/utils/session.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Fits My Camera", "Choose your camera: lenses then say whether they fit it."),
  { name: "robots", content: "noindex" },
];

/**
 * Choose "my camera" for the storefront page in `back`, and go back to it: a signed-in visitor
 * posts it to that page's action, which keeps it on the account; a visitor gets that page with the
 * camera in its URL. The page writes nothing itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const back = readCameraReturn(new URL(request.url).searchParams.get("back"));
  const viewer = await getOptionalUser(request, context);
  const current = readCamera(back.camera) ?? readCamera(viewer?.camera);
  return {
    signedIn: viewer !== null,
    pathname: back.pathname,
    params: back.params,
    backHref: returnHref(back),
    current: current?.key ?? null,
  };
}

export default function CameraPage() {
  const { signedIn, pathname, params, backHref, current } = useLoaderData<typeof loader>();
  const select = (
    <CameraSelect id="camera-choice" label="Your camera" selected={current} empty="prompt" className={styles.grow} />
  );
  return (
    <div className={`${container} ${section}`}>
      <h1>Fits my camera</h1>
      <p>
        Choose your camera: lens cards, listing pages and the search then say whether a lens fits it, natively or with
        an adapter.
        {signedIn ? " It is kept on your account (Settings, My camera)." : ""}
      </p>
      {signedIn ? (
        <Form method="post" action={backHref} className={styles.row}>
          <input type="hidden" name="intent" value="my-camera" />
          {select}
          <button type="submit" className={button.primary}>
            Save my camera
          </button>
        </Form>
      ) : (
        <Form method="get" action={pathname} className={styles.row}>
          {params.map(([name, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat (condition)
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          {select}
          <button type="submit" className={button.primary}>
            Show what fits
          </button>
        </Form>
      )}
      <p>
        <Link to={backHref}>Back without changing</Link>
      </p>
    </div>
  );
}
