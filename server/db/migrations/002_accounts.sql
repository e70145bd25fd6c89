-- Accounts: password reset tokens and affiliate sign-in links. Postgres 15 compatible.

-- A reset token is random, single use and short lived; only its sha256 is stored.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);

-- An affiliate link is signed by the partner's secret (nothing stored when it is issued);
-- its id is recorded here on first use, so a second visit is refused.
CREATE TABLE affiliate_link_uses (
  link_id text PRIMARY KEY,
  partner text NOT NULL,
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);

-- Which partner a claim request came from (null for the public funnels).
ALTER TABLE claim_requests ADD COLUMN affiliate_partner text;
