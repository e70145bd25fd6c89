-- Data protection: consent evidence, erasure marks, outbox subject ids and the purge job's last run.
-- Postgres 15 compatible.

-- The exact text a consumer was shown when they consented, kept once however many consents cite it.
CREATE TABLE consent_texts (
  hash text PRIMARY KEY,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per consent given: what (kind), where (brand, funnel version, step), when, and the text shown.
CREATE TABLE consent_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('terms-privacy', 'credit-search', 'letter-of-authority', 'marketing')),
  brand_id text NOT NULL,
  funnel_version text NOT NULL,
  step_id text NOT NULL,
  text_hash text NOT NULL REFERENCES consent_texts (hash),
  given_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consent_events_once UNIQUE (claim_request_id, kind)
);

-- Set when a consumer's personal data was erased; the row stays for anonymous counts.
ALTER TABLE claim_requests ADD COLUMN erased_at timestamptz;
CREATE INDEX claim_requests_abandoned_idx ON claim_requests (updated_at) WHERE user_id IS NULL;

-- Which claim request a message is about, so a given-up message can drop its body and still be rebuilt.
ALTER TABLE outbox ADD COLUMN claim_request_id uuid;

-- The retention purge's last run: instances share it, so the job runs once per interval, not once per instance.
CREATE TABLE data_purge_runs (
  id integer PRIMARY KEY CHECK (id = 1),
  last_run_at timestamptz NOT NULL
);
