-- Every enquiry the site receives: leads posted to /addLead, and (in the quick start, where a
-- local stand-in plays EmailJS) the messages of the Contact, Join Our Team and List With Us forms.
CREATE TABLE enquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('lead', 'message')),
  -- popup, project or appointment for leads; contact, join or list for messages.
  form text NOT NULL,
  -- The browser's id for one submission (the Idempotency-Key), kept across its retries.
  submission_id text,
  -- SHA-256 of the fields, to refuse a submission id sent again with other fields.
  fingerprint text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  project text NOT NULL DEFAULT '',
  source text NOT NULL DEFAULT '',
  -- Every field as it arrived.
  fields jsonb NOT NULL,
  page text,
  referrer text,
  utm jsonb,
  user_agent text
);

-- One lead per submission, however often the browser sends it. Messages are not
-- de-duplicated, as EmailJS does not, so that tests can see a message sent twice.
CREATE UNIQUE INDEX enquiries_lead_submission ON enquiries (submission_id) WHERE kind = 'lead';
CREATE INDEX enquiries_received_at ON enquiries (received_at DESC);

-- The sales team hears of each enquiry from this outbox, written in the same transaction
-- as the enquiry: once an enquiry is stored, its notification cannot be forgotten.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id uuid NOT NULL REFERENCES enquiries (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender has claimed it until then; another instance may take it over after.
  lease_until timestamptz,
  delivered_at timestamptz,
  last_error text
);

CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE delivered_at IS NULL;
