ALTER TABLE `bookings` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_active_expiry` ON `bookings` (`expires_at`) WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX `processed_events_received` ON `processed_events` (`received_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_time` ON `sign_in_attempts` (`attempted_at`);--> statement-breakpoint
-- Bookings made before deadlines existed were never told of one: each gets the default hold
-- (48 hours) from the moment this migration runs, so nobody loses a booking at the first run.
UPDATE `bookings` SET `expires_at` = cast(unixepoch('subsec') * 1000 as integer) + 172800000 WHERE `status` = 'active' AND `expires_at` IS NULL;
