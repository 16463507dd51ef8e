import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { NavLink, Outlet, useLoaderData, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/error-page";
import { unreadMessageCount } from "#app/domain/messaging/inbox.server";
import { container, visuallyHidden } from "#app/styles/utilities.css";
import { DASHBOARD_TABS, MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import * as styles from "./dashboard.css";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Dashboard", "Your Pay&Buy dashboard.");

const hasMessagesTab = (role: Role) => DASHBOARD_TABS[role].some((tab) => tab.to === MESSAGES_PATH);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The unread count travels with the session's read (ADR 0040, 0069); it counts for the roles
  // with a Messages tab (a claimed role the session row denies is read again for the true one).
  const { user, data: unread } = await requireUserWith(request, context, async (viewer) =>
    viewer.role && !hasMessagesTab(viewer.role) ? 0 : unreadMessageCount(database(context.env.DB), viewer),
  );
  const tabs = DASHBOARD_TABS[user.role];
  return { name: user.name, role: user.role, tabs, unread: hasMessagesTab(user.role) ? unread : 0 };
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
