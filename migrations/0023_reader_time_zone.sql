-- The reader's time zone (ADR 0104): an IANA name, or null for UTC.
ALTER TABLE `users` ADD `time_zone` text;