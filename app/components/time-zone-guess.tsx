// Where JavaScript runs, the browser says once which time zone a signed-in reader without one is
// in (ADR 0104): sent after the page has settled, kept only while the account has none, so a zone
// chosen in Settings is never overwritten. A plain request, not a fetcher's: the page in front of
// the reader is not reloaded (its toast and its forms stay); the next page is written in the zone.
// Without JavaScript dates stay in UTC and say so.
import { useEffect } from "react";
import { SETTINGS_ACTIONS } from "#app/utils/settings-urls";

let sent = false;

export function TimeZoneGuess() {
  useEffect(() => {
    if (sent) return;
    sent = true;
    const guess = () => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (!timeZone) return;
      void fetch(SETTINGS_ACTIONS.timeZone, {
        method: "POST",
        body: new URLSearchParams({ timeZone, guessed: "1" }),
        credentials: "same-origin",
      }).catch(() => {
        // Offline or refused: the dates stay in UTC, saying so; the next page asks again.
        sent = false;
      });
    };
    // Intl's data loads in one task: off the page's first ones.
    if ("requestIdleCallback" in window) window.requestIdleCallback(guess, { timeout: 5_000 });
    else setTimeout(guess, 1_000);
  }, []);
  return null;
}
