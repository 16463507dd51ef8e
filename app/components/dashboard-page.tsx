import type { ReactNode } from "react";

/** The heading every dashboard page starts with. */
export function DashboardPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{title}</h1>
      {children}
    </section>
  );
}
