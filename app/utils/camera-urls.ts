// "Fits my camera" in a page's links: a visitor keeps the camera in the URL, so the links of a
// page whose URL chose one carry it on.

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
