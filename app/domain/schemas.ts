// Validation schemas shared by forms (server and browser) and the REST API.
import { z } from "zod";

export const EMAIL_EXAMPLE = "name@example.com";

// The spec's pattern (letters, digits, ._%+- before @, a domain, a letter ending), with endings
// longer than four letters allowed: see docs/spec-deviations.md.
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9-]+(\.[A-Z0-9-]+)*\.[A-Z]{2,63}$/i;

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, `Invalid email address. E.g. ${EMAIL_EXAMPLE}`)
  .regex(EMAIL_PATTERN, `Invalid email address. E.g. ${EMAIL_EXAMPLE}`);

export const subscribeSchema = z.object({ email: emailSchema });
