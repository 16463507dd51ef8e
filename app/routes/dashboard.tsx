import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { DASHBOARD_TABS } from "../domain/dashboard";
import { container } from "../styles/utilities.css";
import { pageMeta } from "../utils/seo";
import { requireUser } from "../utils/session.server";
import * as styles from "./dashboard.css";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Dashboard", "Your Pay&Buy dashboard.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { name: user.name, role: user.role, tabs: DASHBOARD_TABS[user.role] };
}

export default function Dashboard() {
  const { name, tabs } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.layout}`}>
      <nav aria-label="Dashboard" className={styles.tabs}>
        <p className={styles.greeting}>Signed in as {name}</p>
        <ul className={styles.tabList}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className={styles.tab} prefetch="intent">
                {tab.label}
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
