CREATE TABLE `saved_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`recipient` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text,
	`city` text NOT NULL,
	`region` text NOT NULL,
	`postal_code` text NOT NULL,
	`country` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "saved_addresses_kind_check" CHECK("saved_addresses"."kind" in ('delivery', 'sender')),
	CONSTRAINT "saved_addresses_country_check" CHECK("saved_addresses"."country" in ('US', 'CA'))
);
--> statement-breakpoint
CREATE INDEX `saved_addresses_user` ON `saved_addresses` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_addresses_one_default` ON `saved_addresses` (`user_id`,`kind`) WHERE "saved_addresses"."is_default" = 1;