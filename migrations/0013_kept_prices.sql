-- Price drops from a kept price (ADR 0077): when the current price was set, and when the struck
-- (kept) price stopped being the price. Added in place: products keeps its triggers, its
-- full-text index and its rowids.
ALTER TABLE `products` ADD `previous_price_until` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `price_set_at` integer;--> statement-breakpoint
-- A listing's price was set at its last edit at the latest (its creation if never edited), so a
-- listing older than a day counts as having kept it; a previous price from a drop stopped being
-- the price when it dropped.
UPDATE `products` SET `price_set_at` = coalesce(`updated_at`, `created_at`),
  `previous_price_until` = CASE WHEN `previous_price_cents` IS NOT NULL THEN `price_dropped_at` END;
