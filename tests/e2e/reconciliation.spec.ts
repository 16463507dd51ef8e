import { expect } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { DEMO, expectToast, signIn } from "./helpers";
import { executeSql } from "./local-d1";

// The daily reconciliation's page (ADR 0089): a day's run that found a transfer at the provider
// the ledger does not hold (written to the server's local D1, as the scheduled job would; each
// project its own day and transfer). The admin reaches it from Claims, reads it, and marks the
// difference as looked into with the page's plain form.

test("the admin finds a reconciliation's difference from Claims and marks it as looked into", async ({
  page,
}, info) => {
  const project = info.project.name === "js" ? "js" : "nojs";
  const day = project === "js" ? "2001-02-03" : "2001-02-04";
  const runId = `e2e-reconciliation-run-${project}`;
  const ref = `tr_test_e2e_${project}_${Date.now()}`;
  await executeSql(
    `INSERT OR IGNORE INTO reconciliation_runs (id, provider, day, status, checked, differences, finished_at)
     VALUES ('${runId}', 'test', '${day}', 'done', 14, 1, 981158400000);
     INSERT INTO reconciliation_differences (id, run_id, provider, kind, provider_ref, ledger_kind, their_cents, currency)
     VALUES ('${crypto.randomUUID()}', '${runId}', 'test', 'missing_ours', '${ref}', 'transfer', 5000, 'usd');`,
  );

  await signIn(page, DEMO.admin);
  await page.goto("/dashboard/claims");
  // The link on the Claims page itself, not the dashboard's menu beside it.
  await page.getByRole("main").getByRole("link", { name: "Reconciliation", exact: true }).last().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  const difference = page.getByRole("row").filter({ hasText: ref });
  await expect(difference).toContainText("Missing from our ledger: Transfer to a seller");
  await expect(difference).toContainText(day);
  await expect(difference).toContainText("None USD");
  await expect(difference).toContainText("$ 50.00 USD");
  // The runs table lists the recent days (ADR 0099: a day never checked says so); this planted run
  // of 2001 shows through its difference only.
  await expectAccessible(page, "Reconciliation");

  await difference.getByRole("button", { name: `Mark as looked into: ${ref}` }).click();
  await expectToast(page, "Marked as looked into.");
  await expect(page.getByRole("row").filter({ hasText: ref })).toHaveCount(0);
});
