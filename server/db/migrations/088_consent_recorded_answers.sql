-- Answers the claims-firm rules require a firm to record (the free-route confirmation, the reason for using the
-- firm and its free text, the outstanding-debt answer) are consent events too, with the words shown.
-- So is the summary document sent before the signature (its text, with the sha256 of the PDF emailed).
-- Postgres 15 compatible.
ALTER TABLE consent_events DROP CONSTRAINT consent_events_kind_check;
ALTER TABLE consent_events ADD CONSTRAINT consent_events_kind_check CHECK (
  kind IN (
    'terms-privacy',
    'credit-search',
    'letter-of-authority',
    'marketing',
    'free-route-confirmation',
    'free-route-reason',
    'free-route-reason-detail',
    'outstanding-debt',
    'summary-document'
  )
);
