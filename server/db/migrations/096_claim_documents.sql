-- The documents a claim request produced, kept as they were made: the signed letter of authority (stored when it is
-- signed, replaced when it is signed again) and the summary document (stored when it is emailed). Each PDF is sealed
-- with the data keyring (server/crypto/sealedColumns.ts: rotated with the other sealed columns), deleted when the
-- consumer's data is erased and with the claim request when retention removes it (ON DELETE CASCADE).
-- Postgres 15 compatible.
CREATE TABLE claim_documents (
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('letter-of-authority', 'summary-document')),
  sealed text NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (claim_request_id, kind)
);
