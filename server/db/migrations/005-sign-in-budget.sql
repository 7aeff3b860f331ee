-- What each requester address and each member's address has left of its sign-in tries: asking
-- for a code and entering one draw on the same budget, and a restart does not refill it.
-- `key` is "client <ip>" or "email <address>"; a budget starts again once `resets_at` has passed.
CREATE TABLE sign_in_budget (
  key text PRIMARY KEY,
  used integer NOT NULL,
  resets_at timestamptz NOT NULL
);

CREATE INDEX sign_in_budget_resets_at ON sign_in_budget (resets_at);
