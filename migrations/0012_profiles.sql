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
ALTER TABLE `ratings` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `text_removed_at` integer;