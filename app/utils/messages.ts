/** The toast for "No" in every confirmation dialog (spec section 8). */
export const CANCELLED_PROCESS = "You have canceled this process";

/** What the lists show for a name or an email that is missing (spec section 8). */
export const NAME_NOT_FOUND = "Name not found";
export const EMAIL_NOT_FOUND = "Email not found";
