// What a person recognises a session by: the browser and the system its User-Agent names
// ("Firefox on Android"). A handful of ordered rules, enough to tell one's own devices apart; a
// parser library (bowser) weighed 34 KB in a Worker at its size budget for this one list.
import type { SessionKind } from "#db/closed-lists";

/** Browsers, most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** Systems, most specific first: Android also says "Linux", iOS also says "Mac OS X". */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Programs that call the REST API. */
const PROGRAMS: Array<[RegExp, string]> = [
  [/^curl\//i, "curl"],
  [/^python-requests\/|^Python-urllib\//i, "Python"],
  [/^node(-fetch)?\b|^undici\b|^axios\//i, "Node.js"],
  [/^Go-http-client\//, "Go"],
  [/^PostmanRuntime\//, "Postman"],
];

const first = (rules: Array<[RegExp, string]>, text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

/** A session's device as its list shows it. */
export function describeDevice(userAgent: string | null, kind: SessionKind): string {
  const apiToken = kind === "api" ? "API token" : null;
  if (!userAgent) return apiToken ?? "Unknown browser";
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  const named = browser && system ? `${browser} on ${system}` : (browser ?? system ?? first(PROGRAMS, userAgent));
  if (apiToken) return named ? `${apiToken}, ${named}` : apiToken;
  return named ?? "Unknown browser";
}
