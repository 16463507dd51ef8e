CREATE TABLE `claims` (
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
	CONSTRAINT "claims_reason_check" CHECK("claims"."reason" in ('not_as_described', 'not_handed_over', 'other')),
	CONSTRAINT "claims_status_check" CHECK("claims"."status" in ('open', 'decided', 'withdrawn')),
	CONSTRAINT "claims_outcome_check" CHECK("claims"."outcome" is null or "claims"."outcome" in ('refund_full', 'refund_partial', 'release')),
	CONSTRAINT "claims_decided_has_outcome" CHECK(("claims"."status" = 'decided') = ("claims"."outcome" is not null)),
	CONSTRAINT "claims_refund_amount" CHECK(("claims"."outcome" in ('refund_full', 'refund_partial')) = ("claims"."refund_cents" is not null and "claims"."refund_cents" > 0)),
	CONSTRAINT "claims_details_length" CHECK(length("claims"."details") between 1 and 1000),
	CONSTRAINT "claims_answer_length" CHECK("claims"."seller_answer" is null or length("claims"."seller_answer") between 1 and 1000),
	CONSTRAINT "claims_note_length" CHECK("claims"."decision_note" is null or length("claims"."decision_note") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_one_per_deal` ON `claims` (`payment_id`);--> statement-breakpoint
CREATE INDEX `claims_status_created` ON `claims` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_seller_created` ON `claims` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_buyer_created` ON `claims` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `deal_operations` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`origin` text NOT NULL,
	`claim_id` text,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`reversal_cents` integer DEFAULT 0 NOT NULL,
	`external_ref` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deal_operations_kind_check" CHECK("deal_operations"."kind" in ('release', 'refund')),
	CONSTRAINT "deal_operations_origin_check" CHECK("deal_operations"."origin" in ('buyer_confirmed', 'auto_release', 'claim_decision', 'provider_refund')),
	CONSTRAINT "deal_operations_status_check" CHECK("deal_operations"."status" in ('pending', 'done')),
	CONSTRAINT "deal_operations_amounts" CHECK("deal_operations"."amount_cents" >= 0 and "deal_operations"."fee_cents" >= 0 and "deal_operations"."reversal_cents" >= 0 and ("deal_operations"."kind" = 'refund' or "deal_operations"."reversal_cents" = 0)),
	CONSTRAINT "deal_operations_refund_positive" CHECK("deal_operations"."kind" = 'release' or "deal_operations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_payment_seq` ON `deal_operations` (`payment_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_one_release` ON `deal_operations` (`payment_id`) WHERE "deal_operations"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX `deal_operations_external_ref` ON `deal_operations` (`external_ref`) WHERE "deal_operations"."external_ref" is not null;--> statement-breakpoint
CREATE INDEX `deal_operations_pending` ON `deal_operations` (`next_attempt_at`) WHERE "deal_operations"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `deals` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`provider` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`charge_ref` text,
	`state` text DEFAULT 'held' NOT NULL,
	`release_due_at` integer,
	`released_at` integer,
	`refunded_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`decision_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deals_state_check" CHECK("deals"."state" in ('held', 'released', 'refunded', 'settled_outside')),
	CONSTRAINT "deals_provider_check" CHECK("deals"."provider" in ('test', 'stripe')),
	CONSTRAINT "deals_amount_positive" CHECK("deals"."amount_cents" > 0),
	CONSTRAINT "deals_release_due" CHECK("deals"."state" = 'settled_outside' or "deals"."release_due_at" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deals_booking` ON `deals` (`booking_id`);--> statement-breakpoint
CREATE INDEX `deals_held_release_due` ON `deals` (`release_due_at`) WHERE "deals"."state" = 'held';--> statement-breakpoint
CREATE INDEX `deals_seller_created` ON `deals` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deals_buyer_created` ON `deals` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
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
	CONSTRAINT "ledger_entries_kind_check" CHECK("ledger_entries"."kind" in ('charge', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failure')),
	CONSTRAINT "ledger_entries_provider_check" CHECK("ledger_entries"."provider" in ('test', 'stripe')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_deal_or_payout" CHECK(("ledger_entries"."payment_id" is null) = ("ledger_entries"."kind" in ('payout', 'payout_failure')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_provider_ref` ON `ledger_entries` (`provider`,`kind`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `ledger_entries_payment` ON `ledger_entries` (`payment_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_seller_created` ON `ledger_entries` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`seller_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`transfers_active` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`disabled_reason` text,
	`state_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payout_accounts_provider_check" CHECK("payout_accounts"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_provider_account` ON `payout_accounts` (`provider`,`account_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_payout_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`arrival_at` integer,
	`failure_message` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payouts_provider_check" CHECK("payouts"."provider" in ('test', 'stripe')),
	CONSTRAINT "payouts_status_check" CHECK("payouts"."status" in ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
	CONSTRAINT "payouts_amount_positive" CHECK("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_provider_payout` ON `payouts` (`provider`,`provider_payout_id`);--> statement-breakpoint
CREATE INDEX `payouts_seller_created` ON `payouts` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_on_the_way` ON `payouts` (`arrival_at`) WHERE "payouts"."status" in ('pending', 'in_transit');--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notification_preferences_kind_check" CHECK("__new_notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed', 'payment_released', 'payment_refunded', 'claim_opened', 'claim_answered', 'claim_decided', 'payout_paid', 'payout_failed'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "enabled", "updated_at") SELECT "user_id", "kind", "enabled", "updated_at" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
-- Sales paid before the ledger existed were settled outside it (the money stayed with the
-- platform, and whatever the seller was owed was settled by hand): each becomes a deal in the
-- state `settled_outside`, with no ledger entries, no protection window and no operation, so
-- nothing ever pays it again (ADR 0058).
INSERT INTO `deals` (`payment_id`, `booking_id`, `seller_id`, `buyer_id`, `provider`, `amount_cents`, `currency`, `charge_ref`, `state`, `release_due_at`, `version`, `created_at`)
SELECT `id`, `booking_id`, `seller_id`, `buyer_id`, `provider`, `amount_cents`, `currency`, `transaction_id`, 'settled_outside', NULL, 0, `created_at` FROM `payments`;
