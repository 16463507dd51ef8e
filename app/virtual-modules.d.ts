// Modules the build makes (vite.config.ts).

declare module "virtual:inline-stylesheets" {
  /** The stylesheets a page carries inside its document: public href → text (ADR 0045). */
  const sheets: Readonly<Record<string, string>>;
  export default sheets;
}
