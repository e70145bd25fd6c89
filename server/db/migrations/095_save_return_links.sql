-- Save and finish later: a mailed, single-use link back to a claim request in progress, from any device. Only the
-- token's sha256 is kept, with the step the visitor left and a keyed hash of the address it was mailed to (for the
-- per-email limit). Deleted when it expires (RETENTION_SAVE_RETURN_LINK_DAYS sets how long it works).
-- Postgres 15 compatible.
CREATE TABLE save_return_links (
  token_hash text PRIMARY KEY,
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  step text NOT NULL,
  email_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX save_return_links_email_idx ON save_return_links (email_hash, created_at);
CREATE INDEX save_return_links_claim_idx ON save_return_links (claim_request_id);
