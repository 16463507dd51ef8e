// A short list of sums (the seller's "Your money", the platform's money on Claims): each label
// and its amount on a row, the amounts on one line and lined up (ADR 0100). Server-rendered.
import { type Currency, formatMoney } from "#app/domain/shared/money";
import * as styles from "./money-figures.css";

export function MoneyFigures({
  caption,
  currency,
  figures,
}: {
  /** A line above the list, e.g. its currency; none if left out. */
  caption?: string;
  currency: Currency;
  figures: ReadonlyArray<{ term: string; cents: number }>;
}) {
  return (
    <>
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      <dl className={styles.figures}>
        {figures.map(({ term, cents }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{formatMoney(cents, currency)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
