-- Initial schema. Postgres 15 compatible (PGlite is 18; Debian's server is 15).

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE claim_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_reference text NOT NULL UNIQUE,
  funnel_session_hash text NOT NULL,
  brand_id text NOT NULL,
  funnel_version text NOT NULL,
  title text,
  first_name text,
  last_name text,
  date_of_birth date,
  email text,
  phone_number text,
  address jsonb NOT NULL DEFAULT '{}'::jsonb,
  had_finance text,
  terms_agreed boolean NOT NULL DEFAULT false,
  signature text,
  crm_client_uuid uuid,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_requests_funnel_session_idx ON claim_requests (funnel_session_hash);
CREATE INDEX claim_requests_user_id_idx ON claim_requests (user_id);

CREATE TABLE lenders (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  aliases text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company_lenders (
  company_id text NOT NULL,
  lender_id uuid NOT NULL REFERENCES lenders (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, lender_id)
);

CREATE TABLE credit_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'partial', 'error')),
  error_message text,
  report jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_checks_claim_request_idx ON credit_checks (claim_request_id);

CREATE TABLE claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_request_id uuid NOT NULL REFERENCES claim_requests (id) ON DELETE CASCADE,
  lender_id uuid REFERENCES lenders (id),
  lender_name text NOT NULL DEFAULT 'Unknown Lender',
  source text NOT NULL CHECK (source IN ('credit-check', 'manual')),
  amount numeric(12, 2) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'In Progress',
  loan_type text,
  start_date date,
  payment_frequency text,
  account_id text,
  claim_reference text NOT NULL UNIQUE,
  credit_check_id uuid REFERENCES credit_checks (id) ON DELETE SET NULL,
  -- What makes two saves the same claim: 'cc:<lender>:<start date>' or 'manual:<lender id>'.
  dedupe_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT claims_request_dedupe_key UNIQUE (claim_request_id, dedupe_key)
);
CREATE INDEX claims_lender_id_idx ON claims (lender_id);
