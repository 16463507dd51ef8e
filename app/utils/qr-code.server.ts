// A QR code drawn on the server as SVG (qrcode's renderer needs no canvas), for an <img> that
// works without JavaScript. The library is loaded only by the page that draws one.

/** The SVG of a QR code for `text`, as a data: URL for an <img>. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const loaded = await import("qrcode");
  // A CommonJS module: its functions are named exports or on its default export, by bundler.
  const qrcode = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  const svg = await qrcode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
