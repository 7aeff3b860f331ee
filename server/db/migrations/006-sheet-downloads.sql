-- The version of each sheet a member last downloaded as CSV (an Excel download carries its own):
-- the base of the three-way merge when they upload that sheet again.
CREATE TABLE sheet_download (
  member_email text NOT NULL,
  sheet text NOT NULL,
  -- git's blob id of the sheet file as downloaded.
  version text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_email, sheet)
);
