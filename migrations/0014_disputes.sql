CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`provider_dispute_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`evidence_due_at` integer,
	`state_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "disputes_status_check" CHECK("disputes"."status" in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')),
	CONSTRAINT "disputes_provider_check" CHECK("disputes"."provider" in ('test', 'stripe')),
	CONSTRAINT "disputes_amount_positive" CHECK("disputes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_provider_dispute` ON `disputes` (`provider`,`provider_dispute_id`);--> statement-breakpoint
CREATE INDEX `disputes_payment` ON `disputes` (`payment_id`);--> statement-breakpoint
CREATE INDEX `disputes_open_created` ON `disputes` (`created_at`) WHERE "disputes"."closed_at" is null;