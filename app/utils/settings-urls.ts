// The Settings page and the URL each of its forms posts to (ADR 0071): one small action per form,
// each a child route of the page, which shows every section whatever child matched.
import { useMatches } from "react-router";

export const SETTINGS_PATH = "/dashboard/settings";

/** Where each form of the Settings page posts. */
export const SETTINGS_ACTIONS = {
  profile: `${SETTINGS_PATH}/profile`,
  email: `${SETTINGS_PATH}/email`,
  password: `${SETTINGS_PATH}/password`,
  signOutSession: `${SETTINGS_PATH}/sessions`,
  signOutOthers: `${SETTINGS_PATH}/sessions/others`,
  camera: `${SETTINGS_PATH}/camera`,
  timeZone: `${SETTINGS_PATH}/time-zone`,
  notifications: `${SETTINGS_PATH}/notifications`,
  renameSavedSearch: `${SETTINGS_PATH}/saved-searches/rename`,
  savedSearchEmails: `${SETTINGS_PATH}/saved-searches/emails`,
  deleteSavedSearch: `${SETTINGS_PATH}/saved-searches/delete`,
  deleteAccount: `${SETTINGS_PATH}/delete-account`,
} as const;

/** The sections whose form a child route renders itself, with the errors its action sent back. */
export type SettingsSection = "profile" | "email" | "password" | "saved-searches" | "delete-account";

/** A child route's `handle`: the section the Settings page leaves to the child's own form. */
export const settingsSection = (section: SettingsSection) => ({ settingsSection: section });

/** The section a child route renders (through the page's Outlet), if one matched. */
export function useSettingsSection(): SettingsSection | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as { settingsSection?: SettingsSection } | undefined;
    if (handle?.settingsSection) return handle.settingsSection;
  }
  return undefined;
}

/** The errors of a refusal that names a field (or the whole form), as conform's reply takes them. */
export function refusalErrors(refusal: { field?: string | null; message: string }) {
  return refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] };
}
