import { formatMoney } from "#app/domain/shared/money";
import { visuallyHidden } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import * as styles from "./was-price.css";

/**
 * A recent price drop's previous price, struck through beside the current price (ADR 0063). A
 * screen reader does not announce the strike, so it reads "Was $ 1,234.00" instead.
 */
export function WasPrice({ cents }: { cents: number | null }) {
  const currency = useCurrency();
  if (cents === null) return null;
  return (
    <s className={styles.wasPrice} data-testid="was-price">
      <span className={visuallyHidden}>Was </span>
      {formatMoney(cents, currency)}
    </s>
  );
}
