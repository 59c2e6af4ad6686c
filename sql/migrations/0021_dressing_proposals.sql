-- 0021: proposals of the dungeon's dressing rows (SPEC §16,
-- docs/moderation.md "Dungeon dressing").
--
-- dressing_submission  a proposed dungeon_dressing row waiting for a
--                      moderator, like name_submission is for training
--                      names: the one-time submission id, the row as it
--                      would be added (kind trap, occupant, feature, sound or
--                      smell: door states are not proposed), status, the
--                      client hash, the decision, and the dungeon_dressing
--                      row an approval added (in a change set of its own,
--                      0008's rules). One pending proposal per kind and name
--                      (case-insensitively, as the daemon compares live rows).
-- moderation_log       a decision on one names its dressing_submission; its
--                      word_id is the new dungeon_dressing id.
--
-- Re-runnable (IF NOT EXISTS).

CREATE TABLE IF NOT EXISTS dressing_submission (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  submission_id CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  kind          VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  name          VARCHAR(64) NOT NULL,
  plural        VARCHAR(64) NOT NULL DEFAULT '',
  effect        VARCHAR(160) NOT NULL DEFAULT '',
  level_min     TINYINT UNSIGNED NOT NULL DEFAULT 1,
  level_max     TINYINT UNSIGNED NOT NULL DEFAULT 20,
  number_min    TINYINT UNSIGNED NOT NULL DEFAULT 1,
  number_max    TINYINT UNSIGNED NOT NULL DEFAULT 1,
  status        ENUM('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending',
  client_hash   BINARY(32) NOT NULL,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  decided_at    TIMESTAMP NULL DEFAULT NULL,
  decided_by    INT UNSIGNED NULL,
  reason        VARCHAR(200) NULL,
  dressing_id   INT UNSIGNED NULL,
  pending_key   VARCHAR(81) AS (IF(status = 'pending', CONCAT(kind, ':', name), NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY dressing_submission_sid (submission_id),
  UNIQUE KEY dressing_submission_pending (pending_key),
  KEY dressing_submission_client (client_hash, created_at),
  KEY dressing_submission_status (status, created_at),
  CONSTRAINT dressing_submission_chk_sid CHECK (submission_id REGEXP '^[0-9a-f]{32}$'),
  CONSTRAINT dressing_submission_chk_kind
    CHECK (kind IN ('trap', 'occupant', 'feature', 'sound', 'smell')),
  CONSTRAINT dressing_submission_chk_level
    CHECK (level_min BETWEEN 1 AND 20 AND level_max BETWEEN level_min AND 20),
  CONSTRAINT dressing_submission_chk_number
    CHECK (number_min BETWEEN 1 AND 20 AND number_max BETWEEN number_min AND 20),
  CONSTRAINT dressing_submission_chk_decided
    CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT dressing_submission_chk_approved
    CHECK ((status = 'approved') = (dressing_id IS NOT NULL)),
  CONSTRAINT dressing_submission_row FOREIGN KEY (dressing_id)
    REFERENCES dungeon_dressing (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE moderation_log
  ADD COLUMN IF NOT EXISTS dressing_submission_id INT UNSIGNED NULL,
  ADD KEY IF NOT EXISTS moderation_log_dressing_submission (dressing_submission_id);
