// The local outbox (ADR 0034): the letters the notification consumer "sent" without an email
// provider, newest first. Only a LOCAL_DEV server has this page; anywhere else it is a 404.
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/error-page";
import * as table from "#app/components/table.css";
import { listOutbox } from "#app/domain/notifications/email.server";
import { LETTER_LABELS } from "#app/domain/notifications/preferences.server";
import { notFound } from "#app/server/http.server";
import { container } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { database } from "#db/client";
import * as styles from "./outbox.css";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Outbox", "The letters a local development server sent; only such a server has this page."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.env.settings.LOCAL_DEV !== "true") throw notFound();
  const letters = await listOutbox(database(context.env.DB));
  return {
    letters: letters.map((letter) => ({
      id: letter.id,
      kind: LETTER_LABELS[letter.kind],
      to: letter.toEmail,
      subject: letter.subject,
      body: letter.body,
      sentAt: letter.createdAt.toISOString().slice(0, 19).replace("T", " "),
    })),
  };
}

export default function Outbox() {
  const { letters } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <h1>Outbox</h1>
      <p>
        Letters the notification queue sent on this local server (no email provider is configured), newest first. Times
        are in UTC.
      </p>
      {letters.length === 0 ? (
        <p className={table.empty}>The outbox is empty.</p>
      ) : (
        <div className={`${table.wrap} ${table.wide}`} role="region" aria-labelledby="outbox-caption" tabIndex={0}>
          <table className={table.table}>
            <caption id="outbox-caption" className={table.caption}>
              Letters, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Letter</th>
              </tr>
            </thead>
            <tbody>
              {letters.map((letter) => (
                <tr key={letter.id}>
                  <td>{letter.sentAt}</td>
                  <td>{letter.kind}</td>
                  <td>{letter.to}</td>
                  <td>{letter.subject}</td>
                  <td className={styles.letter}>{letter.body}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
