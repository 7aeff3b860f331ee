-- An enquiry's notification goes out on every channel set when it was stored: the sales team's
-- email (a line in the service's output in the quick start) and, for leads, the CRM's webhook.
-- A row per channel, each retried on its own: an email delivered is not sent again while the CRM
-- is down. The rows stored before this migration were the email's.
ALTER TABLE notifications ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook'));
ALTER TABLE notifications ALTER COLUMN channel DROP DEFAULT;

-- The webhook's webhook-id: the same on every try, so that a receiver can drop a repeat.
ALTER TABLE notifications ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid();

CREATE UNIQUE INDEX notifications_enquiry_channel ON notifications (enquiry_id, channel);
