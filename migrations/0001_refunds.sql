CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`transaction_id` text NOT NULL,
	`booking_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'required' NOT NULL,
	`provider_refund_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "refunds_reason_check" CHECK("refunds"."reason" in ('booking_not_payable', 'already_paid', 'amount_mismatch')),
	CONSTRAINT "refunds_status_check" CHECK("refunds"."status" in ('required', 'refunded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_transaction` ON `refunds` (`provider`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `refunds_status_created` ON `refunds` (`status`,`created_at`);