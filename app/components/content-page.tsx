import type { ReactNode } from "react";
import * as styles from "#app/components/content-page.css";
import type { TrustPage } from "#app/content/trust";
import { container, eyebrow, prose, section } from "#app/styles/utilities.css";

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * A reading page (terms, privacy, help…): a heading, an introduction, anything of the page's own
 * at full width (the conditions, the contact address), then titled sections at reading width.
 */
export function ContentPage({ page, children }: { page: TrustPage; children?: ReactNode }) {
  return (
    <div className={`${container} ${section}`}>
      <div className={prose}>
        <span className={eyebrow}>{page.eyebrow}</span>
        <h1>{page.heading}</h1>
        <p className={styles.summary}>{page.intro}</p>
        {page.updated ? <p className={styles.byline}>{page.updated}</p> : null}
      </div>
      {children}
      <div className={prose}>
        {page.sections.map((part) => (
          <section key={part.title} aria-labelledby={slug(part.title)} className={styles.part}>
            <h2 id={slug(part.title)}>{part.title}</h2>
            {part.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 48)}>{paragraph}</p>
            ))}
            {part.points ? (
              <ul>
                {part.points.map((point) => (
                  <li key={point.slice(0, 48)}>{point}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
