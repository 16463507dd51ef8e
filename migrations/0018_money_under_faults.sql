-- Money under faults (ADR 0081, ADR 0087, ADR 0089): the ledger's closed list grows (a lost
-- chargeback's amount and fee, what a seller owes and what is recovered of it), a dispute keeps
-- its fee and when evidence was sent, a seller's debt recovery is serialised on the payout
-- account, and the daily reconciliation keeps its runs and differences (the offline provider
-- keeps its own record to compare with). CHECKs change only by rebuilding a table; ledger_entries
-- is referenced by nothing, disputes by nothing, but foreign keys are checked at the end of the
-- migration's transaction all the same (D1's way).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `reconciliation_differences` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`provider` text NOT NULL,
	`kind` text NOT NULL,
	`provider_ref` text NOT NULL,
	`ledger_kind` text,
	`our_cents` integer,
	`their_cents` integer,
	`currency` text NOT NULL,
	`noticed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`run_id`) REFERENCES `reconciliation_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reconciliation_differences_kind_check" CHECK("reconciliation_differences"."kind" in ('missing_ours', 'missing_theirs', 'amount_differs')),
	CONSTRAINT "reconciliation_differences_provider_check" CHECK("reconciliation_differences"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reconciliation_differences_ref` ON `reconciliation_differences` (`provider`,`kind`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `reconciliation_differences_open` ON `reconciliation_differences` (`noticed_at`) WHERE "reconciliation_differences"."resolved_at" is null;--> statement-breakpoint
CREATE TABLE `reconciliation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`day` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`cursor` text,
	`checked` integer DEFAULT 0 NOT NULL,
	`differences` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`finished_at` integer,
	CONSTRAINT "reconciliation_runs_provider_check" CHECK("reconciliation_runs"."provider" in ('test', 'stripe')),
	CONSTRAINT "reconciliation_runs_status_check" CHECK("reconciliation_runs"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reconciliation_runs_provider_day` ON `reconciliation_runs` (`provider`,`day`);--> statement-breakpoint
CREATE TABLE `test_provider_movements` (
	`provider_ref` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "test_provider_movements_kind_check" CHECK("test_provider_movements"."kind" in ('charge', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failure', 'label', 'label_refund', 'dispute_loss', 'dispute_fee', 'seller_debt', 'debt_recovery')),
	CONSTRAINT "test_provider_movements_amount_positive" CHECK("test_provider_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `test_provider_movements_created` ON `test_provider_movements` (`created_at`);--> statement-breakpoint
CREATE TABLE `__new_ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text NOT NULL,
	`seller_id` text NOT NULL,
	`payment_id` text,
	`operation_id` text,
	`payout_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operation_id`) REFERENCES `deal_operations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_entries_kind_check" CHECK("__new_ledger_entries"."kind" in ('charge', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failure', 'label', 'label_refund', 'dispute_loss', 'dispute_fee', 'seller_debt', 'debt_recovery')),
	CONSTRAINT "ledger_entries_provider_check" CHECK("__new_ledger_entries"."provider" in ('test', 'stripe')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK("__new_ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_deal_or_payout" CHECK(("__new_ledger_entries"."payment_id" is null) = ("__new_ledger_entries"."kind" in ('payout', 'payout_failure')))
);
--> statement-breakpoint
INSERT INTO `__new_ledger_entries`("id", "kind", "amount_cents", "currency", "provider", "provider_ref", "seller_id", "payment_id", "operation_id", "payout_id", "created_at") SELECT "id", "kind", "amount_cents", "currency", "provider", "provider_ref", "seller_id", "payment_id", "operation_id", "payout_id", "created_at" FROM `ledger_entries`;--> statement-breakpoint
DROP TABLE `ledger_entries`;--> statement-breakpoint
ALTER TABLE `__new_ledger_entries` RENAME TO `ledger_entries`;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_provider_ref` ON `ledger_entries` (`provider`,`kind`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `ledger_entries_payment` ON `ledger_entries` (`payment_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_seller_created` ON `ledger_entries` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_entries_debts` ON `ledger_entries` (`seller_id`,`provider`,`currency`) WHERE "ledger_entries"."kind" in ('seller_debt', 'debt_recovery');--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notification_preferences_kind_check" CHECK("__new_notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed', 'payment_released', 'payment_refunded', 'claim_opened', 'claim_answered', 'claim_decided', 'payout_paid', 'payout_failed', 'price_dropped', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'saved_search_matches', 'parcel_sent', 'parcel_delivered', 'ship_reminder', 'unshipped_cancelled', 'seller_debt', 'dispute_opened', 'reconciliation_differences'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "enabled", "updated_at") SELECT "user_id", "kind", "enabled", "updated_at" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
CREATE TABLE `__new_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`provider_dispute_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`evidence_due_at` integer,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`evidence_submitted_at` integer,
	`state_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "disputes_status_check" CHECK("__new_disputes"."status" in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')),
	CONSTRAINT "disputes_provider_check" CHECK("__new_disputes"."provider" in ('test', 'stripe')),
	CONSTRAINT "disputes_amount_positive" CHECK("__new_disputes"."amount_cents" > 0),
	CONSTRAINT "disputes_fee_not_negative" CHECK("__new_disputes"."fee_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_disputes`("id", "provider", "provider_dispute_id", "payment_id", "amount_cents", "currency", "reason", "status", "evidence_due_at", "fee_cents", "evidence_submitted_at", "state_at", "created_at", "closed_at") SELECT "id", "provider", "provider_dispute_id", "payment_id", "amount_cents", "currency", "reason", "status", "evidence_due_at", "fee_cents", "evidence_submitted_at", "state_at", "created_at", "closed_at" FROM `disputes`;--> statement-breakpoint
DROP TABLE `disputes`;--> statement-breakpoint
ALTER TABLE `__new_disputes` RENAME TO `disputes`;--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_provider_dispute` ON `disputes` (`provider`,`provider_dispute_id`);--> statement-breakpoint
CREATE INDEX `disputes_payment` ON `disputes` (`payment_id`);--> statement-breakpoint
CREATE INDEX `disputes_open_created` ON `disputes` (`created_at`) WHERE "disputes"."closed_at" is null;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `recovery_lock_until` integer;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `recovery_retry_at` integer;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
