-- Claim progress in the portal: stages set by the CRM's signed events, the payout bank account,
-- and contact-detail changes confirmed by a mailed code. Postgres 15 compatible.

-- Where a claim is now. stage_at is the CRM's own time of the event that set it, so an event
-- that arrives late (older than stage_at) is recorded but does not move the claim back.
ALTER TABLE claims ADD COLUMN stage text NOT NULL DEFAULT 'submitted';
ALTER TABLE claims ADD COLUMN stage_at timestamptz;
-- The amount offered or paid, once the CRM knows one (null until then: the portal never shows £0).
ALTER TABLE claims ADD COLUMN known_amount numeric(12, 2);
ALTER TABLE claims ADD COLUMN known_amount_at timestamptz;

-- Every CRM event accepted, by its id: a repeat delivery of the same id changes nothing.
-- The history of stages (with the CRM's times) is what the portal's timeline shows.
CREATE TABLE crm_events (
  event_id text PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  stage text NOT NULL,
  amount numeric(12, 2),
  occurred_at timestamptz NOT NULL,
  -- false when a newer event had already set the claim's stage.
  applied boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crm_events_claim_idx ON crm_events (claim_id, occurred_at);

-- The account a user's compensation is paid into: sealed with the data keyring; only the
-- last digits are kept readable, for the masked display.
CREATE TABLE payout_accounts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed text NOT NULL,
  sort_code_last2 text NOT NULL,
  account_number_last4 text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A change waiting for the user to type the code we mailed (a new email address, a new payout
-- account). Only the code's sha256 is kept; the change itself is sealed.
CREATE TABLE pending_confirmations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('email', 'payout-account')),
  code_hash text NOT NULL,
  sealed_change text NOT NULL,
  attempts_remaining integer NOT NULL DEFAULT 5 CHECK (attempts_remaining >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open change per purpose: asking again replaces the earlier one.
CREATE UNIQUE INDEX pending_confirmations_user_purpose_idx ON pending_confirmations (user_id, purpose);
