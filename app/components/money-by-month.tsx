// Money by month from the ledger, as the seller's Payouts page and the admin's Claims page show
// it (ADR 0082, 0088): for each currency, one figure charted on the server (MoneyChart) and every
// figure in a table beside it, which is what a screen reader reads; then a plain GET form that
// downloads the statement of any months as a CSV file (it works without JavaScript).
import { Form } from "react-router";
import * as formStyles from "#app/components/forms.css";
import { MoneyChart } from "#app/components/money-chart";
import * as table from "#app/components/table.css";
import { type Currency, formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { fromFirstMoney, monthName } from "#app/utils/month-names";
import { useCurrency } from "#app/utils/use-currency";

type MonthRow<Figure extends string> = { month: string; currency: string } & Record<Figure, number>;

export function MoneyByMonth<Figure extends string>({
  id,
  heading,
  empty,
  months,
  currencies: known,
  figures,
  charted,
  chartTitle,
  caption,
  statement,
}: {
  /** The section's heading id (its region's name is the heading). */
  id: string;
  heading: string;
  /** What shows while nothing has moved. */
  empty: string;
  months: ReadonlyArray<MonthRow<Figure>>;
  /** The months' currencies by code, made on the server (`currenciesOf`). */
  currencies: Readonly<Record<string, Currency>>;
  /** The table's columns after the month, in order, with their headers. */
  figures: ReadonlyArray<{ figure: Figure; header: string }>;
  /** The figure the chart draws, and its title ("… (USD)" is added). */
  charted: Figure;
  chartTitle: string;
  /** The table's caption, before ", USD: what moved, from Pay&Buy's ledger". */
  caption: string;
  /** Where the form downloads the statement, its words and the months it proposes. */
  statement: { action: string; heading: string; intro: string; submit: string; defaults: { from: string; to: string } };
}) {
  const configured = useCurrency();
  const currencies = [...new Set(months.map((month) => month.currency))];
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {currencies.length === 0 ? <p>{empty}</p> : null}
      {currencies.map((currency) => {
        // From the first month with any figure: the months before anything moved are left out.
        const rows = fromFirstMoney(
          months.filter((month) => month.currency === currency),
          (month) => figures.some(({ figure }) => month[figure] !== 0),
        );
        const code = currency.toUpperCase();
        // Months in another currency than the configured one (before a change) keep their own.
        const money = code === configured.code ? configured : (known[code] ?? configured);
        return (
          <div key={currency}>
            <MoneyChart
              title={`${chartTitle} (${code})`}
              description={`The last ${rows.length} months; the table below gives each month's figures.`}
              months={rows.map((row) => ({ month: row.month, cents: row[charted] }))}
            />
            {/* On a narrow box the rows stack as cards, as the pages' other tables do. */}
            {/* A dozen figures a row (the platform's months) stack sooner than a few. */}
            <div className={`${table.wrap} ${figures.length > 9 ? table.widest : table.wide}`}>
              <table className={table.table}>
                <caption>{`${caption}, ${code}: what moved, from Pay&Buy's ledger`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {figures.map(({ figure, header }) => (
                      <th key={figure} scope="col" className={table.amount}>
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.month}>
                      <th scope="row" className={table.nowrap}>
                        {monthName(row.month)}
                      </th>
                      {figures.map(({ figure, header }) => (
                        <td key={figure} data-label={header} className={table.amount}>
                          {formatMoney(row[figure], money)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
      <Form method="get" action={statement.action} reloadDocument className={formStyles.form}>
        <h3>{statement.heading}</h3>
        <p>{statement.intro}</p>
        <label className={formStyles.field}>
          <span className={formStyles.label}>From (month)</span>
          <input
            type="month"
            name="from"
            defaultValue={statement.defaults.from}
            className={formStyles.input}
            required
          />
        </label>
        <label className={formStyles.field}>
          <span className={formStyles.label}>To (month)</span>
          <input type="month" name="to" defaultValue={statement.defaults.to} className={formStyles.input} required />
        </label>
        <div>
          <button type="submit" className={button.secondary}>
            {statement.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}
