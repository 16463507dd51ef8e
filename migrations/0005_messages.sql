CREATE TABLE `message_reads` (
	`booking_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` integer NOT NULL,
	PRIMARY KEY(`booking_id`, `user_id`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `message_reads_user` ON `message_reads` (`user_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`body` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "messages_body_length" CHECK(length("messages"."body") between 1 and 2000 and length(trim("messages"."body")) = length("messages"."body")),
	CONSTRAINT "messages_key_length" CHECK(length("messages"."idempotency_key") between 1 and 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_key` ON `messages` (`sender_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `messages_booking_created` ON `messages` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_sender_created` ON `messages` (`sender_id`,`created_at`);