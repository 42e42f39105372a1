-- Tickets that open a live-screen stream (issue 26): the browser's EventSource cannot send the
-- Authorization header, and a token in a URL reaches logs, so a signed-in tab first asks for a
-- ticket and opens the stream with it. Kept here rather than in memory so any instance behind
-- the balancer takes it, and exactly once: the first DELETE ... RETURNING wins.
CREATE TABLE IF NOT EXISTS live_tickets (
  hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  jti text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Expired tickets nobody used are swept by the next issue.
CREATE INDEX IF NOT EXISTS live_tickets_expiry ON live_tickets(expires_at);
