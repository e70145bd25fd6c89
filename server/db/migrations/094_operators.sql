-- Operator accounts for the /ops analytics dashboard, apart from consumers' accounts: created by an operator
-- command (server/commands/operator.ts), signed in with a password and a TOTP code. Their sessions are kept as
-- sha256 only; sign-ins and report views are recorded with the operator's id, never a consumer's data.
-- Postgres 15 compatible.
CREATE TABLE operators (
  id uuid PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  -- The TOTP secret, sealed with the data keyring and bound to the operator's row.
  totp_secret_sealed text NOT NULL,
  -- The last TOTP time step accepted: a code is good once.
  last_totp_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_expires_idx ON operator_sessions (expires_at);

CREATE TABLE operator_audit (
  id bigserial PRIMARY KEY,
  operator_id uuid,
  action text NOT NULL CHECK (action IN ('sign_in', 'sign_in_refused', 'report_view', 'sign_out')),
  brand_id text,
  at timestamptz NOT NULL DEFAULT now()
);
