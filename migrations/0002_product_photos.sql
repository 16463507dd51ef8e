CREATE TABLE `product_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`position` integer,
	`key` text NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "product_photos_position_range" CHECK("product_photos"."position" between 0 and 7),
	CONSTRAINT "product_photos_removed_has_no_position" CHECK(("product_photos"."position" is null) = ("product_photos"."removed_at" is not null)),
	CONSTRAINT "product_photos_size" CHECK(("product_photos"."width" is null and "product_photos"."height" is null) or ("product_photos"."width" is not null and "product_photos"."height" is not null and "product_photos"."width" > 0 and "product_photos"."height" > 0)),
	CONSTRAINT "product_photos_key_shape" CHECK(length("product_photos"."key") between 1 and 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_photos_product_position` ON `product_photos` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_photos_key` ON `product_photos` (`key`);--> statement-breakpoint
ALTER TABLE `products` ADD `photos_revision` text DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The cover (products.photo_key) is the key of the photo at position 0, kept here and nowhere
-- else: every list reads products.photo_key without a join, and can never disagree with the
-- listing's photos.
CREATE TRIGGER `product_photos_cover_after_insert` AFTER INSERT ON `product_photos`
WHEN new.`position` = 0
BEGIN
	UPDATE `products` SET `photo_key` = new.`key` WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_photos_cover_after_update` AFTER UPDATE OF `position`, `key`, `product_id` ON `product_photos`
WHEN old.`position` IS 0 OR new.`position` IS 0
BEGIN
	UPDATE `products`
	SET `photo_key` = (SELECT `key` FROM `product_photos` WHERE `product_id` = old.`product_id` AND `position` = 0)
	WHERE `id` = old.`product_id`;
	UPDATE `products`
	SET `photo_key` = (SELECT `key` FROM `product_photos` WHERE `product_id` = new.`product_id` AND `position` = 0)
	WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_photos_cover_after_delete` AFTER DELETE ON `product_photos`
WHEN old.`position` = 0
BEGIN
	UPDATE `products`
	SET `photo_key` = (SELECT `key` FROM `product_photos` WHERE `product_id` = old.`product_id` AND `position` = 0)
	WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
-- Every existing listing's one photo becomes its first (and cover) photo. These photos were
-- stored before renditions existed: their key is the original's, and their size is unknown.
INSERT INTO `product_photos` (`id`, `product_id`, `position`, `key`, `created_at`)
SELECT
	lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
		|| substr('89AB', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
	`id`, 0, `photo_key`, `created_at`
FROM `products`
WHERE `photo_key` IS NOT NULL;
