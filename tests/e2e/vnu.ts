// The Nu HTML Checker (vnu) over documents as the server sent them, in one run (a JVM start-up
// costs seconds): every error and warning, but for what the framework streams after </html> and
// the CSS vnu does not know yet. Used by the crawl of every page and by journeys that reach a page
// only with their data (the deal page at its states, ADR 0102).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// The package exports its jar's path as a String object.
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** A document as the server sent it, to whom and from where. */
export interface Fetched {
  who: string;
  path: string;
  status: number;
  html: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  lastColumn?: number;
  extract?: string;
}

/** The (1-based) line and column where `</html>` ends in a document. */
function endOfHtml(html: string): { line: number; column: number } {
  const at = html.lastIndexOf("</html>") + "</html>".length;
  const before = html.slice(0, at).split("\n");
  return { line: before.length, column: before.at(-1)!.length };
}

/** Whether vnu places a message after the document's `</html>`. */
function isAfterHtml(message: VnuMessage, html: string): boolean {
  const end = endOfHtml(html);
  const line = message.lastLine ?? 0;
  return line > end.line || (line === end.line && (message.lastColumn ?? 0) > end.column);
}

/**
 * React Router streams the data of deferred loaders as `<script>` elements after `</html>` (React
 * renders the document first); that, and only that, is the framework's and is let through: the
 * stray script there, and vnu's note that it stops checking after it.
 */
function isStreamedScriptAfterHtml(message: VnuMessage, html: string): boolean {
  return (
    ["Stray start tag “script”.", "Cannot recover after last error. Any further errors will be ignored."].includes(
      message.message,
    ) && isAfterHtml(message, html)
  );
}

/**
 * vnu's CSS checker predates CSS that every current browser supports: container queries
 * (`container-type`, `@container`) and the `mask` shorthand with a position and size. Only those
 * messages are let through; any other CSS error fails.
 */
const CSS_VNU_DOES_NOT_KNOW = [
  "CSS: “container-type”: Property “container-type” doesn't exist.",
  "CSS: Unrecognized at-rule “@container”",
  "CSS: “mask”: Too many values or values are not recognized.",
];

/** vnu's errors and warnings about the documents, as "who path: message (extract)"; none is valid. */
export async function vnuProblems(pages: readonly Fetched[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "pb-vnu-"));
  try {
    const files = pages.map((page, index) => {
      const file = join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
    return messages
      .map((message) => ({ message, page: pages[files.findIndex((file) => message.url.endsWith(file))]! }))
      .filter(({ message, page }) =>
        message.type === "error" || message.subType === "warning"
          ? !isStreamedScriptAfterHtml(message, page.html) && !CSS_VNU_DOES_NOT_KNOW.includes(message.message.trim())
          : false,
      )
      .map(({ message, page }) => `${page.who} ${page.path}: ${message.message} (${message.extract?.trim() ?? ""})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
