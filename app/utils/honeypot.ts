// A field people never see and bots fill in. Shared by the form component and the server.
export const HONEYPOT_FIELD = "website_confirm";

/** True when the honeypot was filled in: the request is refused without saying why. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value !== "string" || value.length > 0;
}
