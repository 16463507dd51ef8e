import { Form } from "react-router";
import { DELIVERY_CHOICE_LABELS, DELIVERY_CHOICES } from "#app/domain/catalog/delivery";
import { type SearchErrors, type SearchSort, SORT_LABELS } from "#app/domain/catalog/search-params";
import { SEARCH_TEXT_MAX } from "#app/domain/catalog/search-terms";
import { BRANDS } from "#app/domain/gear/brands";
import { gearFiltersFor } from "#app/domain/gear/categories";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { SENSOR_FORMAT_WORDS } from "#app/domain/gear/sensor-formats";
import { button } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import { CONDITIONS, MOUNTS, SENSOR_FORMATS } from "#db/closed-lists";
import { ErrorList } from "./forms";
import * as formStyles from "./forms.css";
import * as styles from "./search-filters.css";
import { SelectField } from "./select-field";

/** The search as the URL gave it, kept as text so a bad value is shown back to be corrected. */
export type SearchFormValues = {
  q: string;
  category: string;
  condition: string[];
  min: string;
  max: string;
  verified: boolean;
  delivery: string;
  brand: string;
  mount: string;
  sensor: string;
  shutter_max: string;
  focal_min: string;
  focal_max: string;
  fits: boolean;
  camera: string;
  sort: string;
};

export function formValues(params: URLSearchParams): SearchFormValues {
  const text = (name: string) => (params.get(name) ?? "").trim();
  return {
    q: text("q"),
    category: text("category").toLowerCase(),
    condition: params.getAll("condition").map((value) => value.trim().toLowerCase()),
    min: text("min"),
    max: text("max"),
    verified: params.has("verified") && text("verified") !== "",
    delivery: text("delivery").toLowerCase(),
    brand: text("brand").toLowerCase(),
    mount: text("mount").toLowerCase(),
    sensor: text("sensor").toLowerCase(),
    shutter_max: text("shutter_max"),
    focal_min: text("focal_min"),
    focal_max: text("focal_max"),
    fits: params.has("fits") && text("fits") !== "",
    camera: text("camera").toLowerCase(),
    sort: text("sort"),
  };
}

const errorProps = (id: string, errors?: string[]) =>
  errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/**
 * The filters of a listing search: a plain GET form, so the search lives in the URL and works
 * without JavaScript. Each bad parameter is reported next to its field.
 */
/** One end of a range the buyer types (a price, a focal length): a number, with its errors. */
function RangeField({
  name,
  label,
  values,
  errors,
}: {
  name: "min" | "max" | "focal_min" | "focal_max";
  label: string;
  values: SearchFormValues;
  errors: SearchErrors;
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={`search-${name}`} className={formStyles.label}>
        {label}
      </label>
      <input
        id={`search-${name}`}
        name={name}
        inputMode="decimal"
        defaultValue={values[name]}
        className={formStyles.input}
        {...errorProps(`search-${name}`, errors[name])}
      />
      <ErrorList id={`search-${name}-error`} errors={errors[name]} />
    </div>
  );
}

export function SearchFiltersForm({
  action,
  values,
  errors,
  categories,
  sorts,
  sort,
  camera,
  gearCategory,
  activeCount,
}: {
  action: string;
  values: SearchFormValues;
  errors: SearchErrors;
  /** The category choice; left out where the category is fixed by the page. */
  categories: ReadonlyArray<{ slug: string; title: string }> | null;
  sorts: readonly SearchSort[];
  /** The order the results are shown in. */
  sort: SearchSort;
  /** The camera "only gear that fits" speaks for; kept in the form when the URL chose it. */
  camera: { key: string; name: string; fromUrl: boolean } | null;
  /** The category whose gear filters are offered (the page's, or the one chosen); null: all. */
  gearCategory: string | null;
  /** How many filters the search has on, said on the folded "Filters" line. */
  activeCount: number;
}) {
  const currency = useCurrency();
  const chosen = new Set(values.condition);
  const gear = gearFiltersFor(gearCategory);
  const hasErrors = Object.values(errors).some((list) => list && list.length > 0);
  // On a phone the filters fold behind "Filters" (a <details>: no JavaScript needed) so the
  // results come first; a search with a bad parameter opens them at its message. From a laptop's
  // width up they are always shown (ADR 0099).
  return (
    <details className={styles.fold} open={hasErrors || undefined} data-testid="search-filters">
      <summary className={styles.summary}>
        Filters
        {activeCount > 0 ? <span className={styles.activeCount}>{` (${activeCount} on)`}</span> : null}
      </summary>
      <Form method="get" action={action} role="search" aria-label="Search listings" className={styles.form}>
        <div className={`${formStyles.field} ${styles.words}`}>
          <label htmlFor="search-q" className={formStyles.label}>
            Search for
          </label>
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={values.q}
            maxLength={SEARCH_TEXT_MAX}
            className={formStyles.input}
            {...errorProps("search-q", errors.q)}
          />
          <ErrorList id="search-q-error" errors={errors.q} />
        </div>
        {categories ? (
          <SelectField
            label="Category"
            selectProps={{ id: "search-category", name: "category", defaultValue: values.category }}
            options={categories.map((category) => ({ value: category.slug, label: category.title }))}
            placeholder="All categories"
            errors={errors.category}
          />
        ) : null}
        <fieldset className={styles.conditions} {...errorProps("search-condition", errors.condition)}>
          <legend className={formStyles.label}>Condition</legend>
          {CONDITIONS.map((condition) => (
            <label key={condition} className={styles.check}>
              <input
                type="checkbox"
                name="condition"
                value={condition}
                defaultChecked={chosen.has(condition.toLowerCase())}
              />
              {condition}
            </label>
          ))}
          <ErrorList id="search-condition-error" errors={errors.condition} />
        </fieldset>
        <div className={styles.prices}>
          <RangeField name="min" label={`Min price (${currency.symbol})`} values={values} errors={errors} />
          <RangeField name="max" label={`Max price (${currency.symbol})`} values={values} errors={errors} />
        </div>
        <div className={formStyles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="verified"
              value="1"
              defaultChecked={values.verified}
              {...errorProps("search-verified", errors.verified)}
            />
            Verified sellers only
          </label>
          <ErrorList id="search-verified-error" errors={errors.verified} />
        </div>
        <SelectField
          label="Delivery"
          selectProps={{ id: "search-delivery", name: "delivery", defaultValue: values.delivery }}
          options={DELIVERY_CHOICES.map((choice) => ({ value: choice, label: DELIVERY_CHOICE_LABELS[choice] }))}
          placeholder="Meetup or shipping"
          errors={errors.delivery}
        />
        {gear.size > 0 ? (
          <fieldset className={styles.gear}>
            <legend className={formStyles.label}>Camera gear</legend>
            {gear.has("brand") ? (
              <SelectField
                label="Brand"
                selectProps={{ id: "search-brand", name: "brand", defaultValue: values.brand }}
                options={BRANDS.map((brand) => ({ value: brand.key, label: brand.name }))}
                placeholder="Any brand"
                errors={errors.brand}
              />
            ) : null}
            {gear.has("mount") ? (
              <SelectField
                label="Mount"
                selectProps={{ id: "search-mount", name: "mount", defaultValue: values.mount }}
                options={MOUNTS.map((mount) => ({ value: mount, label: MOUNT_FACTS[mount].name }))}
                placeholder="Any mount"
                errors={errors.mount}
              />
            ) : null}
            {gear.has("sensor") ? (
              <SelectField
                label="Sensor format"
                selectProps={{ id: "search-sensor", name: "sensor", defaultValue: values.sensor }}
                options={SENSOR_FORMATS.map((format) => ({ value: format, label: SENSOR_FORMAT_WORDS[format].name }))}
                placeholder="Any format"
                errors={errors.sensor}
                hint="Camera bodies"
              />
            ) : null}
            {gear.has("shutter_max") ? (
              <div className={formStyles.field}>
                <label htmlFor="search-shutter_max" className={formStyles.label}>
                  Max shutter count
                </label>
                <input
                  id="search-shutter_max"
                  name="shutter_max"
                  inputMode="numeric"
                  defaultValue={values.shutter_max}
                  className={formStyles.input}
                  aria-describedby={
                    errors.shutter_max?.length
                      ? "search-shutter_max-error search-shutter_max-hint"
                      : "search-shutter_max-hint"
                  }
                  {...(errors.shutter_max?.length ? { "aria-invalid": true as const } : {})}
                />
                <p id="search-shutter_max-hint" className={formStyles.hint}>
                  Bodies whose seller gave a count
                </p>
                <ErrorList id="search-shutter_max-error" errors={errors.shutter_max} />
              </div>
            ) : null}
            {gear.has("focal") ? (
              <div className={styles.prices}>
                <RangeField name="focal_min" label="Focal from (mm)" values={values} errors={errors} />
                <RangeField name="focal_max" label="Focal to (mm)" values={values} errors={errors} />
              </div>
            ) : null}
            {gear.has("fits") ? (
              <div className={formStyles.field}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    name="fits"
                    value="1"
                    defaultChecked={values.fits}
                    {...errorProps("search-fits", errors.fits)}
                  />
                  {camera ? `Only gear that fits my ${camera.name}` : "Only gear that fits my camera"}
                </label>
                <ErrorList id="search-fits-error" errors={errors.fits} />
                {errors.camera?.length ? <ErrorList id="search-camera-error" errors={errors.camera} /> : null}
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {/* The visitor's camera from the URL stays with the search (its cards' fit badges). */}
        {camera?.fromUrl ? <input type="hidden" name="camera" value={camera.key} /> : null}
        <div className={formStyles.field}>
          <label htmlFor="search-sort" className={formStyles.label}>
            Sort by
          </label>
          <select
            id="search-sort"
            name="sort"
            defaultValue={sort}
            className={formStyles.input}
            {...errorProps("search-sort", errors.sort)}
          >
            {sorts.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
          <ErrorList id="search-sort-error" errors={errors.sort} />
        </div>
        <div className={styles.submit}>
          <button type="submit" className={button.primary}>
            Search
          </button>
        </div>
      </Form>
    </details>
  );
}
