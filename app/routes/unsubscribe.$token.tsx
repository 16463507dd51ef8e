// The unsubscribe link of a letter (RFC 8058, ADR 0062). Opening it changes nothing (mail scanners
// open links too): the page asks to confirm with a button. A POST unsubscribes, whether it comes
// from that button or from a mail client's one-click "Unsubscribe" (`List-Unsubscribe=One-Click`,
// sent cross-site and without cookies: workers/same-origin.ts lets this path through). Signed out
// works: the signed token says whose emails they are.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import * as formStyles from "#app/components/forms.css";
import { readUnsubscribe, UNSUBSCRIBE_MESSAGES, unsubscribe } from "#app/domain/notifications/unsubscribe.server";
import { requireFormData } from "#app/server/http.server";
import { button, container, section } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Unsubscribe", "Stop a kind of email from Pay&Buy."),
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const read = await readUnsubscribe(params.token ?? "", context.env.settings.SESSION_SECRET);
  if (!read.ok)
    return data({ label: null, problem: { status: read.status, message: read.message } }, { status: read.status });
  return data({ label: read.label, problem: null });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const result = await unsubscribe(database(context.env.DB), params.token ?? "", context.env.settings.SESSION_SECRET);
  if (!result.ok)
    return data({ problem: { status: result.status, message: result.message } }, { status: result.status });
  // A mail client's one-click POST follows no redirect: the page says it is done.
  if (form.get("List-Unsubscribe") === "One-Click") return data({ problem: null, done: true });
  return redirectWithSuccess(
    context,
    "/",
    `${UNSUBSCRIBE_MESSAGES.done} We will not email you “${result.label}” any more; turn it on again in Settings.`,
  );
}

export default function Unsubscribe() {
  const { label, problem: loaded } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as
    | { problem: { status: number; message: string } | null; done?: boolean }
    | undefined;
  const problem = reply?.problem ?? loaded;
  const busy = useIsPending({ intent: "unsubscribe" });
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        {reply?.done ? (
          <>
            <h1>You are unsubscribed</h1>
            <p>{`We will not email you “${label}” any more. You can turn it on again in Settings.`}</p>
          </>
        ) : problem || !label ? (
          <>
            <h1>{problem?.status === 410 ? "This link has expired" : "This link is not valid"}</h1>
            <p>{problem?.message}</p>
            <p>
              <Link to="/dashboard/settings">Go to Settings</Link>
            </p>
          </>
        ) : (
          <>
            <h1>Unsubscribe</h1>
            <p>{`Stop the emails “${label}”? You can turn them on again in Settings.`}</p>
            <Form method="post" replace>
              <input type="hidden" name="intent" value="unsubscribe" />
              <button type="submit" className={button.primary} disabled={busy}>
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
