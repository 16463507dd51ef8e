CREATE TABLE `ratings` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`stars` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ratings_stars_range" CHECK("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_comment_length" CHECK(length("ratings"."comment") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_one_per_payment` ON `ratings` (`payment_id`);--> statement-breakpoint
CREATE INDEX `ratings_seller_created` ON `ratings` (`seller_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_active_expiry` ON `bookings` (`expires_at`) WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX `processed_events_received` ON `processed_events` (`received_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_time` ON `sign_in_attempts` (`attempted_at`);--> statement-breakpoint
-- Bookings made before deadlines existed were never told of one: each gets the default hold
-- (48 hours) from the moment this migration runs, so nobody loses a booking at the first run.
UPDATE `bookings` SET `expires_at` = cast(unixepoch('subsec') * 1000 as integer) + 172800000 WHERE `status` = 'active' AND `expires_at` IS NULL;
