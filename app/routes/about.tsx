import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import * as styles from "#app/components/content-page.css";
import { readStaticContent } from "#app/server/static-content.server";
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

/** The page's text, from the static assets (ADR 0084). */
export async function loader({ context }: LoaderFunctionArgs) {
  return readStaticContent(context.env.ASSETS, "about");
}

export default function About() {
  const { intro: aboutIntro, blocks: aboutBlocks } = useLoaderData<typeof loader>();
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
