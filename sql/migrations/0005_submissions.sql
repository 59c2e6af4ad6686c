-- 0005: proposals and moderation (issue 4, docs/moderation.md).
--
-- submission        every proposed word, pending until a moderator decides.
--                   submission_id is the one-time id the form carried, so a
--                   resent post finds its row instead of making a second one.
--                   At most one pending row per (kind, part, word): the
--                   generated pending_key is that triple while the row is
--                   pending and NULL afterwards, and its UNIQUE index (NULLs
--                   never collide) holds the rule under concurrent posts.
--                   word compares like the affix tables' (utf8mb4_unicode_ci:
--                   case- and accent-insensitive). client_hash is an HMAC of
--                   the client's address under the server secret, never the
--                   address itself; it counts a client's proposals per hour.
-- moderation_log    every decision: who, when, what (stats before and after
--                   the moderator's adjustments), why, and the id of the
--                   word's new row in its affix table.
-- moderator         the daemon's own accounts; password_hash is libsodium's
--                   crypto_pwhash_str (Argon2id). Created with
--                   `lootforged --add-moderator NAME`.
-- moderator_session a login: the SHA-256 of the cookie token (the token
--                   itself is never stored), the session's CSRF secret, and
--                   when it ends.
--
-- The daemon's account needs only SELECT, INSERT, UPDATE, DELETE here, as
-- on the catalog. Re-runnable after a partial failure (IF NOT EXISTS).

CREATE TABLE IF NOT EXISTS moderator (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name          VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  password_hash VARCHAR(128) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY moderator_name (name),
  CONSTRAINT moderator_chk_name CHECK (CHAR_LENGTH(name) > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS moderator_session (
  token_hash   BINARY(32) NOT NULL,
  moderator_id INT UNSIGNED NOT NULL,
  csrf_secret  BINARY(32) NOT NULL,
  created_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  expires_at   TIMESTAMP NOT NULL,
  PRIMARY KEY (token_hash),
  KEY moderator_session_expires (expires_at),
  CONSTRAINT moderator_session_moderator FOREIGN KEY (moderator_id)
    REFERENCES moderator (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS submission (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  submission_id CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  kind          VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  part          VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  word          VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  tier          TINYINT NULL,
  slot          VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
  hands         INT NOT NULL DEFAULT 0,
  attack        INT NOT NULL DEFAULT 0,
  defense       INT NOT NULL DEFAULT 0,
  magic         INT NOT NULL DEFAULT 0,
  flaming       INT NOT NULL DEFAULT 0,
  freezing      INT NOT NULL DEFAULT 0,
  shocking      INT NOT NULL DEFAULT 0,
  holy          INT NOT NULL DEFAULT 0,
  evil          INT NOT NULL DEFAULT 0,
  sneak         INT NOT NULL DEFAULT 0,
  crit          INT NOT NULL DEFAULT 0,
  status        ENUM('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending',
  client_hash   BINARY(32) NOT NULL,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  decided_at    TIMESTAMP NULL DEFAULT NULL,
  decided_by    INT UNSIGNED NULL,
  reason        VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
  pending_key   VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
                GENERATED ALWAYS AS (IF(status = 'pending', CONCAT(kind, '/', part, '/', word), NULL)) STORED,
  PRIMARY KEY (id),
  UNIQUE KEY submission_sid (submission_id),
  UNIQUE KEY submission_pending (pending_key),
  KEY submission_word (kind, part, word, status),
  KEY submission_client (client_hash, created_at),
  KEY submission_status (status, created_at),
  CONSTRAINT submission_chk_sid CHECK (submission_id REGEXP '^[0-9a-f]{32}$'),
  CONSTRAINT submission_chk_kind CHECK (kind IN ('weapon', 'armor', 'shield', 'trinket')),
  CONSTRAINT submission_chk_part CHECK (part IN ('element', 'prefix', 'material', 'type', 'adjective', 'abstract')),
  CONSTRAINT submission_chk_word CHECK (CHAR_LENGTH(word) > 0 AND LENGTH(word) <= 64 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT submission_chk_tier CHECK (tier IS NULL OR tier BETWEEN 1 AND 6),
  CONSTRAINT submission_chk_decided CHECK ((status = 'pending') = (decided_at IS NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS moderation_log (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  submission_id INT UNSIGNED NOT NULL,
  moderator_id  INT UNSIGNED NULL,
  moderator     VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  action        ENUM('approve', 'reject') NOT NULL,
  reason        VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
  word_id       INT UNSIGNED NULL,
  stats_before  TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  stats_after   TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  at            TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY moderation_log_submission (submission_id),
  CONSTRAINT moderation_log_submission FOREIGN KEY (submission_id)
    REFERENCES submission (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
