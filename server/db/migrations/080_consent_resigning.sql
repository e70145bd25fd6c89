-- A claim request signed again (to change the name, date of birth or address it was signed for) is a new letter of
-- authority, given at its own time: one consent event per signing, numbered from 1. Every other kind stays once per
-- claim request (its number is always 1). Postgres 15 compatible.
ALTER TABLE consent_events ADD COLUMN signing integer NOT NULL DEFAULT 1 CHECK (signing >= 1);
ALTER TABLE consent_events DROP CONSTRAINT consent_events_once;
ALTER TABLE consent_events ADD CONSTRAINT consent_events_once UNIQUE (claim_request_id, kind, signing);
