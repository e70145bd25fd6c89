-- The language a consumer used the funnel in (a code such as 'cy'; NULL is English), so the mails sent later, with no
-- visit to read it from (a claim's new stage, a portal confirmation code), are written in it. Kept on the claim
-- request when it is made or updated, and on the account when account setup makes it from a claim request.
-- Postgres 15 compatible.
ALTER TABLE claim_requests ADD COLUMN language text CHECK (language ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
ALTER TABLE users ADD COLUMN language text CHECK (language ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
