import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";

/**
 * A form's state from the schema the server checks it with: the browser validates with the same
 * schema (on blur, then as the person types; or only on submit, for a code or a message), and the
 * schema's limits become the inputs' attributes (required, maxlength, minlength), so the browser and
 * the server agree. `constraintSchema` gives the attributes when the checked schema is a refined
 * one (a cross-field rule has no attribute).
 */
export function useSchemaForm<Output, Input extends Record<string, unknown>>(
  schema: z.ZodType<Output, Input>,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<Input>;
    constraintSchema?: z.ZodType;
    validate?: "onBlur" | "onSubmit";
  },
) {
  return useForm<Input, Output>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(options.constraintSchema ?? schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.validate ?? "onBlur",
    shouldRevalidate: "onInput",
  });
}
