// A refused dialog form (booking, report) posted by a browser without JavaScript is answered
// with redirect-after-post, like every other form: back to the page's own address with the
// dialog open (never the index route's `/?index&…` form address, never a page a reload would
// post again), the errors and what was typed carried for one page view in a signed cookie.
// Scripts (and JavaScript's fetches) get the 400 with the errors directly.
import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import * as z from "zod";
import type { EnvContext } from "#app/server/env.server";
import { flashCookie } from "#app/server/flash-cookie.server";

const flashSchema = z.object({
  form: z.enum(["book", "report"]),
  productId: z.string().max(100),
  reply: z.object({
    status: z.enum(["error", "success"]).optional(),
    initialValue: z.record(z.string(), z.unknown()).nullable().optional(),
    error: z.record(z.string(), z.array(z.string()).nullable()).nullable().optional(),
  }),
});

const formCookie = flashCookie("pb_form", flashSchema, { key: "form", maxAge: 600 });

export type FormFlash = { form: "book" | "report"; productId: string; reply: SubmissionResult<string[]> };

/** A form post a browser made as a page navigation: no JavaScript took it over. */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/** 303 to the dialog's own address, the refused submission kept for that one page view. */
export async function redirectWithFormErrors(context: EnvContext, url: string, flash: FormFlash) {
  return redirect(url, { status: 303, headers: { "Set-Cookie": await formCookie.set(context, flash) } });
}

/** The refused submission of this dialog, if the last post left one (a bad cookie is none). */
export async function readFormFlash(
  request: Request,
  context: EnvContext,
  form: FormFlash["form"],
  productId: string,
): Promise<SubmissionResult<string[]> | null> {
  const flash = await formCookie.read(request, context);
  if (!flash || flash.form !== form || flash.productId !== productId) return null;
  return flash.reply as SubmissionResult<string[]>;
}

/** The flash lives for one page view: the page that shows it clears it (the root loader). */
export function clearFormFlash(request: Request, headers: Headers) {
  if (formCookie.carried(request)) headers.append("Set-Cookie", formCookie.clear);
}
