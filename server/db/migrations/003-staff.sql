-- The staff console: its people, their sign-in (the tables better-auth keeps, under names of
-- our own and with the columns it reads), what they do to the leads, and the audit log.
-- Written here rather than by better-auth's CLI so that PGlite and PostgreSQL run the same SQL.
CREATE TABLE staff_member (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  "emailVerified" boolean NOT NULL DEFAULT false,
  image text,
  -- admin (may add and remove staff, reads the audit log) or editor.
  role text NOT NULL DEFAULT 'editor' CHECK (role IN ('admin', 'editor')),
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);

-- A signed-in browser. Removing a member removes their sessions with them: their cookie stops working at once.
CREATE TABLE staff_session (
  id text PRIMARY KEY,
  "expiresAt" timestamptz NOT NULL,
  token text NOT NULL UNIQUE,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "ipAddress" text,
  "userAgent" text,
  "userId" text NOT NULL REFERENCES staff_member (id) ON DELETE CASCADE
);

CREATE INDEX staff_session_user ON staff_session ("userId");

CREATE TABLE staff_account (
  id text PRIMARY KEY,
  "accountId" text NOT NULL,
  "providerId" text NOT NULL,
  "userId" text NOT NULL REFERENCES staff_member (id) ON DELETE CASCADE,
  "accessToken" text,
  "refreshToken" text,
  "idToken" text,
  "accessTokenExpiresAt" timestamptz,
  "refreshTokenExpiresAt" timestamptz,
  scope text,
  password text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);

-- One-time sign-in codes and links, until used or expired.
CREATE TABLE staff_verification (
  id text PRIMARY KEY,
  identifier text NOT NULL,
  value text NOT NULL,
  "expiresAt" timestamptz NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX staff_verification_identifier ON staff_verification (identifier);

-- Who did what in the console: sign-ins, changes to leads, staff added and removed.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- Kept as text, not a reference: the entry outlives the member.
  actor_email text NOT NULL,
  actor_name text NOT NULL DEFAULT '',
  action text NOT NULL,
  -- What it was done to: a lead's id, a member's email.
  subject text NOT NULL DEFAULT '',
  detail jsonb
);

CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
