-- Publishes, undos and restores asked of any of several service instances on one PostgreSQL
-- (issue 36): each is a row here, run oldest first by whichever instance holds the publish lock
-- (server/publish/coordination.ts), so a change asked of an instance that stops is still made.
-- The row carries all the run needs on another instance; once finished, only its outcome stays.
CREATE TABLE publish_queue (
  -- The change's id, as its commit's Publish-Change trailer and the history name it.
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('publish', 'undo', 'restore')),
  author_name text NOT NULL,
  author_email text NOT NULL,
  -- A publish's one line; an undo or restore words its own from the change it names.
  message text,
  -- The change an undo takes back, or the one a restore returns to.
  target text,
  -- A publish's draft: the conflict choices, the uploaded files with their bases and the waiting
  -- pictures its sheets name, bytes in base64. Emptied once the row is finished.
  inputs jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- The instance asked, and the one running it (host, process id and a random part).
  asked_by text NOT NULL,
  run_by text,
  -- How many times a run started: more than one when its runner stopped before finishing.
  attempts integer NOT NULL DEFAULT 0,
  queued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz,
  -- The change as it went live (done), or why it did not (failed), with the cells in conflict.
  result jsonb,
  error text,
  conflicts jsonb
);

-- The instance holding the lock takes the oldest unfinished row next.
CREATE INDEX publish_queue_waiting ON publish_queue (queued_at, id) WHERE state IN ('queued', 'running');
