import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import * as styles from "#app/components/listing-form.css";
import { BRANDS, OTHER } from "#app/domain/gear/brands";
import { gearKindOf } from "#app/domain/gear/categories";
import { CONDITION_CHECK_WORDS, INCLUDED_ITEM_WORDS, SHUTTER_COUNT_METHOD_WORDS } from "#app/domain/gear/listing-words";
import { MODEL_CHOICES, OTHER_MODEL } from "#app/domain/gear/model-choices";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { GEAR_LIMITS } from "#app/domain/gear/numbers";
import { SENSOR_FORMAT_WORDS } from "#app/domain/gear/sensor-formats";
import { SERIAL_SHOWN } from "#app/domain/gear/serials";
import { useHydrated } from "#app/utils/use-hydrated";
import {
  CONDITION_CHECKS,
  type ConditionCheck,
  type GearKind,
  INCLUDED_ITEMS,
  MOUNTS,
  SENSOR_FORMATS,
  SHUTTER_COUNT_METHODS,
} from "#db/closed-lists";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";
import * as gear from "./gear-fields.css";
import { OptionGroups } from "./option-groups";
import { SelectField } from "./select-field";

// biome-ignore lint/suspicious/noExplicitAny: conform's field metadata of any form that has these fields
type AnyField<T> = FieldMetadata<T, any, string[]>;

export interface GearFieldset {
  category: AnyField<string>;
  model: AnyField<string | undefined>;
  brand: AnyField<string | undefined>;
  brandName: AnyField<string | undefined>;
  modelName: AnyField<string | undefined>;
  mount: AnyField<string | undefined>;
  sensorFormat: AnyField<string | undefined>;
  shutterCount: AnyField<string | undefined>;
  shutterCountMethod: AnyField<string | undefined>;
  focalMin: AnyField<string | undefined>;
  focalMax: AnyField<string | undefined>;
  apertureWide: AnyField<string | undefined>;
  apertureTele: AnyField<string | undefined>;
  included: AnyField<string | string[] | undefined>;
  checks: AnyField<Record<string, string> | undefined>;
  serialNumber: AnyField<string | undefined>;
}

const kindWords = (kinds: readonly GearKind[] | null) =>
  kinds === null ? "" : kinds.length === 2 ? "" : kinds[0] === "body" ? " (bodies)" : " (lenses)";

/**
 * The gear fields of a listing, the same on Add Product and the edit page. Without JavaScript
 * every field is there with a hint of what it is for; with it, the fields that do not apply to
 * the chosen category are hidden. A model of the list brings its own facts: the server checks
 * the others against it.
 */
export function GearFields({ fields }: { fields: GearFieldset }) {
  const hydrated = useHydrated();
  const kind = gearKindOf(fields.category.value);
  const shows = (kinds: readonly GearKind[] | null) =>
    !hydrated || kinds === null || (kind !== null && kinds.includes(kind));
  const otherModel = fields.model.value === OTHER;
  // The form's state: the stored lists of an edited listing, or what a refused submit sent.
  const includedValue = fields.included.value;
  const chosenIncluded = new Set(
    (Array.isArray(includedValue) ? includedValue : [includedValue]).filter((item) => typeof item === "string"),
  );
  const checked = fields.checks.value;
  const checkValues = (
    typeof checked === "object" && checked !== null && !Array.isArray(checked) ? checked : {}
  ) as Record<string, string | undefined>;
  const checkErrors = (item: ConditionCheck) => fields.checks.getFieldset?.()[item]?.errors;
  return (
    <fieldset className={`${styles.wide} ${gear.section}`}>
      <legend className={gear.legend}>Camera data</legend>
      <p className={gear.intro}>
        For camera bodies and lenses: a model from the list brings its own mount, sensor format, focal length and
        aperture. Buyers search and filter by these.
      </p>
      {shows(["body", "lens"]) ? (
        <>
          <div className={styles.wide}>
            <div className={formStyles.field}>
              <label htmlFor={fields.model.id} className={formStyles.label}>
                Model
              </label>
              <select
                {...getSelectProps(fields.model)}
                className={formStyles.input}
                aria-invalid={fields.model.errors?.length ? true : undefined}
                aria-describedby={`${fields.model.id}-hint${fields.model.errors?.length ? ` ${fields.model.id}-error` : ""}`}
              >
                <option value="">No model (not a camera body or lens)</option>
                <OptionGroups groups={MODEL_CHOICES} />
                <option value={OTHER_MODEL.value}>{OTHER_MODEL.label}</option>
              </select>
              <p id={`${fields.model.id}-hint`} className={formStyles.hint}>
                Not in the list? Choose Other and type the brand and model below.
              </p>
              <ErrorList id={`${fields.model.id}-error`} errors={fields.model.errors} />
            </div>
          </div>
          {!hydrated || otherModel ? (
            <>
              <SelectField
                label="Brand"
                selectProps={getSelectProps(fields.brand)}
                options={[
                  ...BRANDS.map((brand) => ({ value: brand.key, label: brand.name })),
                  { value: OTHER, label: "Other" },
                ]}
                placeholder="Choose the brand"
                errors={fields.brand.errors}
                hint="For a model not in the list"
              />
              <Field
                label="Brand name (Other)"
                inputProps={{ ...getInputProps(fields.brandName, { type: "text" }), maxLength: GEAR_LIMITS.name }}
                errors={fields.brandName.errors}
              />
              <Field
                label="Model name (Other)"
                inputProps={{ ...getInputProps(fields.modelName, { type: "text" }), maxLength: GEAR_LIMITS.name }}
                errors={fields.modelName.errors}
              />
            </>
          ) : null}
          <SelectField
            label="Mount"
            selectProps={getSelectProps(fields.mount)}
            options={MOUNTS.map((mount) => ({ value: mount, label: MOUNT_FACTS[mount].name }))}
            placeholder="From the model"
            errors={fields.mount.errors}
            hint="For a lens made in several mounts, or a model not in the list"
          />
        </>
      ) : null}
      {shows(["body"]) ? (
        <>
          <SelectField
            label="Sensor format (bodies)"
            selectProps={getSelectProps(fields.sensorFormat)}
            options={SENSOR_FORMATS.map((format) => ({ value: format, label: SENSOR_FORMAT_WORDS[format].name }))}
            placeholder="From the model"
            errors={fields.sensorFormat.errors}
          />
          <Field
            label="Shutter count (bodies)"
            inputProps={{
              ...getInputProps(fields.shutterCount, { type: "text" }),
              inputMode: "numeric",
              maxLength: 12,
            }}
            errors={fields.shutterCount.errors}
            hint="Optional: the most important figure of a used body"
          />
          <SelectField
            label="Shutter count read from"
            selectProps={getSelectProps(fields.shutterCountMethod)}
            options={SHUTTER_COUNT_METHODS.map((method) => ({
              value: method,
              label: SHUTTER_COUNT_METHOD_WORDS[method],
            }))}
            placeholder="Where did you read it?"
            errors={fields.shutterCountMethod.errors}
          />
        </>
      ) : null}
      {shows(["lens"]) ? (
        <>
          <Field
            label="Focal length from, mm (lenses)"
            inputProps={{ ...getInputProps(fields.focalMin, { type: "text" }), inputMode: "decimal", maxLength: 8 }}
            errors={fields.focalMin.errors}
            hint="From the model; for Other, the shortest"
          />
          <Field
            label="Focal length to, mm (zooms)"
            inputProps={{ ...getInputProps(fields.focalMax, { type: "text" }), inputMode: "decimal", maxLength: 8 }}
            errors={fields.focalMax.errors}
          />
          <Field
            label="Maximum aperture, f/ (lenses)"
            inputProps={{ ...getInputProps(fields.apertureWide, { type: "text" }), inputMode: "decimal", maxLength: 6 }}
            errors={fields.apertureWide.errors}
            hint="From the model; for Other, such as 2.8"
          />
          <Field
            label="Maximum aperture at the long end, f/"
            inputProps={{ ...getInputProps(fields.apertureTele, { type: "text" }), inputMode: "decimal", maxLength: 6 }}
            errors={fields.apertureTele.errors}
            hint="For a zoom whose aperture changes, such as 5.6"
          />
        </>
      ) : null}
      <fieldset className={`${styles.wide} ${gear.group}`}>
        <legend className={formStyles.label}>Included</legend>
        <div className={gear.choices}>
          {INCLUDED_ITEMS.filter((item) => shows(INCLUDED_ITEM_WORDS[item].kinds)).map((item) => (
            <label key={item} className={gear.choice}>
              <input
                type="checkbox"
                name={fields.included.name}
                value={item}
                defaultChecked={chosenIncluded.has(item)}
              />
              {`${INCLUDED_ITEM_WORDS[item].label}${kindWords(INCLUDED_ITEM_WORDS[item].kinds)}`}
            </label>
          ))}
        </div>
        <ErrorList id={`${fields.included.id}-error`} errors={fields.included.errors} />
      </fieldset>
      {shows(["body", "lens"]) ? (
        <fieldset className={`${styles.wide} ${gear.group}`}>
          <legend className={formStyles.label}>Defect checklist</legend>
          <p className={formStyles.hint}>What you checked; leave an item unchecked if you did not.</p>
          {CONDITION_CHECKS.filter((item) => shows(CONDITION_CHECK_WORDS[item].kinds)).map((item) => {
            const words = CONDITION_CHECK_WORDS[item];
            const name = `${fields.checks.name}.${item}`;
            const current = checkValues[item] ?? "";
            return (
              <fieldset key={item} className={gear.check}>
                <legend>{`${words.question}${kindWords(words.kinds)}`}</legend>
                <div className={gear.choices}>
                  {(
                    [
                      ["fine", words.fine],
                      ["issue", words.issue],
                      ["", "Not checked"],
                    ] as const
                  ).map(([answer, label]) => (
                    <label key={answer} className={gear.choice}>
                      <input type="radio" name={name} value={answer} defaultChecked={current === answer} />
                      {label}
                    </label>
                  ))}
                </div>
                <ErrorList errors={checkErrors(item)} />
              </fieldset>
            );
          })}
        </fieldset>
      ) : null}
      <Field
        label="Serial number"
        inputProps={{ ...getInputProps(fields.serialNumber, { type: "text" }), maxLength: 60, autoComplete: "off" }}
        errors={fields.serialNumber.errors}
        hint={`Optional; needs a confirmed email address. Checked against stolen-gear reports; buyers see only its last ${SERIAL_SHOWN} characters.`}
      />
    </fieldset>
  );
}
