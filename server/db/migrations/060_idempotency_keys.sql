-- Idempotency-Key records (server/http/idempotency.ts): the answer a state-changing call gave,
-- so a browser's retry after a lost answer gets the same answer instead of a second effect.
-- Postgres 15 compatible.
CREATE TABLE idempotency_keys (
  -- 'POST /claim-requests' and so on; a key is unique per route.
  route text NOT NULL,
  key text NOT NULL,
  -- sha256 of the request body: the same key with another body is refused (422).
  fingerprint text NOT NULL,
  -- Who sent it (a funnel-session hash or a user id); null for a first visit without cookies.
  owner text,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  -- For calls to outside services, which are not held in one transaction: how long the first attempt owns the key.
  locked_until timestamptz,
  -- The answer (status, body, Set-Cookie), sealed with the data keyring.
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (route, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
