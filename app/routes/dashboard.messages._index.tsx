import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, redirect, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { Pager } from "#app/components/list-controls";
import * as table from "#app/components/table.css";
import { listConversations } from "#app/domain/messaging/inbox.server";
import { formatMoment } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { listHref } from "#app/utils/list-urls";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";
import * as styles from "./messages.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Messages", "Your conversations with the buyers and sellers of your bookings on Pay&Buy.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  // ?product=<id>: an admin's read-only look at the conversations of one reported listing.
  const productId = url.searchParams.get("product")?.trim().slice(0, 100) || undefined;
  // Read for the role the session claims, with the session's read: one D1 round trip (ADR 0069).
  // One clock for the list's rule (which deals are live) and the rows' read-only reasons.
  const now = Date.now();
  const { user, data: conversations } = await requireUserWith(request, context, (viewer) =>
    listConversations(
      database(context.env.DB),
      { id: viewer.id, role: viewer.role ?? "buyer" },
      { page, productId, now },
    ),
  );
  const extra: Record<string, string> = productId ? { product: productId } : {};
  if (page > conversations.pageCount) {
    throw redirect(listHref(MESSAGES_PATH, { page: conversations.pageCount }, extra));
  }
  return { conversations, productId: productId ?? null, admin: user.role === "admin" };
}

export default function Messages() {
  const zone = useZone();
  const { conversations, productId, admin } = useLoaderData<typeof loader>();
  const extra: Record<string, string> = productId ? { product: productId } : {};
  return (
    <DashboardPage title="Messages">
      {admin ? (
        <p className={styles.meta}>
          Conversations of reported listings, read-only.{" "}
          <Link to="/dashboard/reported_items">Back to Reported Items</Link>
        </p>
      ) : null}
      {conversations.rows.length === 0 ? (
        <p className={table.empty}>
          {admin
            ? productId
              ? "There is no conversation about this listing."
              : "There is no conversation of a reported listing."
            : "You don't have any conversation yet. Each booking has one, between its buyer and the seller."}
        </p>
      ) : (
        <ul className={styles.conversations} aria-label="Conversations, most recent first">
          {conversations.rows.map((conversation) => {
            const title = admin
              ? `${conversation.buyerName} and ${conversation.sellerName}`
              : `${conversation.otherParty.name} (${conversation.otherParty.role})`;
            return (
              <li
                key={conversation.bookingId}
                className={`${styles.conversation} ${conversation.unread > 0 ? styles.unreadConversation : ""}`}
              >
                <div className={styles.heading}>
                  <Link to={`${MESSAGES_PATH}/${conversation.bookingId}`}>
                    <strong>{title}</strong>
                    {`: ${conversation.productName}`}
                  </Link>
                  {conversation.unread > 0 ? (
                    <span className={styles.unread}>
                      {conversation.unread === 1 ? "1 unread" : `${conversation.unread} unread`}
                    </span>
                  ) : null}
                  {conversation.readOnly && !admin ? <span className={styles.meta}>Read-only</span> : null}
                </div>
                {conversation.lastMessage ? (
                  <>
                    <p className={styles.excerpt}>
                      {conversation.lastMessage.mine ? "You: " : ""}
                      {conversation.lastMessage.excerpt}
                    </p>
                    <span className={styles.meta}>
                      <time dateTime={new Date(conversation.lastMessage.at).toISOString()}>
                        {formatMoment(conversation.lastMessage.at, zone)}
                      </time>
                    </span>
                  </>
                ) : (
                  <p className={`${styles.excerpt} ${styles.meta}`}>No messages yet.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        pathname={MESSAGES_PATH}
        page={conversations.page}
        pageCount={conversations.pageCount}
        hrefFor={(to) => listHref(MESSAGES_PATH, { page: to }, extra)}
      />
    </DashboardPage>
  );
}
