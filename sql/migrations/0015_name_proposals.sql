-- 0015: proposals of Markov training names (issue 13 part 3,
-- docs/moderation.md "Training names").
--
-- name_submission  a proposed training name waiting for a moderator, like
--                  spell_submission is for spells: the one-time submission
--                  id, the name (checked by nameprop_parse before it is
--                  stored: 3..24 letters, at most one inner apostrophe or
--                  hyphen, NFC), status, the client hash, the decision, and
--                  the markov_name row an approval added. Approving adds one
--                  markov_name row in a change set of its own (0008/0012:
--                  added_rev, never changed in place), so the chain of the
--                  next revision learns it and never draws it back.
--                  One pending proposal per name, compared case-insensitively
--                  but accent-sensitively (utf8mb4_uca1400_as_ci): "ZORVYN"
--                  waits behind "Zorvyn", "Brynjo" does not behind "Brynjø".
--                  The daemon compares live training names the same way.
-- moderation_log   a decision on a name names its name_submission; its
--                  word_id is the new markov_name id.
--
-- Re-runnable (IF NOT EXISTS).

CREATE TABLE IF NOT EXISTS name_submission (
  id             INT UNSIGNED NOT NULL AUTO_INCREMENT,
  submission_id  CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  name           VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_as_ci NOT NULL,
  status         ENUM('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending',
  client_hash    BINARY(32) NOT NULL,
  created_at     TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  decided_at     TIMESTAMP NULL DEFAULT NULL,
  decided_by     INT UNSIGNED NULL,
  reason         VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
  markov_name_id INT UNSIGNED NULL,
  pending_name   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_as_ci
                 AS (IF(status = 'pending', name, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY name_submission_sid (submission_id),
  UNIQUE KEY name_submission_pending (pending_name),
  KEY name_submission_client (client_hash, created_at),
  KEY name_submission_status (status, created_at),
  KEY name_submission_name (name, status, decided_at),
  CONSTRAINT name_submission_chk_sid CHECK (submission_id REGEXP '^[0-9a-f]{32}$'),
  CONSTRAINT name_submission_chk_decided
    CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT name_submission_chk_approved
    CHECK ((status = 'approved') = (markov_name_id IS NOT NULL)),
  CONSTRAINT name_submission_markov_name FOREIGN KEY (markov_name_id)
    REFERENCES markov_name (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE moderation_log
  ADD COLUMN IF NOT EXISTS name_submission_id INT UNSIGNED NULL,
  ADD KEY IF NOT EXISTS moderation_log_name_submission (name_submission_id);
