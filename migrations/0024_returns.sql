-- Returns (ADR 0106, ADR 0107): a return policy per listing and its copy in each booking, added
-- in place (as 0015: the tables' triggers, full-text index and rowids stay); the one check of
-- each rides on the column added and names only the delivery column already there. Then the
-- returns and their photos.
ALTER TABLE `products` ADD `return_policy` text DEFAULT 'faults_only' NOT NULL CONSTRAINT "products_return_policy_check" CHECK("delivery" != 'meetup' or "return_policy" = 'faults_only');--> statement-breakpoint
ALTER TABLE `bookings` ADD `return_policy` text DEFAULT 'faults_only' NOT NULL CONSTRAINT "bookings_return_policy_check" CHECK("delivery" = 'ship' or "return_policy" = 'faults_only');--> statement-breakpoint
CREATE TABLE `return_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`return_id` text NOT NULL,
	`side` text NOT NULL,
	`position` integer NOT NULL,
	`key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "return_photos_side_check" CHECK("return_photos"."side" in ('buyer', 'seller')),
	CONSTRAINT "return_photos_position_range" CHECK("return_photos"."position" between 0 and 7)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_photos_position` ON `return_photos` (`return_id`,`side`,`position`);--> statement-breakpoint
CREATE TABLE `returns` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text NOT NULL,
	`buyer_serial` text,
	`buyer_shutter_count` integer,
	`state` text DEFAULT 'requested' NOT NULL,
	`answer_due_at` integer NOT NULL,
	`answered_at` integer,
	`seller_answer` text,
	`offer_cents` integer,
	`carrier_provider` text,
	`carrier` text,
	`tracking_number` text,
	`tracking_url` text,
	`label_ref` text,
	`label_url` text,
	`label_cost_cents` integer,
	`send_by` integer,
	`parcel_status` text,
	`shipped_at` integer,
	`delivered_at` integer,
	`last_event_at` integer,
	`check_due_at` integer,
	`seller_serial` text,
	`problem` text,
	`problem_details` text,
	`to_admin_reason` text,
	`to_admin_at` integer,
	`outcome` text,
	`refund_cents` integer,
	`decision_note` text,
	`decided_by` text,
	`closed_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "returns_offer_positive" CHECK("returns"."offer_cents" is null or "returns"."offer_cents" > 0),
	CONSTRAINT "returns_refund_positive" CHECK("returns"."refund_cents" is null or "returns"."refund_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `returns_one_per_deal` ON `returns` (`payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `returns_booking` ON `returns` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `returns_tracking` ON `returns` (`carrier`,`tracking_number`) WHERE "returns"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX `returns_state_created` ON `returns` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_seller_created` ON `returns` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_buyer_created` ON `returns` (`buyer_id`,`created_at`);
