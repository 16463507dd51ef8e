// A QR code drawn on the server as SVG, for an <img> that works without JavaScript. lean-qr is a
// maintained encoder of about 4 KiB gzip (qrcode weighed twice that, ADR 0059); it is loaded
// only by the page that draws one.

/** The SVG of a QR code for `text`, as a data: URL for an <img>. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const [{ generate, correction }, { toSvgDataURL }] = await Promise.all([
    import("lean-qr"),
    import("lean-qr/extras/svg"),
  ]);
  const code = generate(text, { minCorrectionLevel: correction.M });
  return toSvgDataURL(code, { on: "black", off: "white", padX: 2, padY: 2 });
}
