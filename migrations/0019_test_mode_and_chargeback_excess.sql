-- Money that cannot leak (ADR 0091, ADR 0092): the ledger's closed list grows by the part of a
-- lost chargeback beyond what was left of the payment (the platform's loss), the letters' by the
-- one that tells a buyer a self-tracked parcel's protection window has started, and a shipment
-- keeps when that letter was sent. CHECKs change only by rebuilding a table; nothing references
-- these three tables, and foreign keys are checked at the end of the migration's transaction
-- (D1's way).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
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
	CONSTRAINT "ledger_entries_kind_check" CHECK("__new_ledger_entries"."kind" in ('charge', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failure', 'label', 'label_refund', 'dispute_loss', 'dispute_fee', 'dispute_excess', 'seller_debt', 'debt_recovery')),
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
	CONSTRAINT "notification_preferences_kind_check" CHECK("__new_notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed', 'payment_released', 'payment_refunded', 'claim_opened', 'claim_answered', 'claim_decided', 'payout_paid', 'payout_failed', 'price_dropped', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'saved_search_matches', 'parcel_sent', 'parcel_delivered', 'ship_reminder', 'unshipped_cancelled', 'seller_debt', 'dispute_opened', 'reconciliation_differences', 'parcel_release_due'))
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
	CONSTRAINT "test_provider_movements_kind_check" CHECK("__new_test_provider_movements"."kind" in ('charge', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failure', 'label', 'label_refund', 'dispute_loss', 'dispute_fee', 'dispute_excess', 'seller_debt', 'debt_recovery')),
	CONSTRAINT "test_provider_movements_amount_positive" CHECK("__new_test_provider_movements"."amount_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_test_provider_movements`("provider_ref", "kind", "amount_cents", "currency", "created_at") SELECT "provider_ref", "kind", "amount_cents", "currency", "created_at" FROM `test_provider_movements`;--> statement-breakpoint
DROP TABLE `test_provider_movements`;--> statement-breakpoint
ALTER TABLE `__new_test_provider_movements` RENAME TO `test_provider_movements`;--> statement-breakpoint
CREATE INDEX `test_provider_movements_created` ON `test_provider_movements` (`created_at`);--> statement-breakpoint
ALTER TABLE `shipments` ADD `release_reminded_at` integer;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
