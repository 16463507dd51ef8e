import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import * as styles from "#app/components/content-page.css";
import { formatDay } from "#app/domain/shared/dates";
import { readStaticContent } from "#app/server/static-content.server";
import { container, eyebrow, prose, section } from "#app/styles/utilities.css";
import { originFrom, publicPageMeta } from "#app/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Blog",
    description:
      "Notes from the Pay&Buy engineers: state management, prototypal inheritance, unit tests and choosing a front-end framework.",
    origin: originFrom(matches),
    path: "/blog",
  });

/** The articles, from the static assets (ADR 0084). */
export async function loader({ context }: LoaderFunctionArgs) {
  return readStaticContent(context.env.ASSETS, "blog");
}

export default function Blog() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${section}`}>
      <span className={eyebrow}>Blog</span>
      <h1>Notes from the workshop</h1>
      <p className={prose}>What we learn while building Pay&amp;Buy, written down for anyone building for the web.</p>
      <nav aria-label="Articles" className={styles.toc}>
        <ol>
          {articles.map((article) => (
            <li key={article.slug}>
              <a href={`#${article.slug}`}>{article.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {articles.map((article) => (
        <article
          key={article.slug}
          id={article.slug}
          className={styles.article}
          aria-labelledby={`${article.slug}-title`}
        >
          <header>
            <h2 id={`${article.slug}-title`}>{article.title}</h2>
            <p className={styles.byline}>
              <time dateTime={article.publishedOn}>{formatDay(article.publishedOn)}</time> · {article.readingMinutes}{" "}
              min read · {article.author}
            </p>
            <p className={styles.summary}>{article.summary}</p>
          </header>
          {article.sections.map((part, index) => (
            <section key={part.heading ?? index} className={prose}>
              {part.heading ? <h3>{part.heading}</h3> : null}
              {part.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {part.code ? (
                <pre className={styles.code} tabIndex={0} role="group" aria-label={`${part.code.language} example`}>
                  <code>{part.code.source}</code>
                </pre>
              ) : null}
            </section>
          ))}
        </article>
      ))}
    </div>
  );
}
