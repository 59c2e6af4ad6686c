-- 0006: a back-off per moderator name for failed logins, logins in the
-- moderation log, and a lock row per client for the hourly proposal limit
-- (issue 9, docs/moderation.md).
--
-- login_throttle    one row per name a login was tried for, known or not
--                   (an unknown name must behave exactly like a known one,
--                   or the back-off would tell which names exist). failures
--                   counts the checks since the last success, including the
--                   ones still running (a check is counted before Argon2
--                   starts, so parallel guesses cannot outrun the count);
--                   while locked_until is in the future every attempt for
--                   the name is refused without a password check. name
--                   compares like moderator.name (case-insensitive).
-- submit_client     one row per client hash: a proposal's transaction locks
--                   its client's row (SELECT ... FOR UPDATE) before counting
--                   the client's hour, so posts of one client are counted
--                   one after the other and the limit holds under any
--                   number of parallel posts.
-- moderation_log    also logs logins: action 'login' (success) and
--                   'login_failed' (wrong name or password), with the name
--                   as typed in `moderator`, moderator_id when the name is
--                   a moderator's, no submission and no stats.
--
-- The daemon's account needs only SELECT, INSERT, UPDATE, DELETE here.
-- Re-runnable after a partial failure (IF NOT EXISTS; MODIFY is idempotent).

CREATE TABLE IF NOT EXISTS login_throttle (
  name         VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  failures     INT NOT NULL DEFAULT 0,
  locked_until TIMESTAMP NULL DEFAULT NULL,
  updated_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (name),
  KEY login_throttle_updated (updated_at),
  CONSTRAINT login_throttle_failures CHECK (failures >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS submit_client (
  client_hash BINARY(32) NOT NULL,
  PRIMARY KEY (client_hash)
) ENGINE=InnoDB;

ALTER TABLE moderation_log
  MODIFY submission_id INT UNSIGNED NULL,
  MODIFY action ENUM('approve', 'reject', 'login', 'login_failed') NOT NULL,
  MODIFY stats_before TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
  MODIFY stats_after TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL;
