-- 0018: the login back-off per source address instead of per name (issue 31).
--
-- A back-off per name let anyone keep a moderator out for good with about
-- four guesses an hour from anywhere. Now:
--
-- login_source     one row per client address that failed a password check
--                  (client_hash: HMAC(server secret, "client:" + address),
--                  an IPv6 address by its /64, as submission.client_hash;
--                  the address itself is never stored). failures counts
--                  the checks since the source's last success, including
--                  the ones still running; while locked_until is in the
--                  future every attempt from the source, for any name, is
--                  refused without a password check. Rows nobody touched
--                  for a day and not locked are deleted (at most once a
--                  minute per worker process), so the table holds at most
--                  the sources of one day.
-- login_throttle   kept, for known names only: failures of the name since
--                  its last success, from any source, for the log. It
--                  locks nothing any more; the rows of names no moderator
--                  has (one per made-up name tried) are dropped.
--
-- The daemon's account needs only SELECT, INSERT, UPDATE, DELETE here.
-- Re-runnable (IF NOT EXISTS; the DELETE and UPDATE are idempotent).

CREATE TABLE IF NOT EXISTS login_source (
  client_hash  BINARY(32) NOT NULL,
  failures     INT NOT NULL DEFAULT 0,
  locked_until TIMESTAMP NULL DEFAULT NULL,
  updated_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (client_hash),
  KEY login_source_updated (updated_at),
  CONSTRAINT login_source_failures CHECK (failures >= 0)
) ENGINE=InnoDB;

DELETE FROM login_throttle WHERE name NOT IN (SELECT name FROM moderator);
UPDATE login_throttle SET locked_until = NULL;
