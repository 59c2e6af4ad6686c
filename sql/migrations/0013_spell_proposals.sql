-- 0013: spell proposals (issue 13, docs/moderation.md "Spells").
--
-- spell_submission  a proposed spell waiting for a moderator, like
--                   submission is for words: the one-time submission id,
--                   the name (word), mana, level, tier and the effects as
--                   cells in the syntax of sql/data/spells.tsv joined by
--                   "; " ("teleport 12; buff 4 2 10"). The daemon checks a
--                   proposal with spell_check before it stores it, and again
--                   when it approves it; approving adds a spell row and its
--                   effects in one change set (0012) and keeps its id.
--                   One pending proposal per name (pending_word).
-- moderation_log    a decision on a spell names its spell_submission; its
--                   word_id is the new spell's id.

CREATE TABLE IF NOT EXISTS spell_submission (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  submission_id CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  word          VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  mana          INT NOT NULL,
  level         INT NOT NULL,
  tier          INT NOT NULL,
  effects       VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  status        ENUM('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending',
  client_hash   BINARY(32) NOT NULL,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  decided_at    TIMESTAMP NULL DEFAULT NULL,
  decided_by    INT UNSIGNED NULL,
  reason        VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
  spell_id      INT UNSIGNED NULL,
  pending_word  VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
                AS (IF(status = 'pending', word, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY spell_submission_sid (submission_id),
  UNIQUE KEY spell_submission_pending (pending_word),
  KEY spell_submission_client (client_hash, created_at),
  KEY spell_submission_status (status, created_at),
  CONSTRAINT spell_submission_chk_sid CHECK (submission_id REGEXP '^[0-9a-f]{32}$'),
  CONSTRAINT spell_submission_spell FOREIGN KEY (spell_id) REFERENCES spell (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE moderation_log
  ADD COLUMN IF NOT EXISTS spell_submission_id INT UNSIGNED NULL,
  ADD KEY IF NOT EXISTS moderation_log_spell_submission (spell_submission_id);
