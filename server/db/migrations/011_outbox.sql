-- The outbox: side effects that must not be lost (CRM webhook deliveries), written in
-- the same transaction as the change they report and delivered by server/outbox/worker.ts
-- with retries. Postgres 15 compatible.

CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Which handler delivers it, e.g. 'crm.webhook'.
  topic text NOT NULL,
  -- Sent as the Idempotency-Key header; one row per event, however often it is enqueued.
  idempotency_key text NOT NULL UNIQUE,
  -- The exact bytes delivered (and signed), the same on every attempt.
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- When it is next due. A worker that takes a row pushes this forward by a lease, so
  -- no other instance takes it while the delivery is in flight.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  delivered_at timestamptz,
  -- Set when the attempts ran out; the row stays for an operator to requeue.
  gave_up_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND gave_up_at IS NULL;
