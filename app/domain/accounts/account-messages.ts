// The words of the account pages, shared by the pages (browser and server) and the domain
// operations that answer with them: a forgotten password, email verification, two-factor sign-in.
import { LINKS_PER_HOUR } from "./link-limits";

export const RESET_MESSAGES = {
  sent: "If an account exists for that address, we sent it a link to choose a new password. The link works for 1 hour.",
  done: "Your password is changed, and every session of your account is signed out. Log in with your new password.",
  expired: "This link has expired: links to reset a password work for 1 hour. Ask for a new one.",
  used: "This link was already used. If you still need a new password, ask for a new link.",
  invalid: "This link is not valid. Check that you opened the whole link from the letter, or ask for a new one.",
} as const;

export const VERIFICATION_MESSAGES = {
  sent: (email: string) => `We sent a link to ${email}. Open it to verify your address.`,
  alreadyVerified: "Your email address is already verified.",
  repeat: "We sent you a link a moment ago. Check your inbox (and its spam folder) before asking again.",
  limit: `You asked for ${LINKS_PER_HOUR.verify_email} links in the last hour. Try again later.`,
  verified: "Your email address is verified.",
  changed: (email: string) => `Your email address is now ${email}.`,
  changeSent: (email: string) =>
    `We sent a link to ${email}. Your address changes once you open it; until then it stays as it is.`,
  changeRepeat: "We sent a link to that address a moment ago. Check its inbox before asking again.",
  changeLimit: `You asked for ${LINKS_PER_HOUR.change_email} changes in the last hour. Try again later.`,
  sameAddress: "That is already your email address.",
  expired: "This link has expired. Sign in and ask for a new one.",
  used: "This link was already used.",
  invalid: "This link is not valid. Check that you opened the whole link from the letter, or ask for a new one.",
  notForPayouts: "Verify your email address before setting up payouts.",
} as const;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Enter the 6-digit code your authenticator app shows now, or a recovery code.",
  codeUsed: "That code was used already. Wait for the next one in your authenticator app.",
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.",
  disabled: "Two-factor sign-in is off.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  noSetup: "Start the setup again: no authenticator app is being set up.",
  requiredForAdmins: "Two-factor sign-in is required for admin accounts, so it cannot be turned off.",
  newRecoveryCodes: "New recovery codes are ready; the old ones no longer work. They are shown only once.",
  codesShownOnce:
    "These codes are shown only on this page, only this once. Write them down or keep them in a password manager now.",
  setupRequired: "Set up two-factor sign-in first: admin accounts need it.",
  changedMeanwhile:
    "Another request changed your two-factor sign-in a moment ago, and its recovery codes are the ones that work. Reload this page to see where it stands.",
} as const;
