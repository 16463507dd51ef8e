import { useRouteLoaderData } from "react-router";
import { UTC_ZONE, type Zone } from "#app/domain/shared/dates";

/**
 * The reader's time zone, as the root's loader sends it with every page (a signed-in reader's
 * chosen or guessed zone, else UTC): what components write dates in (formatDay, formatMoment).
 */
export function useZone(): Zone {
  const root = useRouteLoaderData("root") as { zone?: Zone } | undefined;
  return root?.zone ?? UTC_ZONE;
}
