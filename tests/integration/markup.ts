// Reading a rendered page's elements by their attributes, in whatever order React writes them
// (React 19 writes `name` last and `readOnly` in camel case; HTML attribute names are
// case-insensitive).

/** The attributes of each `<tag …>` start tag of `html`, names lowercased, with what follows it. */
export function elements(html: string, tag: string): { attributes: Map<string, string>; after: string }[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map((match) => ({
    attributes: new Map(
      [...(match[1] ?? "").matchAll(/([^\s"'=/>]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        (name as string).toLowerCase(),
        value ?? "",
      ]),
    ),
    after: html.slice((match.index ?? 0) + match[0].length),
  }));
}

/**
 * Whether `html` has a `<tag>` with every attribute given (a value of `true` only asks that the
 * attribute is there), and, if `text` is given, that text right after its start tag.
 */
export function hasElement(html: string, tag: string, wanted: Record<string, string | true>, text?: string): boolean {
  return elements(html, tag).some(
    ({ attributes, after }) =>
      Object.entries(wanted).every(([name, value]) =>
        value === true ? attributes.has(name.toLowerCase()) : attributes.get(name.toLowerCase()) === value,
      ) &&
      (text === undefined || after.startsWith(text)),
  );
}
