CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`meet_location` text NOT NULL,
	`buyer_contact` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`end_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" in ('active', 'paid', 'cancelled')),
	CONSTRAINT "bookings_price_positive" CHECK("bookings"."price_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_live_per_product` ON `bookings` (`product_id`) WHERE "bookings"."status" in ('active', 'paid');--> statement-breakpoint
CREATE INDEX `bookings_buyer_created` ON `bookings` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_product` ON `bookings` (`product_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`image_path` text,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_position` ON `categories` (`position`,`title`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`provider` text NOT NULL,
	`transaction_id` text NOT NULL,
	`status` text DEFAULT 'succeeded' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount_cents" > 0),
	CONSTRAINT "payments_provider_check" CHECK("payments"."provider" in ('test', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK("payments"."status" in ('succeeded', 'refund_required', 'refunded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_per_booking` ON `payments` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_transaction` ON `payments` (`provider`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_seller_created` ON `payments` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_buyer_created` ON `payments` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `processed_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`category_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`condition` text NOT NULL,
	`original_price_cents` integer NOT NULL,
	`resale_price_cents` integer NOT NULL,
	`purchase_year` integer NOT NULL,
	`contact` text NOT NULL,
	`location` text NOT NULL,
	`photo_key` text,
	`status` text DEFAULT 'available' NOT NULL,
	`advertised` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer,
	`removed_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_status_check" CHECK("products"."status" in ('available', 'booked', 'sold')),
	CONSTRAINT "products_condition_check" CHECK("products"."condition" in ('Excellent', 'Good', 'Fair')),
	CONSTRAINT "products_prices_positive" CHECK("products"."original_price_cents" > 0 and "products"."resale_price_cents" > 0),
	CONSTRAINT "products_year_range" CHECK("products"."purchase_year" between 1900 and 2200)
);
--> statement-breakpoint
CREATE INDEX `products_storefront_advertised` ON `products` (`created_at`,`id`) WHERE "products"."advertised" = 1 and "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_category_status_created` ON `products` (`category_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_seller_created` ON `products` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_photo_key` ON `products` (`photo_key`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reports_reason_check" CHECK("reports"."reason" in ('counterfeit_or_stolen', 'wrong_category', 'misleading', 'offensive', 'other')),
	CONSTRAINT "reports_status_check" CHECK("reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_per_reporter` ON `reports` (`product_id`,`reporter_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_created` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_product_status` ON `reports` (`product_id`,`status`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text DEFAULT 'web' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sessions_kind_check" CHECK("sessions"."kind" in ('web', 'api'))
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`attempted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_subject_time` ON `sign_in_attempts` (`subject`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_lower_unique` ON `subscribers` (lower("email"));--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT 'buyer' NOT NULL,
	`verified_at` integer,
	`password_hash` text,
	`google_subject` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('buyer', 'seller', 'admin')),
	CONSTRAINT "users_email_not_blank" CHECK(length(trim("users"."email")) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_subject_unique` ON `users` (`google_subject`);--> statement-breakpoint
CREATE INDEX `users_role_created` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE TABLE `wishlist_entries` (
	`buyer_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`buyer_id`, `product_id`),
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wishlist_buyer_created` ON `wishlist_entries` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishlist_product` ON `wishlist_entries` (`product_id`);