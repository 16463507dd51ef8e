import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, TextareaField } from "#app/components/forms";
import { MESSAGE_BODY_MAX, messageSchema } from "#app/domain/messaging/message-schema";
import { READ_ONLY_TEXTS } from "#app/domain/messaging/message-words";
import { sendMessage } from "#app/domain/messaging/sending.server";
import { readThread } from "#app/domain/messaging/thread.server";
import { formatMoment } from "#app/domain/shared/dates";
import { readPage } from "#app/domain/shared/list-query";
import { groupThousands } from "#app/domain/shared/numbers";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { listingPath } from "#app/utils/listing-urls";
import { pageMeta } from "#app/utils/seo";
import { requireUser, requireUserWith } from "#app/utils/session.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";
import * as styles from "./messages.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Conversation", "The conversation between the buyer and the seller of a booking on Pay&Buy.");

/** A message form is small: anything bigger is refused before it is read (413). */
const FORM_LIMIT_BYTES = 64 * 1024;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = readPage(new URL(request.url).searchParams.get("page"));
  // One D1 round trip: the session, the thread, and the read mark, which writes only for a live
  // session of one of the booking's parties (ADR 0046, 0069).
  const bookingId = params.bookingId ?? "";
  const { data: thread } = await requireUserWith(request, context, (viewer) =>
    readThread(
      database(context.env.DB),
      { id: viewer.id, role: viewer.role ?? "buyer", sessionId: viewer.sessionId },
      bookingId,
      { page },
    ),
  );
  if (!thread.ok) throw notFound();
  if (page > thread.messages.pageCount) throw redirect(threadPath(thread.conversation.bookingId));
  return {
    conversation: thread.conversation,
    readOnlyText: thread.conversation.readOnly ? READ_ONLY_TEXTS[thread.conversation.readOnly] : null,
    messages: thread.messages,
    // A new one on every load: sending this page twice posts one message (ADR 0032).
    messageKey: crypto.randomUUID(),
  };
}

const threadPath = (bookingId: string, page = 1) =>
  page > 1 ? `${MESSAGES_PATH}/${bookingId}?page=${page}` : `${MESSAGES_PATH}/${bookingId}`;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request, FORM_LIMIT_BYTES);
  if (form.get("intent") !== "send") throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const submission = parseWithZod(form, { schema: messageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const bookingId = params.bookingId ?? "";
  const result = await sendMessage(
    database(context.env.DB),
    user,
    bookingId,
    submission.value.body,
    submission.value.key,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data(submission.reply({ formErrors: [result.message] }), { status: result.status });
  }
  await publishFromRoute(context, result.events);
  // Back to the newest messages; the page's new key makes the next message a new one.
  return redirect(threadPath(bookingId));
}

export default function Conversation() {
  const zone = useZone();
  const { conversation, readOnlyText, messages, messageKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(messageSchema, {
    id: `message-${messageKey}`,
    lastResult,
    validate: "onSubmit",
  });
  const sending = useIsPending({ intent: "send" });
  const admin = conversation.role === "admin";
  const title = admin
    ? `Conversation: ${conversation.buyerName} and ${conversation.sellerName}`
    : `Conversation with ${conversation.otherParty.name}`;
  return (
    <DashboardPage title={title}>
      <p className={styles.meta}>
        {"About "}
        <Link to={listingPath(conversation.productId)}>{conversation.productName}</Link>
        {admin ? ` (buyer ${conversation.buyerName}, seller ${conversation.sellerName})` : null}
        {" · "}
        <Link to={admin ? `${MESSAGES_PATH}?product=${conversation.productId}` : MESSAGES_PATH}>All conversations</Link>
      </p>
      {messages.page < messages.pageCount || messages.page > 1 ? (
        <nav aria-label="Older and newer messages" className={styles.olderLinks}>
          {messages.page < messages.pageCount ? (
            <Link to={threadPath(conversation.bookingId, messages.page + 1)} className={button.ghost}>
              Older messages
            </Link>
          ) : null}
          {messages.page > 1 ? (
            <Link to={threadPath(conversation.bookingId, messages.page - 1)} className={button.ghost}>
              Newer messages
            </Link>
          ) : null}
        </nav>
      ) : null}
      {messages.rows.length === 0 ? (
        <p className={styles.meta}>No messages yet.</p>
      ) : (
        <ol className={styles.thread} aria-label="Messages, oldest first">
          {messages.rows.map((message) => (
            <li key={message.id} className={`${styles.message} ${message.mine ? styles.mine : ""}`}>
              <span className={styles.meta}>
                <strong>{message.mine ? "You" : message.senderName}</strong>
                {message.fromBuyer ? " (buyer)" : " (seller)"}
                {", "}
                <time dateTime={new Date(message.createdAt).toISOString()}>
                  {formatMoment(message.createdAt, zone)}
                </time>
              </span>
              <p className={styles.body}>{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {readOnlyText ? (
        <p className={styles.notice} role="status">
          {readOnlyText}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className={styles.composer} key={messageKey}>
          <input type="hidden" name="key" value={messageKey} />
          <TextareaField
            label="Your message"
            textareaProps={{
              ...getTextareaProps(fields.body),
              rows: 4,
              maxLength: MESSAGE_BODY_MAX,
              required: true,
            }}
            errors={fields.body.errors}
            hint={`Text only, at most ${groupThousands(MESSAGE_BODY_MAX)} characters.`}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div>
            <button type="submit" name="intent" value="send" className={button.primary} disabled={sending}>
              {sending ? "Sending…" : "Send message"}
            </button>
          </div>
        </Form>
      )}
    </DashboardPage>
  );
}
