-- The reader's time zone (ADR 0100-dates): an IANA name, or null for UTC.
ALTER TABLE `users` ADD `time_zone` text;