-- The inbox's work on each enquiry: its status, owner and follow-up date, and who last changed
-- them. `version` goes up with every change, so a write based on an older version is refused
-- rather than silently undoing someone else's.
ALTER TABLE enquiries ADD COLUMN status text NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'contacted', 'site-visit', 'won', 'lost', 'spam'));
ALTER TABLE enquiries ADD COLUMN owner_id text REFERENCES staff_member (id) ON DELETE SET NULL;
ALTER TABLE enquiries ADD COLUMN follow_up date;
ALTER TABLE enquiries ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE enquiries ADD COLUMN changed_at timestamptz;
ALTER TABLE enquiries ADD COLUMN changed_by text;
-- Which of status, owner and follow-up the last change touched, for the message a stale write gets.
ALTER TABLE enquiries ADD COLUMN changed_fields text[];

-- The inbox pages newest first by (received_at, id).
CREATE INDEX enquiries_inbox ON enquiries (received_at DESC, id DESC);

-- Notes on an enquiry: who wrote what, when. Only ever added.
CREATE TABLE lead_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id uuid NOT NULL REFERENCES enquiries (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  author_email text NOT NULL,
  author_name text NOT NULL,
  body text NOT NULL
);

CREATE INDEX lead_notes_enquiry ON lead_notes (enquiry_id, id);
