// Where JavaScript runs, the browser says once which time zone a signed-in reader without one is
// in (ADR 0100): sent after the page has settled, kept only while the account has none, so a zone
// chosen in Settings is never overwritten. Without JavaScript dates stay in UTC and say so.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SETTINGS_ACTIONS } from "#app/utils/settings-urls";

export function TimeZoneGuess() {
  const fetcher = useFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const guess = () => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (timeZone) fetcher.submit({ timeZone, guessed: "1" }, { method: "post", action: SETTINGS_ACTIONS.timeZone });
    };
    // Intl's data loads in one task: off the page's first ones.
    if ("requestIdleCallback" in window) window.requestIdleCallback(guess, { timeout: 5_000 });
    else setTimeout(guess, 1_000);
  }, [fetcher.submit]);
  return null;
}
