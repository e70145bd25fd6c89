-- Accounts, identity checks and credit data that cannot be turned against the consumer. Postgres 15 compatible.

-- Sessions: an idle timeout (last_seen_at) besides the absolute expiry, and an optional scope:
-- an affiliate link's session reaches only its one claim request.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN claim_request_id uuid REFERENCES claim_requests (id) ON DELETE CASCADE;

-- Funnel-session tokens the server issued (sha256 only); a cookie whose token is not here owns nothing.
CREATE TABLE funnel_sessions (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Claims in progress keep working: the tokens behind their hashes were issued by this server.
INSERT INTO funnel_sessions (token_hash, expires_at)
  SELECT DISTINCT funnel_session_hash, now() + interval '30 days' FROM claim_requests WHERE user_id IS NULL
  ON CONFLICT DO NOTHING;

-- Email ownership: an account signs in from another device only once its email is verified.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
CREATE TABLE email_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The mailed link's token and the mailed code, sha256 only.
  token_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id, created_at DESC);

-- Identity checks are bound to the details they checked: a hash of name, date of birth and address.
ALTER TABLE identity_verifications ADD COLUMN subject_hash text;
-- Every code guess, counted atomically (a conditional update), including those refused once locked.
ALTER TABLE identity_verifications ADD COLUMN code_attempts integer NOT NULL DEFAULT 0;
-- The phone number the code went to, as a keyed hash, to cap verifications per number.
ALTER TABLE identity_verifications ADD COLUMN phone_hash text;
CREATE INDEX identity_verifications_phone_idx ON identity_verifications (phone_hash, created_at);

-- Knowledge-based checks: every attempt stored; a pass is what lets a KBA brand's credit search run.
CREATE TABLE kba_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  subject_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'failure', 'manual-override', 'locked')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kba_attempts_claim_request_idx ON kba_attempts (claim_request_id, created_at);

-- Credit reports: only the eligible motor-finance agreements are kept, encrypted (agreements_sealed);
-- the full bureau report is no longer stored.
ALTER TABLE credit_checks ADD COLUMN agreements_sealed text;
UPDATE credit_checks SET report = NULL;

-- Partner claims: when the partner created it (the partner id is claim_requests.affiliate_partner).
ALTER TABLE claim_requests ADD COLUMN partner_created_at timestamptz;
