-- First-party funnel analytics (server/analytics/). No personal data: a visit is a random id the server
-- issued (never the funnel-session token), and a validation failure is a field path and a rule, never a value.
-- Raw events are purged after RETENTION_ANALYTICS_EVENT_DAYS; the daily rollups stay.
-- Postgres 15 compatible.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  visit_id text NOT NULL,
  brand_id text NOT NULL,
  funnel_version text NOT NULL,
  -- The experiment variants this visit was assigned, by experiment id: {"landing-test": "b"}.
  variants jsonb NOT NULL DEFAULT '{}',
  kind text NOT NULL CHECK (kind IN ('step_shown', 'next_pressed', 'validation_failed', 'step_left', 'funnel_completed', 'hook')),
  step_id text NOT NULL,
  -- validation_failed: the field path and the rule that failed; hook: its name and outcome.
  field_path text,
  rule text,
  hook text,
  outcome text,
  -- When it happened, on the server's clock (the browser sends each event's age, not its own clock).
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_occurred_idx ON analytics_events (occurred_at);
CREATE INDEX analytics_events_visit_idx ON analytics_events (visit_id, occurred_at);

-- One row per day (the day a visit started), brand, experiment and variant ('' when none), funnel version and step.
CREATE TABLE analytics_daily_steps (
  day date NOT NULL,
  brand_id text NOT NULL,
  experiment_id text NOT NULL,
  variant text NOT NULL,
  funnel_version text NOT NULL,
  step_id text NOT NULL,
  entered integer NOT NULL,
  continued integer NOT NULL,
  -- Seconds on the step of those who continued, as counts per whole second: {"4": 12, "5": 30}.
  seconds jsonb NOT NULL DEFAULT '{}',
  -- Validation failures as counts by "field path|rule".
  failures jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (day, brand_id, experiment_id, variant, funnel_version, step_id)
);

CREATE TABLE analytics_daily_visits (
  day date NOT NULL,
  brand_id text NOT NULL,
  experiment_id text NOT NULL,
  variant text NOT NULL,
  funnel_version text NOT NULL,
  visits integer NOT NULL,
  completed integer NOT NULL,
  -- Hook outcomes as counts by "step|hook|outcome".
  hooks jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (day, brand_id, experiment_id, variant, funnel_version)
);

-- Days rolled up, and when: a day is rolled up again until a pass after its visits are over (two days later).
CREATE TABLE analytics_rollup_days (
  day date PRIMARY KEY,
  rolled_at timestamptz NOT NULL
);
