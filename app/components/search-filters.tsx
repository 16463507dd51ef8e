import { Form } from "@remix-run/react";
import { type SearchErrors, type SearchSort, SORT_LABELS } from "#app/domain/catalog/search-params";
import { SEARCH_TEXT_MAX } from "#app/domain/catalog/search-terms";
import { button } from "#app/styles/utilities.css";
import { CONDITIONS } from "#db/closed-lists";
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
    sort: text("sort"),
  };
}

const errorProps = (id: string, errors?: string[]) =>
  errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/**
 * The filters of a listing search: a plain GET form, so the search lives in the URL and works
 * without JavaScript. Each bad parameter is reported next to its field.
 */
export function SearchFiltersForm({
  action,
  values,
  errors,
  categories,
  sorts,
  sort,
}: {
  action: string;
  values: SearchFormValues;
  errors: SearchErrors;
  /** The category choice; left out where the category is fixed by the page. */
  categories: ReadonlyArray<{ slug: string; title: string }> | null;
  sorts: readonly SearchSort[];
  /** The order the results are shown in. */
  sort: SearchSort;
}) {
  const chosen = new Set(values.condition);
  return (
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
        {(["min", "max"] as const).map((name) => (
          <div key={name} className={formStyles.field}>
            <label htmlFor={`search-${name}`} className={formStyles.label}>
              {name === "min" ? "Min price ($)" : "Max price ($)"}
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
        ))}
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
  );
}
