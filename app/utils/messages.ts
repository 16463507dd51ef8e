/** The toast for "No" in every confirmation dialog (spec section 8). */
export const CANCELLED_PROCESS = "You have canceled this process";
