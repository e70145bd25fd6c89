-- Account setup asks the visitor to prove they read a claim request's email (a mailed 6-digit code) before it
-- says whether the email has an account. One open code per claim request; only hashes are kept.
CREATE TABLE claim_email_codes (
  claim_request_id uuid PRIMARY KEY REFERENCES claim_requests(id) ON DELETE CASCADE,
  -- sha256 of the normalised address the code went to: a later change of the claim's email voids the code.
  email_hash text NOT NULL,
  code_hash text NOT NULL,
  attempts_remaining integer NOT NULL,
  -- Codes mailed in the current hour (a cap on mails per claim request), and when that hour began.
  sends integer NOT NULL DEFAULT 1,
  sends_since timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_email_codes_expires_at ON claim_email_codes (expires_at);

-- sha256 of the normalised address a code proved; it counts only while it is still the claim request's email.
ALTER TABLE claim_requests ADD COLUMN email_proven_hash text;
