CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`key` text PRIMARY KEY NOT NULL,
	`event_key` text NOT NULL,
	`recipient_id` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_event` ON `notification_deliveries` (`event_key`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notification_preferences_kind_check" CHECK("notification_preferences"."kind" in ('booking_made', 'booking_cancelled', 'booking_expired', 'payment_received', 'message_received', 'seller_verified', 'listing_removed'))
);
