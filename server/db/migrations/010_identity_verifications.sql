-- Identity verifications of the affiliate kind (ALLOW / CHALLENGE / BLOCK) with their one-time codes.
-- Numbered 010 so it cannot collide with migrations added alongside it.
CREATE TABLE identity_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- The provider's reference; a BLOCK may come without one (then it is stored with NULL).
  verification_id text UNIQUE,
  decision text NOT NULL CHECK (decision IN ('ALLOW', 'CHALLENGE', 'BLOCK')),
  message text,
  otp_expires_at timestamptz,
  otp_attempts_remaining integer NOT NULL DEFAULT 3 CHECK (otp_attempts_remaining >= 0),
  otp_sends integer NOT NULL DEFAULT 0,
  otp_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_verifications_claim_request_idx ON identity_verifications (claim_request_id, created_at DESC);
