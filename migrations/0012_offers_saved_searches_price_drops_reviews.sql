-- Offers (ADR 0061), saved searches and their letters (ADR 0062), price drops (ADR 0063) and
-- written reviews with answers and reports (ADR 0064). The new notification kinds rebuild only
-- notification_preferences (its CHECK); the columns of products, ratings and email_outbox are
-- added in place, so the products table keeps its triggers, its full-text index and its rowids.
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`asking_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`counter_cents` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`decline_reason` text,
	`meet_location` text NOT NULL,
	`buyer_contact` text NOT NULL,
	`booking_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`respond_by` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "offers_status_check" CHECK("offers"."status" in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "offers_decline_reason_check" CHECK(("offers"."status" = 'declined') = ("offers"."decline_reason" is not null) and ("offers"."decline_reason" is null or "offers"."decline_reason" in ('seller_declined', 'buyer_declined', 'listing_booked'))),
	CONSTRAINT "offers_prices" CHECK("offers"."asking_cents" > 0 and "offers"."amount_cents" > 0 and "offers"."amount_cents" <= "offers"."asking_cents" and "offers"."amount_cents" * 2 >= "offers"."asking_cents" and ("offers"."counter_cents" is null or ("offers"."counter_cents" > "offers"."amount_cents" and "offers"."counter_cents" <= "offers"."asking_cents"))),
	CONSTRAINT "offers_countered_has_counter" CHECK("offers"."status" <> 'countered' or "offers"."counter_cents" is not null),
	CONSTRAINT "offers_accepted_has_booking" CHECK(("offers"."status" = 'accepted') = ("offers"."booking_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_live_per_buyer` ON `offers` (`product_id`,`buyer_id`) WHERE "offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX `offers_booking` ON `offers` (`booking_id`) WHERE "offers"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX `offers_live_respond_by` ON `offers` (`respond_by`) WHERE "offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE INDEX `offers_buyer_created` ON `offers` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_seller_created` ON `offers` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_product` ON `offers` (`product_id`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`rating_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`rating_id`) REFERENCES `ratings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "review_reports_reason_check" CHECK("review_reports"."reason" in ('counterfeit_or_stolen', 'wrong_category', 'misleading', 'offensive', 'other')),
	CONSTRAINT "review_reports_status_check" CHECK("review_reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_one_open_per_reporter` ON `review_reports` (`rating_id`,`reporter_id`) WHERE "review_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `review_reports_status_created` ON `review_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_reports_rating_status` ON `review_reports` (`rating_id`,`status`);--> statement-breakpoint
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
	CONSTRAINT "notification_preferences_kind_check" CHECK("__new_notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed', 'payment_released', 'payment_refunded', 'claim_opened', 'claim_answered', 'claim_decided', 'payout_paid', 'payout_failed', 'price_dropped', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'saved_search_matches'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "enabled", "updated_at") SELECT "user_id", "kind", "enabled", "updated_at" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `products` ADD `previous_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `price_dropped_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `offers_accepted` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `ratings` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `text_removed_at` integer;--> statement-breakpoint
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
