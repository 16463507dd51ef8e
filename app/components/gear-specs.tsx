import type { SpecRow } from "#app/domain/gear/describe";
import * as styles from "./gear-specs.css";

/** A listing's specification table: one row per fact of its gear. */
export function GearSpecs({ rows }: { rows: readonly SpecRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className={styles.specs}>
      <caption className={styles.caption}>Specifications</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Price guidance from recorded sales, with a warning when the price is far above them. */
export function PriceGuidanceNote({
  text,
  warning,
  headingLevel = 3,
}: {
  text: string;
  warning?: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={styles.guidance} aria-label="Price guidance" data-testid="price-guidance">
      <Heading className={styles.guidanceTitle}>Price guidance</Heading>
      <p className={styles.guidanceText}>{text}</p>
      {warning ? <p className={styles.warning}>{warning}</p> : null}
    </section>
  );
}
