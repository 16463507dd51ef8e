// "Fits my camera" in a page's links: a visitor keeps the camera in the URL, so the links of a
// page whose URL chose one carry it on. The camera is chosen on its own page (/camera), reached
// from a storefront page and sending the visitor back to it: the long list of cameras is not on
// every storefront page.

/** The camera a storefront page speaks for, as its loader data carries it. */
export interface CameraView {
  key: string;
  name: string;
  /** Chosen in the URL (a visitor's, or a link's): the page's links carry it on. */
  fromUrl: boolean;
}

/** What a page's links carry on for its camera: "?camera=…" when the URL chose it, else nothing. */
export function cameraSearch(view: CameraView | null): string {
  return view?.fromUrl ? `?${new URLSearchParams({ camera: view.key })}` : "";
}

/** The page where a camera is chosen. */
export const CAMERA_PAGE = "/camera";

/** The storefront pages that show "Fits my camera", and so the only places /camera sends back to. */
const STOREFRONT_PATH = /^\/(?:search|products\/[^/]+|listings\/[^/]+)$/;

/** Parameters a camera change leaves behind: the camera itself, the page of results, any dialog. */
const DROPPED = new Set(["camera", "page", "book", "wishlist", "report"]);

/** A storefront page's address as /camera works with it: its path and the parameters it keeps. */
export interface CameraReturn {
  pathname: string;
  params: Array<[string, string]>;
}

/** The page's other parameters, kept when a camera is chosen or forgotten. */
export function keptParams(params: Iterable<[string, string]>): Array<[string, string]> {
  return [...params].filter(([name]) => !DROPPED.has(name));
}

export function returnHref({ pathname, params }: CameraReturn): string {
  return params.length ? `${pathname}?${new URLSearchParams(params)}` : pathname;
}

/** The link from a storefront page to /camera, carrying where to come back to. */
export function cameraPageHref(back: CameraReturn): string {
  return `${CAMERA_PAGE}?${new URLSearchParams({ back: returnHref(back) })}`;
}

/**
 * Where /camera sends a visitor back to, read from its `back` parameter: a storefront page of
 * this site and its kept parameters, never another site or another kind of page (the search
 * otherwise). Also the camera that page's URL chose, if any.
 */
export function readCameraReturn(back: string | null): CameraReturn & { camera: string | null } {
  const fallback = { pathname: "/search", params: [], camera: null };
  if (!back?.startsWith("/") || back.startsWith("//") || back.includes("\\")) return fallback;
  const base = "https://pay-and-buy.invalid";
  let url: URL;
  try {
    url = new URL(back, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || !STOREFRONT_PATH.test(url.pathname)) return fallback;
  return { pathname: url.pathname, params: keptParams(url.searchParams), camera: url.searchParams.get("camera") };
}
