// What a person recognises a session by: the browser and system its User-Agent names ("Firefox
// on Android"), parsed by bowser when the sessions are listed (loaded only then).
import type { SessionKind } from "#db/closed-lists";

/** A session's device as its list shows it. */
export async function describeDevice(userAgent: string | null, kind: SessionKind): Promise<string> {
  const program = kind === "api" ? "API token" : null;
  if (!userAgent) return program ?? "Unknown browser";
  const { parse } = await import("bowser");
  let found: ReturnType<typeof parse>;
  try {
    found = parse(userAgent);
  } catch {
    return program ?? "Unknown browser";
  }
  const browser = found.browser.name;
  const system = [found.os.name, found.os.versionName].filter(Boolean).join(" ");
  const device = found.platform.type && found.platform.type !== "desktop" ? ` (${found.platform.type})` : "";
  const named = browser && system ? `${browser} on ${system}` : (browser ?? system ?? "");
  if (program) return named ? `${program}, ${named}` : `${program}, ${userAgent.slice(0, 40)}`;
  return named ? `${named}${device}` : "Unknown browser";
}
