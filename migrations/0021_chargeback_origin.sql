-- What a movement is comes from its kind, not from a prefix of an id (ADR 0096): the refunds a lost
-- chargeback made were told apart by their reference ('dispute:…'); they now carry their own
-- origin, which the ledger reads. Once, for the rows written before.
UPDATE `deal_operations` SET `origin` = 'chargeback_lost'
  WHERE `kind` = 'refund' AND `origin` = 'provider_refund' AND `external_ref` LIKE 'dispute:%';
