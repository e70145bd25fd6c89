-- Every answer a funnel definition collects that has no column of its own (a new field, an extra
-- address line), kept by field path: {"vehicle.registration": "AB12 CDE", "marketing.optIn": true}.
-- The JSON is sealed with the data keyring (server/crypto/sealedColumns.ts, ANSWERS_COLUMN), since
-- a free answer may hold personal data. Erasure clears it; an abandoned claim request's row goes whole.
-- Postgres 15 compatible.
ALTER TABLE claim_requests ADD COLUMN answers_sealed text;
