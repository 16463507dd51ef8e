CREATE TABLE `listing_checks` (
	`product_id` text NOT NULL,
	`item` text NOT NULL,
	`answer` text NOT NULL,
	PRIMARY KEY(`product_id`, `item`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "listing_checks_item_check" CHECK("listing_checks"."item" in ('sensor', 'shutter', 'screen', 'autofocus', 'aperture', 'haze-fungus', 'front-element')),
	CONSTRAINT "listing_checks_answer_check" CHECK("listing_checks"."answer" in ('fine', 'issue'))
);
--> statement-breakpoint
CREATE TABLE `listing_included_items` (
	`product_id` text NOT NULL,
	`item` text NOT NULL,
	PRIMARY KEY(`product_id`, `item`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "listing_included_items_item_check" CHECK("listing_included_items"."item" in ('box', 'manual', 'receipt', 'body-cap', 'front-cap', 'rear-cap', 'hood', 'battery', 'charger', 'strap', 'case', 'cable'))
);
--> statement-breakpoint
CREATE TABLE `model_sales` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`model` text NOT NULL,
	`condition` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`sold_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `model_sales_model_sold` ON `model_sales` (`model`,`currency`,`sold_at`,`condition`,`amount_cents`);--> statement-breakpoint
CREATE TABLE `serial_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `serial_entries_user_created` ON `serial_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `serial_matches` (
	`product_id` text NOT NULL,
	`stolen_serial_id` text NOT NULL,
	`matched_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`resolution` text,
	PRIMARY KEY(`product_id`, `stolen_serial_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`stolen_serial_id`) REFERENCES `stolen_serials`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "serial_matches_resolution_check" CHECK(("serial_matches"."resolved_at" is null) = ("serial_matches"."resolution" is null) and ("serial_matches"."resolution" is null or "serial_matches"."resolution" in ('cleared', 'removed')))
);
--> statement-breakpoint
CREATE INDEX `serial_matches_open` ON `serial_matches` (`matched_at`) WHERE "serial_matches"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX `serial_matches_stolen_serial` ON `serial_matches` (`stolen_serial_id`);--> statement-breakpoint
CREATE TABLE `stolen_serials` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text NOT NULL,
	`brand` text NOT NULL,
	`brand_other` text,
	`serial` text NOT NULL,
	`stolen_on` text NOT NULL,
	`police_reference` text,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`withdrawn_at` integer,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stolen_serials_serial_check" CHECK(length("stolen_serials"."serial") between 4 and 40 and "stolen_serials"."serial" not glob '*[^A-Z0-9]*'),
	CONSTRAINT "stolen_serials_brand_check" CHECK(("stolen_serials"."brand" = 'other') = ("stolen_serials"."brand_other" is not null)),
	CONSTRAINT "stolen_serials_stolen_on_check" CHECK("stolen_serials"."stolen_on" glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
	CONSTRAINT "stolen_serials_reference_check" CHECK("stolen_serials"."police_reference" is not null or "stolen_serials"."note" is not null)
);
--> statement-breakpoint
CREATE INDEX `stolen_serials_serial` ON `stolen_serials` (`serial`) WHERE "stolen_serials"."withdrawn_at" is null and "stolen_serials"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `stolen_serials_reporter_created` ON `stolen_serials` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `stolen_serials_one_live_per_reporter` ON `stolen_serials` (`reporter_id`,`brand`,`serial`) WHERE "stolen_serials"."withdrawn_at" is null and "stolen_serials"."deleted_at" is null;--> statement-breakpoint
-- The listing's gear columns, added in place (ADD COLUMN) rather than by drizzle-kit's rebuild of
-- `products`: the table keeps its rowids, its full-text index and its triggers. Each check is a
-- named column constraint on the last column it reads, so the table's SQL carries the same
-- constraints, by name, as db/schema.ts declares (tests/integration/schema.test.ts).
ALTER TABLE `products` ADD `gear_kind` text CONSTRAINT "products_gear_kind_check" CHECK("gear_kind" is null or "gear_kind" in ('body', 'lens'));--> statement-breakpoint
ALTER TABLE `products` ADD `brand` text;--> statement-breakpoint
ALTER TABLE `products` ADD `brand_other` text;--> statement-breakpoint
ALTER TABLE `products` ADD `model` text;--> statement-breakpoint
ALTER TABLE `products` ADD `model_other` text CONSTRAINT "products_model_check" CHECK(("model" is null or "brand" is not null) and ("model" is 'other') = ("model_other" is not null) and ("brand" is 'other') = ("brand_other" is not null) and ("brand" is not 'other' or "model" is 'other') and ("model" is null or "gear_kind" is not null));--> statement-breakpoint
ALTER TABLE `products` ADD `mount` text CONSTRAINT "products_mount_check" CHECK("mount" is null or ("gear_kind" is not null and "mount" in ('canon-rf', 'canon-ef', 'canon-ef-s', 'canon-ef-m', 'nikon-z', 'nikon-f', 'sony-e', 'sony-a', 'fujifilm-x', 'fujifilm-g', 'l-mount', 'micro-four-thirds', 'four-thirds', 'leica-m', 'pentax-k', 'hasselblad-x', 'm42')));--> statement-breakpoint
ALTER TABLE `products` ADD `sensor_format` text CONSTRAINT "products_sensor_format_check" CHECK("sensor_format" is null or ("gear_kind" = 'body' and "sensor_format" in ('medium-format', 'full-frame', 'aps-c', 'four-thirds', 'one-inch')));--> statement-breakpoint
ALTER TABLE `products` ADD `shutter_count` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `shutter_count_method` text CONSTRAINT "products_shutter_count_check" CHECK(("shutter_count" is null) = ("shutter_count_method" is null) and ("shutter_count" is null or ("gear_kind" = 'body' and "shutter_count" between 0 and 10000000 and "shutter_count_method" in ('camera-menu', 'photo-exif', 'software', 'service-report', 'estimate'))));--> statement-breakpoint
ALTER TABLE `products` ADD `focal_min_mm` real;--> statement-breakpoint
ALTER TABLE `products` ADD `focal_max_mm` real;--> statement-breakpoint
ALTER TABLE `products` ADD `aperture_wide` real;--> statement-breakpoint
ALTER TABLE `products` ADD `aperture_tele` real CONSTRAINT "products_lens_check" CHECK(("focal_min_mm" is null) = ("focal_max_mm" is null) and ("focal_min_mm" is null or ("gear_kind" = 'lens' and "focal_min_mm" > 0 and "focal_max_mm" >= "focal_min_mm")) and ("aperture_wide" is null or ("gear_kind" = 'lens' and "aperture_wide" > 0)) and ("aperture_tele" is null or ("aperture_wide" is not null and "aperture_tele" > "aperture_wide")));--> statement-breakpoint
ALTER TABLE `products` ADD `serial_number` text CONSTRAINT "products_serial_check" CHECK("serial_number" is null or (length("serial_number") between 4 and 40 and "serial_number" not glob '*[^A-Z0-9]*'));--> statement-breakpoint
ALTER TABLE `products` ADD `held_at` integer;--> statement-breakpoint
CREATE INDEX `products_available_brand` ON `products` (`brand`,`created_at`,`id`) WHERE "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_available_mount` ON `products` (`mount`,`created_at`,`id`) WHERE "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_available_sensor` ON `products` (`sensor_format`,`created_at`,`id`) WHERE "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_available_shutter` ON `products` (`shutter_count`,`created_at`,`id`) WHERE "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_available_lens_focal` ON `products` (`focal_min_mm`,`focal_max_mm`,`created_at`) WHERE "products"."status" = 'available' and "products"."deleted_at" is null and "products"."removed_at" is null;--> statement-breakpoint
CREATE INDEX `products_serial` ON `products` (`serial_number`) WHERE "products"."serial_number" is not null;--> statement-breakpoint
ALTER TABLE `users` ADD `camera` text;--> statement-breakpoint
-- The full-text index holds exactly the listings a buyer may find (ADR 0042); a listing held for a
-- stolen-serial review is not one of them (ADR 0056). The triggers of 0009 that decide what is
-- indexed (a live seller whose address is verified) read held_at too; the others are unchanged.
DROP TRIGGER IF EXISTS products_fts_after_insert;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_fts_after_update;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_fts_after_seller_update;--> statement-breakpoint
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products
WHEN new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL AND new.held_at IS NULL
BEGIN
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = new.seller_id AND users.deleted_at IS NULL AND users.email_verified_at IS NOT NULL
    );
END;--> statement-breakpoint
CREATE TRIGGER products_fts_after_update
AFTER UPDATE OF name, description, category_id, location, status, deleted_at, removed_at, held_at, seller_id ON products
BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL AND new.held_at IS NULL
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = new.seller_id AND users.deleted_at IS NULL AND users.email_verified_at IS NOT NULL
    );
END;--> statement-breakpoint
CREATE TRIGGER users_fts_after_seller_update AFTER UPDATE OF deleted_at, email_verified_at ON users
WHEN (old.deleted_at IS NULL) <> (new.deleted_at IS NULL)
  OR (old.email_verified_at IS NULL) <> (new.email_verified_at IS NULL)
BEGIN
  DELETE FROM products_fts WHERE rowid IN (SELECT rowid FROM products WHERE seller_id = new.id);
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT products.rowid, products.name, products.description, categories.title, products.location
  FROM products JOIN categories ON categories.id = products.category_id
  WHERE products.seller_id = new.id AND new.deleted_at IS NULL AND new.email_verified_at IS NOT NULL
    AND products.status = 'available' AND products.deleted_at IS NULL AND products.removed_at IS NULL
    AND products.held_at IS NULL;
END;--> statement-breakpoint
-- Price guidance (ADR 0055) reads model_sales, kept here in step with the payments: a successful
-- payment of a listing with a model of the gear data records its model, grade, amount and time;
-- a payment that stops being successful (refunded) leaves. The application never writes it.
CREATE TRIGGER model_sales_after_payment_insert AFTER INSERT ON payments
WHEN new.status = 'succeeded'
BEGIN
  INSERT OR IGNORE INTO model_sales (payment_id, model, condition, amount_cents, currency, sold_at)
  SELECT new.id, products.model, products.condition, new.amount_cents, new.currency, new.created_at
  FROM products
  WHERE products.id = new.product_id AND products.model IS NOT NULL AND products.model <> 'other';
END;--> statement-breakpoint
CREATE TRIGGER model_sales_after_payment_status AFTER UPDATE OF status ON payments
WHEN old.status IS NOT new.status
BEGIN
  DELETE FROM model_sales WHERE payment_id = old.id AND new.status <> 'succeeded';
  INSERT OR IGNORE INTO model_sales (payment_id, model, condition, amount_cents, currency, sold_at)
  SELECT new.id, products.model, products.condition, new.amount_cents, new.currency, new.created_at
  FROM products
  WHERE new.status = 'succeeded' AND products.id = new.product_id
    AND products.model IS NOT NULL AND products.model <> 'other';
END;--> statement-breakpoint
-- The product does not delete payments, but an operator might.
CREATE TRIGGER model_sales_after_payment_delete AFTER DELETE ON payments
BEGIN
  DELETE FROM model_sales WHERE payment_id = old.id;
END;
