import { useRouteLoaderData } from "react-router";
import type { Currency } from "#app/domain/shared/money";

/**
 * The configured currency, as the root's loader sends it with every page: what every component
 * formats amounts and reads typed amounts in (formatMoney, parseMoney).
 */
export function useCurrency(): Currency {
  const root = useRouteLoaderData("root") as { currency?: Currency } | undefined;
  if (!root?.currency) throw new Error("The page has no currency: the root's loader sends it with every page");
  return root.currency;
}
