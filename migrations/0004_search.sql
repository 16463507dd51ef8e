-- Full-text search over the listings (ADR 0026). The index is derived data, kept in step with
-- `products` and `categories` by the triggers below and never by application code.
--
-- One row per listing that is not deleted by its seller and not removed by an admin, keyed by
-- the listing's rowid. Status (available, booked, sold) and a deleted seller are not indexed:
-- the storefront's listing rule (isListed in app/domain/catalog.server.ts) decides them when a
-- search runs, as it does for every other list.
--
-- A migration that recreates `products` or `categories` (drizzle-kit does so to change a
-- column in SQLite) drops these triggers and may renumber the rowids: it must end with this
-- file's triggers and its "index the existing rows" statement again, after a
-- `DELETE FROM products_fts`. tests/integration/search-sync.test.ts fails if a trigger is missing.
CREATE VIRTUAL TABLE products_fts USING fts5(
  name,
  description,
  category,
  location,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- A new listing is searchable at once.
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products
WHEN new.deleted_at IS NULL AND new.removed_at IS NULL
BEGIN
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories WHERE categories.id = new.category_id;
END;

-- An edit of the indexed text, a move to another category, a deletion by its seller or a
-- removal by an admin (and their undoing): the old entry goes, a live listing gets a new one.
CREATE TRIGGER products_fts_after_update
AFTER UPDATE OF name, description, category_id, location, deleted_at, removed_at ON products
BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id AND new.deleted_at IS NULL AND new.removed_at IS NULL;
END;

-- The product does not delete rows, but an operator might.
CREATE TRIGGER products_fts_after_delete AFTER DELETE ON products
BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
END;

-- A renamed category is found by its new title.
CREATE TRIGGER categories_fts_after_title_update AFTER UPDATE OF title ON categories
BEGIN
  UPDATE products_fts SET category = new.title
  WHERE rowid IN (SELECT rowid FROM products WHERE category_id = new.id);
END;

-- Index the existing rows.
INSERT INTO products_fts (rowid, name, description, category, location)
SELECT products.rowid, products.name, products.description, categories.title, products.location
FROM products JOIN categories ON categories.id = products.category_id
WHERE products.deleted_at IS NULL AND products.removed_at IS NULL;
