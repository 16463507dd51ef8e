// Money by month as a bar chart drawn on the server (SVG, no script): one bar a month, its height
// the amount. The chart is a picture of the table beside it, which carries the figures for every
// reader (the SVG is named and described; its bars are not read out one by one).
import { formatMoney } from "#app/domain/shared/money";
import { fromFirstMoney, monthLabel } from "#app/utils/month-names";
import { useCurrency } from "#app/utils/use-currency";
import * as styles from "./money-chart.css";

const WIDTH = 600;
const HEIGHT = 200;
// The axis figure sits above the bars, from the left edge: "€ 1,104.41" is never cut, however long.
const TOP = 28;
const AXIS = 24;
export function MoneyChart({
  title,
  description,
  months,
}: {
  /** What the bars are, e.g. "Sent to you each month". */
  title: string;
  description: string;
  months: ReadonlyArray<{ month: string; cents: number }>;
}) {
  const currency = useCurrency();
  const shown = fromFirstMoney(months);
  const highest = Math.max(1, ...shown.map((month) => month.cents));
  const slot = (WIDTH - AXIS) / Math.max(1, shown.length);
  const bar = Math.max(4, slot * 0.6);
  const ids = { title: `chart-${title.replace(/\W+/g, "-").toLowerCase()}`, description: "" };
  ids.description = `${ids.title}-description`;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
      >
        <title id={ids.title}>{title}</title>
        <desc id={ids.description}>{description}</desc>
        <line className={styles.axis} x1={AXIS} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
        <line className={styles.grid} x1={AXIS} y1={TOP} x2={WIDTH} y2={TOP} />
        <text className={styles.label} x={0} y={TOP - 8} textAnchor="start">
          {`${formatMoney(highest, currency)}, the highest month`}
        </text>
        {shown.map((month, index) => {
          const height = Math.round((month.cents / highest) * (HEIGHT - TOP));
          const x = AXIS + index * slot + (slot - bar) / 2;
          return (
            <g key={month.month}>
              <rect className={styles.bar} x={x} y={HEIGHT - height} width={bar} height={Math.max(0, height)} />
              <text className={styles.label} x={x + bar / 2} y={HEIGHT + 16} textAnchor="middle">
                {monthLabel(month.month, index === 0)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
