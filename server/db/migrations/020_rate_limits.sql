-- Rate-limit counters shared by every app instance on this database: one row per limiter and client key
-- (an address, or a hash of an account's email), counting hits in a fixed window that ends at reset_at.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
