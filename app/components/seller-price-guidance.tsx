import { Form } from "react-router";
import { farAbove, type PriceGuidance } from "#app/domain/catalog/price-guidance";
import { MODEL_CHOICES } from "#app/domain/gear/model-choices";
import { parseMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { farAboveText, guidanceText } from "#app/utils/price-guidance";
import { useCurrency } from "#app/utils/use-currency";
import { CONDITIONS } from "#db/closed-lists";
import * as formStyles from "./forms.css";
import * as styles from "./gear-fields.css";
import { PriceGuidanceNote } from "./gear-specs";
import { OptionGroups } from "./option-groups";

/**
 * What the model sold for on Pay&Buy, while the seller sets a price, and a warning when the
 * resale price typed is far above it (with JavaScript as it is typed; without it, once saved).
 */
export function SellerPriceGuidance({
  guidance,
  modelName,
  resalePrice,
}: {
  guidance: PriceGuidance | null;
  modelName: string | null;
  /** The resale price as the form holds it, in whole units of the currency. */
  resalePrice: string | undefined;
}) {
  const currency = useCurrency();
  if (!guidance) return null;
  const asking = resalePrice ? parseMoney(resalePrice, currency) : null;
  const warning = asking === null ? null : farAboveText(guidance, farAbove(guidance, asking), currency);
  return (
    <div className={styles.guidanceBox}>
      <PriceGuidanceNote
        text={`${modelName ? `${modelName}: ` : ""}${guidanceText(guidance, currency)}`}
        warning={warning}
      />
    </div>
  );
}

/**
 * A GET form that shows what a model sold for before the seller fills the listing: it works
 * without JavaScript (the page comes back with the model and grade chosen in the main form).
 */
export function CheckSoldPrices({ action, model, condition }: { action: string; model: string; condition: string }) {
  return (
    <Form method="get" action={action} className={styles.checkPrices} aria-label="Check what a model sold for">
      <div className={formStyles.field}>
        <label htmlFor="guidance-model" className={formStyles.label}>
          Model
        </label>
        <select id="guidance-model" name="model" defaultValue={model} className={formStyles.input} required>
          <option value="" disabled>
            Choose a model
          </option>
          <OptionGroups groups={MODEL_CHOICES} />
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor="guidance-condition" className={formStyles.label}>
          Condition
        </label>
        <select
          id="guidance-condition"
          name="condition"
          defaultValue={condition || "Good"}
          className={formStyles.input}
        >
          {CONDITIONS.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={button.secondary}>
        Check sold prices
      </button>
    </Form>
  );
}
