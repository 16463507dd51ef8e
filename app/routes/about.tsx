import type { MetaFunction } from "@remix-run/cloudflare";
import * as styles from "#app/components/content-page.css";
import { aboutBlocks, aboutIntro } from "#app/content/about";
import { container, eyebrow, grid, prose, section } from "#app/styles/utilities.css";
import { originFrom, publicPageMeta } from "#app/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy About",
    description:
      "Why Pay&Buy exists: more freedom, more possibility, more circularity and more community for photographers.",
    origin: originFrom(matches),
    path: "/about",
  });

export default function About() {
  return (
    <div className={`${container} ${section}`}>
      <span className={eyebrow}>About</span>
      <h1>{aboutIntro.heading}</h1>
      <div className={prose}>
        {aboutIntro.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <div className={`${grid} ${styles.blocks}`}>
        {aboutBlocks.map((block) => (
          <section key={block.title} className={styles.block} aria-labelledby={slug(block.title)}>
            <h2 id={slug(block.title)}>{block.title}</h2>
            <p className={styles.lead}>{block.lead}</p>
            {block.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

const slug = (title: string) => title.toLowerCase().replace(/\s+/g, "-");
