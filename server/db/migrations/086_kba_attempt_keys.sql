-- Knowledge-based check failures are counted per person, per browser session and per client address, as well as
-- per claim request, so a new claim request for the same person (or from the same browser or address) gets no
-- fresh guesses. person_hash and client_hash are keyed hashes (HMAC under a key derived from the data keyring) of
-- the normalised name, date of birth and postcode, and of the client address; session_key is the funnel session's
-- hash (already a sha256) or the signed-in account. None of them can be read back.
ALTER TABLE kba_attempts ADD COLUMN person_hash text;
ALTER TABLE kba_attempts ADD COLUMN session_key text;
ALTER TABLE kba_attempts ADD COLUMN client_hash text;
CREATE INDEX kba_attempts_person_idx ON kba_attempts (person_hash, created_at) WHERE person_hash IS NOT NULL;
CREATE INDEX kba_attempts_session_idx ON kba_attempts (session_key, created_at) WHERE session_key IS NOT NULL;
CREATE INDEX kba_attempts_client_idx ON kba_attempts (client_hash, created_at) WHERE client_hash IS NOT NULL;
