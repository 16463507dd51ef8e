-- The full-text index holds exactly the listings a buyer may find (ADR 0042): available, not
-- deleted by their seller, not removed by an admin, their seller not deleted, the terms of
-- isListed(["available"]) in app/domain/catalog.server.ts. A search with words and no filter
-- is then answered by the index alone: its count and its best-match window never read the
-- listings. tests/integration/search-index.test.ts compares the index with the listing rule
-- after every kind of change; a change to the rule must change these triggers too.
--
-- Prefix indexes for 2 to 6 characters: "canon*" or "lens*" read one entry of the index
-- instead of merging the entries of every word they begin.
--
-- As in 0004: a migration that recreates `products`, `categories` or `users` drops these
-- triggers; it must end with them again and with the "index the listed rows" statement.
DROP TRIGGER IF EXISTS products_fts_after_insert;
DROP TRIGGER IF EXISTS products_fts_after_update;
DROP TRIGGER IF EXISTS products_fts_after_delete;
DROP TRIGGER IF EXISTS categories_fts_after_title_update;
DROP TABLE IF EXISTS products_fts;

CREATE VIRTUAL TABLE products_fts USING fts5(
  name,
  description,
  category,
  location,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);

-- A new listing is searchable at once, if a buyer may see it.
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products
WHEN new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL
BEGIN
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND EXISTS (SELECT 1 FROM users WHERE users.id = new.seller_id AND users.deleted_at IS NULL);
END;

-- An edit of the indexed text, a move to another category, a booking, a sale or its undoing, a
-- deletion by its seller or a removal by an admin (and their undoing): the old entry goes, a
-- listing a buyer may see gets a new one.
CREATE TRIGGER products_fts_after_update
AFTER UPDATE OF name, description, category_id, location, status, deleted_at, removed_at, seller_id ON products
BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT new.rowid, new.name, new.description, categories.title, new.location
  FROM categories
  WHERE categories.id = new.category_id
    AND new.status = 'available' AND new.deleted_at IS NULL AND new.removed_at IS NULL
    AND EXISTS (SELECT 1 FROM users WHERE users.id = new.seller_id AND users.deleted_at IS NULL);
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

-- A deleted seller's listings leave the index (and come back if the deletion is undone).
CREATE TRIGGER users_fts_after_deleted_update AFTER UPDATE OF deleted_at ON users
WHEN (old.deleted_at IS NULL) <> (new.deleted_at IS NULL)
BEGIN
  DELETE FROM products_fts WHERE rowid IN (SELECT rowid FROM products WHERE seller_id = new.id);
  INSERT INTO products_fts (rowid, name, description, category, location)
  SELECT products.rowid, products.name, products.description, categories.title, products.location
  FROM products JOIN categories ON categories.id = products.category_id
  WHERE products.seller_id = new.id AND new.deleted_at IS NULL
    AND products.status = 'available' AND products.deleted_at IS NULL AND products.removed_at IS NULL;
END;

-- The product does not delete accounts' rows, but an operator might.
CREATE TRIGGER users_fts_after_delete AFTER DELETE ON users
BEGIN
  DELETE FROM products_fts WHERE rowid IN (SELECT rowid FROM products WHERE seller_id = old.id);
END;

-- Index the listed rows.
INSERT INTO products_fts (rowid, name, description, category, location)
SELECT products.rowid, products.name, products.description, categories.title, products.location
FROM products
JOIN categories ON categories.id = products.category_id
JOIN users ON users.id = products.seller_id
WHERE products.status = 'available' AND products.deleted_at IS NULL AND products.removed_at IS NULL
  AND users.deleted_at IS NULL;
