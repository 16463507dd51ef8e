CREATE TABLE `shipments` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`recipient` text,
	`line1` text,
	`line2` text,
	`city` text,
	`region` text,
	`postal_code` text,
	`country` text NOT NULL,
	`address_erased_at` integer,
	`parcel` text NOT NULL,
	`status` text DEFAULT 'awaiting_shipment' NOT NULL,
	`ship_by` integer,
	`carrier` text,
	`tracking_number` text,
	`tracking_url` text,
	`carrier_provider` text,
	`label_ref` text,
	`label_url` text,
	`label_cost_cents` integer,
	`shipped_at` integer,
	`delivered_at` integer,
	`last_event_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "shipments_status_check" CHECK("shipments"."status" in ('awaiting_shipment', 'pre_transit', 'in_transit', 'delivered', 'returned', 'failure', 'cancelled')),
	CONSTRAINT "shipments_country_check" CHECK("shipments"."country" in ('US', 'CA')),
	CONSTRAINT "shipments_parcel_check" CHECK("shipments"."parcel" in ('small', 'medium', 'large')),
	CONSTRAINT "shipments_address_kept_or_erased" CHECK(("shipments"."address_erased_at" is null) = ("shipments"."line1" is not null) and ("shipments"."line1" is null) = ("shipments"."recipient" is null) and ("shipments"."line1" is null) = ("shipments"."city" is null) and ("shipments"."line1" is null) = ("shipments"."postal_code" is null)),
	CONSTRAINT "shipments_label" CHECK(("shipments"."label_ref" is null) = ("shipments"."label_cost_cents" is null) and ("shipments"."label_ref" is null or "shipments"."carrier_provider" is not null) and ("shipments"."label_cost_cents" is null or "shipments"."label_cost_cents" >= 0)),
	CONSTRAINT "shipments_tracked_once_shipped" CHECK("shipments"."shipped_at" is null or "shipments"."tracking_number" is not null)
);
--> statement-breakpoint
CREATE INDEX `shipments_status_ship_by` ON `shipments` (`ship_by`) WHERE "shipments"."status" = 'awaiting_shipment';--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_tracking` ON `shipments` (`carrier`,`tracking_number`) WHERE "shipments"."tracking_number" is not null;--> statement-breakpoint
-- Columns added in place (as 0010 and 0015 did): the payments' triggers stay, and the checks
-- ride on the last column each table gets. Every existing booking, payment and deal is a meetup.
ALTER TABLE `bookings` ADD `delivery` text DEFAULT 'meetup' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `shipping_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "bookings_delivery_check" CHECK("delivery" in ('meetup', 'ship') and "shipping_cents" >= 0 and ("delivery" = 'ship' or "shipping_cents" = 0));--> statement-breakpoint
ALTER TABLE `payments` ADD `shipping_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "payments_shipping_part" CHECK("shipping_cents" >= 0 and "shipping_cents" < "amount_cents");--> statement-breakpoint
ALTER TABLE `deals` ADD `shipping_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "deals_shipping_part" CHECK("shipping_cents" >= 0 and "shipping_cents" < "amount_cents");--> statement-breakpoint
-- A model's recorded sale is the price of the item: the shipping a buyer paid is left out.
DROP TRIGGER IF EXISTS model_sales_after_payment_insert;--> statement-breakpoint
DROP TRIGGER IF EXISTS model_sales_after_payment_status;--> statement-breakpoint
CREATE TRIGGER model_sales_after_payment_insert AFTER INSERT ON payments
WHEN new.status = 'succeeded'
BEGIN
  INSERT OR IGNORE INTO model_sales (payment_id, model, condition, amount_cents, currency, sold_at)
  SELECT new.id, products.model, products.condition, new.amount_cents - new.shipping_cents, new.currency, new.created_at
  FROM products
  WHERE products.id = new.product_id AND products.model IS NOT NULL AND products.model <> 'other';
END;--> statement-breakpoint
CREATE TRIGGER model_sales_after_payment_status AFTER UPDATE OF status ON payments
WHEN old.status IS NOT new.status
BEGIN
  DELETE FROM model_sales WHERE payment_id = old.id AND new.status <> 'succeeded';
  INSERT OR IGNORE INTO model_sales (payment_id, model, condition, amount_cents, currency, sold_at)
  SELECT new.id, products.model, products.condition, new.amount_cents - new.shipping_cents, new.currency, new.created_at
  FROM products
  WHERE new.status = 'succeeded' AND products.id = new.product_id
    AND products.model IS NOT NULL AND products.model <> 'other';
END;
