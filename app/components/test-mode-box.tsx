import type { ReactNode } from "react";
import * as styles from "./test-mode-box.css";

/**
 * The offline providers' test controls (the bank that disputes a payment, the carrier that moves
 * a parcel on, the bank's decision), fenced off from the real actions in one box titled "Test
 * mode" (ADR 0099). The pages render it only while the offline provider or carrier runs.
 */
export function TestModeBox({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <section className={styles.box} aria-labelledby="test-mode-title" data-testid="test-mode">
      <h2 id="test-mode-title" className={styles.title}>
        Test mode
      </h2>
      <p className={styles.intro}>{intro}</p>
      {children}
    </section>
  );
}
