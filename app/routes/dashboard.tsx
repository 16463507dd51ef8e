import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorPage } from "#app/components/error-page";
import { toUnreadCount, unreadMessagesRead } from "#app/domain/messaging/inbox.server";
import { container, visuallyHidden } from "#app/styles/utilities.css";
import { DASHBOARD_TABS, MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { pageMeta } from "#app/utils/seo";
import { requireUserWithReads } from "#app/utils/session.server";
import { database } from "#db/client";
import * as styles from "./dashboard.css";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Dashboard", "Your Pay&Buy dashboard.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The unread count travels with the session's read (ADR 0040); it counts for the roles with a
  // Messages tab.
  const { user, results } = await requireUserWithReads(request, context, (userId) => [
    unreadMessagesRead(database(context.env.DB), userId),
  ]);
  const tabs = DASHBOARD_TABS[user.role];
  const unread = tabs.some((tab) => tab.to === MESSAGES_PATH) ? toUnreadCount(results[0] as { unread: number }[]) : 0;
  return { name: user.name, role: user.role, tabs, unread };
}

export default function Dashboard() {
  const { name, tabs, unread } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.layout}`}>
      <nav aria-label="Dashboard" className={styles.tabs}>
        <p className={styles.greeting}>Signed in as {name}</p>
        <ul className={styles.tabList}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className={styles.tab} prefetch="intent">
                {tab.label}
                {tab.to === MESSAGES_PATH && unread > 0 ? (
                  <>
                    {" "}
                    <span className={styles.badge}>{unread > 99 ? "99+" : unread}</span>
                    <span className={visuallyHidden}>{unread === 1 ? " unread message" : " unread messages"}</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.panel}>
        <Outlet />
      </div>
    </div>
  );
}

/** Errors below the dashboard (a 403, a 404) keep the tabs' page around them. */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
