-- How a listing changes hands (ADR 0085). Columns added in place (as 0010 did): the table's
-- triggers and its full-text index stay as they are. The cross-column rule rides on the last
-- column added, so it is checked with every other column already there; existing listings are
-- meetups, as they were.
ALTER TABLE `products` ADD `ships_from_country` text;--> statement-breakpoint
ALTER TABLE `products` ADD `ships_from_postal_code` text;--> statement-breakpoint
ALTER TABLE `products` ADD `parcel` text;--> statement-breakpoint
ALTER TABLE `products` ADD `shipping_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `handling_days` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `delivery` text DEFAULT 'meetup' NOT NULL CONSTRAINT "products_delivery_check" CHECK("delivery" in ('meetup', 'ship', 'both') and ("delivery" = 'meetup') = ("ships_from_country" is null) and ("ships_from_country" is null) = ("ships_from_postal_code" is null) and ("ships_from_country" is null) = ("parcel" is null) and ("ships_from_country" is null) = ("handling_days" is null) and ("ships_from_country" is not null or "shipping_price_cents" is null) and ("ships_from_country" is null or "ships_from_country" in ('US', 'CA')) and ("parcel" is null or "parcel" in ('small', 'medium', 'large')) and ("handling_days" is null or "handling_days" between 1 and 5) and ("shipping_price_cents" is null or "shipping_price_cents" between 0 and 50000) and ("ships_from_postal_code" is null or length("ships_from_postal_code") between 3 and 10));--> statement-breakpoint
CREATE INDEX `products_available_ships_from` ON `products` (`ships_from_country`,`created_at`,`id`) WHERE "products"."ships_from_country" is not null and "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_available_meets` ON `products` (`created_at`,`id`) WHERE "products"."delivery" != 'ship' and "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;
