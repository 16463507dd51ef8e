// The deal's progress picture (ADR 0102), drawn on the server from the domain's steps: an ordered
// list whose every step says in words whether it is done, now or to come, with its date; the
// current one carries aria-current="step". Colour and the markers only repeat what the words say.
import { type ProgressStep, STEP_STATE_WORDS } from "#app/domain/deals/parcels/progress";
import { formatMoment } from "#app/domain/shared/dates";
import { useZone } from "#app/utils/use-zone";
import * as styles from "./deal-progress.css";

const MARK = { done: "✓", now: "●", to_come: "" } as const;

/** A step of any of the deal's pictures: the parcel's way (ProgressStep) or a return's. */
type AnyStep = Omit<ProgressStep, "key"> & { key: string };

export function DealProgress({
  steps,
  labelledBy,
  testId = "deal-progress",
}: {
  steps: readonly AnyStep[];
  labelledBy: string;
  testId?: string;
}) {
  const zone = useZone();
  return (
    <ol className={styles.steps} aria-labelledby={labelledBy} data-testid={testId}>
      {steps.map((step) => {
        const at = formatMoment(step.at, zone);
        return (
          <li
            key={step.key}
            className={styles.step}
            aria-current={step.state === "now" ? "step" : undefined}
            data-state={step.state}
          >
            <span className={styles.marker[step.state]} aria-hidden="true">
              {MARK[step.state]}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepName}>{step.label}</span>
              <span className={styles.stepState[step.state]}>
                {`${STEP_STATE_WORDS[step.state]}${at ? ` · ${at}` : ""}`}
              </span>
              {step.note ? <span className={styles.stepNote}>{step.note}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
