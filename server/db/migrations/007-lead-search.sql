-- The inbox's search and follow-ups (issue 34). A phone's digits, kept beside it as typed, so that
-- a search for +91 98110 22334 or 098110-22334 compares digits with digits however each was written.
ALTER TABLE enquiries ADD COLUMN phone_digits text GENERATED ALWAYS AS (regexp_replace(phone, '\D', '', 'g')) STORED;

-- The Due today and Overdue views, and the inbox sorted by follow-up date.
CREATE INDEX enquiries_follow_up ON enquiries (follow_up, id) WHERE follow_up IS NOT NULL;

-- A lead's timeline reads its entries in the audit log.
CREATE INDEX audit_log_subject ON audit_log (subject, id);
