CREATE TABLE `saved_search_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `saved_search_letters_user_created` ON `saved_search_letters` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `saved_search_matches` (
	`saved_search_id` text NOT NULL,
	`product_id` text NOT NULL,
	`matched_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`letter_id` text,
	PRIMARY KEY(`saved_search_id`, `product_id`),
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`letter_id`) REFERENCES `saved_search_letters`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `saved_search_matches_unsent` ON `saved_search_matches` (`saved_search_id`) WHERE "saved_search_matches"."letter_id" is null;--> statement-breakpoint
CREATE INDEX `saved_search_matches_letter` ON `saved_search_matches` (`letter_id`);--> statement-breakpoint
CREATE TABLE `saved_search_scan` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_rowid` integer NOT NULL,
	CONSTRAINT "saved_search_scan_one_row" CHECK("saved_search_scan"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`match_query` text,
	`emails` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "saved_searches_name_length" CHECK(length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_query` ON `saved_searches` (`user_id`,`query`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notification_preferences_kind_check" CHECK("__new_notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed', 'payment_released', 'payment_refunded', 'claim_opened', 'claim_answered', 'claim_decided', 'payout_paid', 'payout_failed', 'saved_search_matches'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "enabled", "updated_at") SELECT "user_id", "kind", "enabled", "updated_at" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
-- Saved searches (ADR 0062), by hand: the small full-text table each matching pass fills with
-- the few listings it reads (tokenised as products_fts is, so a saved search's words match as the
-- search's do), and the scan's one row, which starts after the listings that exist today: a
-- saved search is told of listings that appear after it, not of the whole catalog.
CREATE VIRTUAL TABLE saved_search_batch_fts USING fts5(
  name,
  description,
  category,
  location,
  tokenize = 'porter unicode61 remove_diacritics 2'
);--> statement-breakpoint
INSERT INTO saved_search_scan (id, last_rowid) SELECT 1, coalesce(max(rowid), 0) FROM products;
