// Every field of several lines reads a textarea's CRLF (and a lone CR) as one line break, "\n",
// through the one shared rule, for the forms and the REST API alike (they parse with the same
// schemas); other control characters are still refused. The fields are not listed by hand: the
// test reads every <textarea> (and TextareaField) in the pages' and components' source for the
// name it posts, and checks every field of that name in every schema the domain and the REST
// adapter export. A new textarea is covered the day it is written; one whose name no schema reads
// fails.
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { USD } from "./factories";

const SOURCES = import.meta.glob<string>(["/app/**/*.tsx"], { query: "?raw", import: "default", eager: true });
const MODULES = import.meta.glob<Record<string, unknown>>(["/app/domain/**/*.ts", "/workers/api/**/*.ts"], {
  eager: true,
});

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (value: unknown): Def | undefined => (value as { _zod?: { def?: Def } } | null)?._zod?.def;

/** The object shapes a schema reads (through pipes, optionals, unions and refinements). */
function shapesOf(schema: unknown, seen = new Set<unknown>()): Record<string, z.ZodType>[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  if (def.type === "object" && def.shape) return [def.shape];
  if (def.type === "pipe" && def.in) return shapesOf(def.in, seen);
  if (def.innerType) return shapesOf(def.innerType, seen);
  if (def.options) return def.options.flatMap((option) => shapesOf(option, seen));
  return [];
}

/** The name each textarea of the source posts: `name="…"`, `name: "…"` or conform's `fields.…`. */
function textareaNames(): { where: string; name: string | null }[] {
  const found: { where: string; name: string | null }[] = [];
  for (const [path, source] of Object.entries(SOURCES)) {
    // The shared TextareaField renders the element itself from the props its callers give.
    if (path.endsWith("/app/components/forms.tsx")) continue;
    const opening = /<(textarea|TextareaField)\b/g;
    for (let match = opening.exec(source); match; match = opening.exec(source)) {
      const end = source.indexOf(match[1] === "textarea" ? ">" : "/>", match.index);
      const element = source.slice(match.index, end === -1 ? undefined : end);
      const name =
        /\bname(?:=|:\s*)"([A-Za-z][\w]*)"/.exec(element)?.[1] ??
        /getTextareaProps\(fields\.([A-Za-z]\w*)\)/.exec(element)?.[1] ??
        null;
      found.push({ where: `${path}:${source.slice(0, match.index).split("\n").length}`, name });
    }
  }
  return found;
}

/**
 * The schemas an export stands for: itself, or what an exported schema function (`…Schema`,
 * `…FieldsOf`: the schemas that read amounts in the configured currency) makes for USD.
 */
function schemasOf(exported: string, value: unknown): unknown[] {
  if (typeof value !== "function" || !/(Schema|FieldsOf)$/.test(exported)) return [value];
  try {
    return [(value as (currency: unknown) => unknown)(USD)];
  } catch {
    return [];
  }
}

/** A closed choice (a button's value, a select's): never text of several lines, whatever its name. */
function isChoice(schema: unknown, seen = new Set<unknown>()): boolean {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return false;
  seen.add(schema);
  if (def.type === "enum" || def.type === "literal") return true;
  if (def.type === "pipe" && def.in) return isChoice(def.in, seen);
  return def.innerType ? isChoice(def.innerType, seen) : false;
}

/** Every text field of that name in every exported schema, named by module and export. */
function fieldsNamed(name: string): { where: string; schema: z.ZodType }[] {
  const fields: { where: string; schema: z.ZodType }[] = [];
  for (const [path, exports] of Object.entries(MODULES)) {
    for (const [exported, value] of Object.entries(exports)) {
      for (const shape of schemasOf(exported, value).flatMap((schema) => shapesOf(schema))) {
        if (shape[name] && !isChoice(shape[name]))
          fields.push({ where: `${path} ${exported}.${name}`, schema: shape[name] });
      }
    }
  }
  return fields;
}

const TEXTAREAS = textareaNames();
const NAMES = [...new Set(TEXTAREAS.map((textarea) => textarea.name).filter((name) => name !== null))].sort();

describe("multi-line fields, found from the forms' textareas", () => {
  it("finds the forms' textareas and the name each posts", () => {
    expect(TEXTAREAS.filter((textarea) => textarea.name === null).map((textarea) => textarea.where)).toEqual([]);
    // The fields of several lines the product has today are among them (the finder finds).
    expect(NAMES).toEqual(expect.arrayContaining(["answer", "body", "comment", "description", "details", "note"]));
  });

  for (const name of NAMES) {
    describe(`"${name}"`, () => {
      const fields = fieldsNamed(name);

      it("is read by at least one schema", () => {
        expect(fields.map((field) => field.where)).not.toEqual([]);
      });

      for (const { where, schema } of fields) {
        for (const sent of ["line one\r\nline two", "line one\rline two", "line one\nline two"]) {
          it(`${where} keeps ${JSON.stringify(sent)} as "line one\\nline two"`, () => {
            const parsed = schema.safeParse(sent);
            expect(parsed.error?.issues).toBeUndefined();
            expect(parsed.data).toBe("line one\nline two");
          });
        }
        it(`${where} still refuses other control characters`, () => {
          for (const sent of ["line one\u0000two", "bell\u0007", "line one\u2028two"]) {
            expect(schema.safeParse(sent).success, JSON.stringify(sent)).toBe(false);
          }
        });
      }
    });
  }
});
