-- The closed lists that grow (ADR 0094) lose their CHECKs: ledger kinds (ledger_entries,
-- test_provider_movements), deal operations' kinds and origins, notification kinds
-- (notification_preferences) and claim reasons. A new value is then a change of
-- db/closed-lists.ts alone, never a table rebuild; the typed drizzle columns keep writes typed and
-- tests/integration/growing-lists.test.ts checks that every stored value is known. This is the last
-- rebuild of these five tables for their lists. No trigger names them (the hand-written triggers
-- are on product_photos, products, categories, users and payments); drizzle writes every index
-- again below. Foreign keys are checked at the end of the migration's transaction (D1's way):
-- deal_operations points at claims and ledger_entries at deal_operations, and each is copied
-- whole before its old table goes.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text NOT NULL,
	`seller_answer` text,
	`answered_at` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`refund_cents` integer,
	`decision_note` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "claims_status_check" CHECK("__new_claims"."status" in ('open', 'decided', 'withdrawn')),
	CONSTRAINT "claims_outcome_check" CHECK("__new_claims"."outcome" is null or "__new_claims"."outcome" in ('refund_full', 'refund_partial', 'release')),
	CONSTRAINT "claims_decided_has_outcome" CHECK(("__new_claims"."status" = 'decided') = ("__new_claims"."outcome" is not null)),
	CONSTRAINT "claims_refund_amount" CHECK(("__new_claims"."outcome" in ('refund_full', 'refund_partial')) = ("__new_claims"."refund_cents" is not null and "__new_claims"."refund_cents" > 0)),
	CONSTRAINT "claims_details_length" CHECK(length("__new_claims"."details") between 1 and 1000),
	CONSTRAINT "claims_answer_length" CHECK("__new_claims"."seller_answer" is null or length("__new_claims"."seller_answer") between 1 and 1000),
	CONSTRAINT "claims_note_length" CHECK("__new_claims"."decision_note" is null or length("__new_claims"."decision_note") <= 1000)
);
--> statement-breakpoint
INSERT INTO `__new_claims`("id", "payment_id", "booking_id", "buyer_id", "seller_id", "reason", "details", "seller_answer", "answered_at", "status", "outcome", "refund_cents", "decision_note", "decided_by", "decided_at", "created_at") SELECT "id", "payment_id", "booking_id", "buyer_id", "seller_id", "reason", "details", "seller_answer", "answered_at", "status", "outcome", "refund_cents", "decision_note", "decided_by", "decided_at", "created_at" FROM `claims`;--> statement-breakpoint
DROP TABLE `claims`;--> statement-breakpoint
ALTER TABLE `__new_claims` RENAME TO `claims`;--> statement-breakpoint
CREATE UNIQUE INDEX `claims_one_per_deal` ON `claims` (`payment_id`);--> statement-breakpoint
CREATE INDEX `claims_status_created` ON `claims` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_seller_created` ON `claims` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_buyer_created` ON `claims` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_deal_operations` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`origin` text NOT NULL,
	`claim_id` text,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`reversal_cents` integer DEFAULT 0 NOT NULL,
	`label_cents` integer DEFAULT 0 NOT NULL,
	`external_ref` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deal_operations_status_check" CHECK("__new_deal_operations"."status" in ('pending', 'done')),
	CONSTRAINT "deal_operations_amounts" CHECK("__new_deal_operations"."amount_cents" >= 0 and "__new_deal_operations"."fee_cents" >= 0 and "__new_deal_operations"."reversal_cents" >= 0 and "__new_deal_operations"."label_cents" >= 0 and ("__new_deal_operations"."kind" = 'refund' or "__new_deal_operations"."reversal_cents" = 0)),
	CONSTRAINT "deal_operations_refund_positive" CHECK("__new_deal_operations"."kind" = 'release' or "__new_deal_operations"."amount_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_deal_operations`("id", "payment_id", "seq", "kind", "origin", "claim_id", "amount_cents", "fee_cents", "reversal_cents", "label_cents", "external_ref", "status", "attempts", "next_attempt_at", "last_error", "created_at", "completed_at") SELECT "id", "payment_id", "seq", "kind", "origin", "claim_id", "amount_cents", "fee_cents", "reversal_cents", "label_cents", "external_ref", "status", "attempts", "next_attempt_at", "last_error", "created_at", "completed_at" FROM `deal_operations`;--> statement-breakpoint
DROP TABLE `deal_operations`;--> statement-breakpoint
ALTER TABLE `__new_deal_operations` RENAME TO `deal_operations`;--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_payment_seq` ON `deal_operations` (`payment_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_one_release` ON `deal_operations` (`payment_id`) WHERE "deal_operations"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_external_ref` ON `deal_operations` (`external_ref`) WHERE "deal_operations"."external_ref" is not null;--> statement-breakpoint
CREATE INDEX `deal_operations_pending` ON `deal_operations` (`next_attempt_at`) WHERE "deal_operations"."status" = 'pending';--> statement-breakpoint
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
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "enabled", "updated_at") SELECT "user_id", "kind", "enabled", "updated_at" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
CREATE TABLE `__new_test_provider_movements` (
	`provider_ref` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "test_provider_movements_amount_positive" CHECK("__new_test_provider_movements"."amount_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_test_provider_movements`("provider_ref", "kind", "amount_cents", "currency", "created_at") SELECT "provider_ref", "kind", "amount_cents", "currency", "created_at" FROM `test_provider_movements`;--> statement-breakpoint
DROP TABLE `test_provider_movements`;--> statement-breakpoint
ALTER TABLE `__new_test_provider_movements` RENAME TO `test_provider_movements`;--> statement-breakpoint
CREATE INDEX `test_provider_movements_created` ON `test_provider_movements` (`created_at`);--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
