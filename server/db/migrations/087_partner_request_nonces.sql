-- Signed partner API requests carry a nonce (X-Partner-Nonce, part of the signed text). Each is remembered here
-- until its timestamp falls out of the 5-minute window, shared by every app instance on this database, so a
-- captured request cannot be replayed within the window either. Expired rows are swept as requests come.
CREATE TABLE partner_request_nonces (
  partner_id text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, nonce)
);
CREATE INDEX partner_request_nonces_expires_at ON partner_request_nonces (expires_at);
