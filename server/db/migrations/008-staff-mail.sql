-- Emails to members of staff go through the same outbox as the sales team's (issue 34): a lead
-- assigned to them, leads handed over when a colleague leaves, and the morning's follow-ups due.
-- Such a row names no enquiry; it carries its recipient and its text, written when it was queued
-- (in the transaction of the change it tells of), so that what is sent is what was true then.
ALTER TABLE notifications ALTER COLUMN enquiry_id DROP NOT NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_channel_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_channel_check CHECK (channel IN ('email', 'webhook', 'staff'));
ALTER TABLE notifications ADD COLUMN recipient text;
ALTER TABLE notifications ADD COLUMN subject text;
ALTER TABLE notifications ADD COLUMN body text;
ALTER TABLE notifications ADD CONSTRAINT notifications_staff_mail CHECK (
  CASE WHEN channel = 'staff' THEN enquiry_id IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND body IS NOT NULL
       ELSE enquiry_id IS NOT NULL END);

-- Jobs run once a day whichever instance gets there first (the morning's follow-up email): the
-- row is written in the transaction that queues the job's emails, so a second instance, or this
-- one restarted, finds it and sends nothing more that day.
CREATE TABLE daily_jobs (
  job text NOT NULL,
  -- The day in India the job ran for.
  day date NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, day)
);
