CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "account_tokens_purpose_check" CHECK("account_tokens"."purpose" in ('reset_password', 'verify_email', 'change_email'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_hash_unique` ON `account_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_tokens_user_purpose_created` ON `account_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_tokens_expires` ON `account_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_codes_user_hash_unique` ON `recovery_codes` (`user_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `two_factor_credentials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`enabled_at` integer,
	`last_step` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `phone` text;--> statement-breakpoint
-- Addresses proven before this migration: an account linked to Google was linked, or made, only
-- when Google said its email was verified. Every other address is unverified until its owner
-- follows a link (docs/decisions: "Verified email addresses").
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `google_subject` IS NOT NULL;
--> statement-breakpoint
-- The listing rule now also asks that the seller's address is verified (isListed in
-- app/domain/catalog/catalog.server.ts): the full-text index, which holds exactly the listed
-- listings (ADR 0042), follows it. Each trigger that reads the seller is made again with the new
-- condition; a seller's verification (or its undoing) moves their listings in or out, as their
-- deletion does.
DROP TRIGGER IF EXISTS products_fts_after_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_fts_after_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_fts_after_deleted_update;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products
WHEN new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL
BEGIN
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = new.seller_id AND users.deleted_at IS NULL AND users.email_verified_at IS NOT NULL
    );
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_update
AFTER UPDATE OF name, description, category_id, location, status, deleted_at, removed_at, seller_id ON products
BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = new.seller_id AND users.deleted_at IS NULL AND users.email_verified_at IS NOT NULL
    );
END;
--> statement-breakpoint
-- A seller deleted or undeleted, or whose address becomes verified or unverified: their listings
-- leave the index, and those a buyer may now see come back.
CREATE TRIGGER users_fts_after_seller_update AFTER UPDATE OF deleted_at, email_verified_at ON users
WHEN (old.deleted_at IS NULL) <> (new.deleted_at IS NULL)
  OR (old.email_verified_at IS NULL) <> (new.email_verified_at IS NULL)
BEGIN
  DELETE FROM products_fts WHERE rowid IN (SELECT rowid FROM products WHERE seller_id = new.id);
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT products.rowid, products.name, products.description, categories.title, products.location
  FROM products JOIN categories ON categories.id = products.category_id
  WHERE products.seller_id = new.id AND new.deleted_at IS NULL AND new.email_verified_at IS NOT NULL
    AND products.status = 'available' AND products.deleted_at IS NULL AND products.removed_at IS NULL;
END;
--> statement-breakpoint
-- Index the listed rows again: the listings of sellers whose address is not verified leave.
DELETE FROM products_fts;
--> statement-breakpoint
INSERT INTO products_fts (rowid, name, description, category, location)
SELECT products.rowid, products.name, products.description, categories.title, products.location
FROM products
JOIN categories ON categories.id = products.category_id
JOIN users ON users.id = products.seller_id
WHERE products.status = 'available' AND products.deleted_at IS NULL AND products.removed_at IS NULL
  AND users.deleted_at IS NULL AND users.email_verified_at IS NOT NULL;
