-- 0001: the weapon catalog (SPEC §3) and the catalog revision counter.
--
-- Table and column names are the original site's, so its queries run here
-- unchanged. Every affix table has the same shape: id, word, active and the
-- stat columns; weapon_type adds tier. Words compare case-insensitively
-- (utf8mb4_unicode_ci), so "Longsword" and "longsword" cannot both exist.
--
-- The daemon caches the whole catalog and polls catalog_revision to learn
-- when to reload it. The triggers at the end bump the revision on any row
-- change of an affix table, whoever makes it (the daemon's moderation, a
-- migration, or someone in the mariadb client), so the cache cannot go stale
-- by someone forgetting to bump it.
--
-- Written for MariaDB >= 10.5 and MySQL >= 8.0.16 (enforced CHECKs). The
-- statements can be re-run after a partial failure.

CREATE TABLE IF NOT EXISTS catalog_revision (
  id       TINYINT UNSIGNED NOT NULL,
  revision BIGINT UNSIGNED NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  CONSTRAINT catalog_revision_chk_one_row CHECK (id = 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

INSERT INTO catalog_revision (id, revision) VALUES (1, 1)
  ON DUPLICATE KEY UPDATE id = id;

CREATE TABLE IF NOT EXISTS weapon_type (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  tier       TINYINT NOT NULL,
  hands      INT NOT NULL DEFAULT 0,
  multiplier DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack     INT NOT NULL DEFAULT 0,
  defense    INT NOT NULL DEFAULT 0,
  magic      INT NOT NULL DEFAULT 0,
  flaming    INT NOT NULL DEFAULT 0,
  freezing   INT NOT NULL DEFAULT 0,
  shocking   INT NOT NULL DEFAULT 0,
  holy       INT NOT NULL DEFAULT 0,
  evil       INT NOT NULL DEFAULT 0,
  sneak      INT NOT NULL DEFAULT 0,
  crit       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY weapon_type_word (word),
  CONSTRAINT weapon_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT weapon_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT weapon_type_chk_tier CHECK (tier BETWEEN 1 AND 6)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS weapon_element (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  hands      INT NOT NULL DEFAULT 0,
  multiplier DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack     INT NOT NULL DEFAULT 0,
  defense    INT NOT NULL DEFAULT 0,
  magic      INT NOT NULL DEFAULT 0,
  flaming    INT NOT NULL DEFAULT 0,
  freezing   INT NOT NULL DEFAULT 0,
  shocking   INT NOT NULL DEFAULT 0,
  holy       INT NOT NULL DEFAULT 0,
  evil       INT NOT NULL DEFAULT 0,
  sneak      INT NOT NULL DEFAULT 0,
  crit       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY weapon_element_word (word),
  CONSTRAINT weapon_element_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT weapon_element_chk_active CHECK (active IN (0, 1))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS weapon_prefix (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  hands      INT NOT NULL DEFAULT 0,
  multiplier DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack     INT NOT NULL DEFAULT 0,
  defense    INT NOT NULL DEFAULT 0,
  magic      INT NOT NULL DEFAULT 0,
  flaming    INT NOT NULL DEFAULT 0,
  freezing   INT NOT NULL DEFAULT 0,
  shocking   INT NOT NULL DEFAULT 0,
  holy       INT NOT NULL DEFAULT 0,
  evil       INT NOT NULL DEFAULT 0,
  sneak      INT NOT NULL DEFAULT 0,
  crit       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY weapon_prefix_word (word),
  CONSTRAINT weapon_prefix_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT weapon_prefix_chk_active CHECK (active IN (0, 1))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS weapon_adjective (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  hands      INT NOT NULL DEFAULT 0,
  multiplier DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack     INT NOT NULL DEFAULT 0,
  defense    INT NOT NULL DEFAULT 0,
  magic      INT NOT NULL DEFAULT 0,
  flaming    INT NOT NULL DEFAULT 0,
  freezing   INT NOT NULL DEFAULT 0,
  shocking   INT NOT NULL DEFAULT 0,
  holy       INT NOT NULL DEFAULT 0,
  evil       INT NOT NULL DEFAULT 0,
  sneak      INT NOT NULL DEFAULT 0,
  crit       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY weapon_adjective_word (word),
  CONSTRAINT weapon_adjective_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT weapon_adjective_chk_active CHECK (active IN (0, 1))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS weapon_abstract (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  hands      INT NOT NULL DEFAULT 0,
  multiplier DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack     INT NOT NULL DEFAULT 0,
  defense    INT NOT NULL DEFAULT 0,
  magic      INT NOT NULL DEFAULT 0,
  flaming    INT NOT NULL DEFAULT 0,
  freezing   INT NOT NULL DEFAULT 0,
  shocking   INT NOT NULL DEFAULT 0,
  holy       INT NOT NULL DEFAULT 0,
  evil       INT NOT NULL DEFAULT 0,
  sneak      INT NOT NULL DEFAULT 0,
  crit       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY weapon_abstract_word (word),
  CONSTRAINT weapon_abstract_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT weapon_abstract_chk_active CHECK (active IN (0, 1))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Any row change of an affix table bumps the revision, once per row.

-- weapon_type
DROP TRIGGER IF EXISTS weapon_type_ai;
CREATE TRIGGER weapon_type_ai AFTER INSERT ON weapon_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_type_au;
CREATE TRIGGER weapon_type_au AFTER UPDATE ON weapon_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_type_ad;
CREATE TRIGGER weapon_type_ad AFTER DELETE ON weapon_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- weapon_element
DROP TRIGGER IF EXISTS weapon_element_ai;
CREATE TRIGGER weapon_element_ai AFTER INSERT ON weapon_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_element_au;
CREATE TRIGGER weapon_element_au AFTER UPDATE ON weapon_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_element_ad;
CREATE TRIGGER weapon_element_ad AFTER DELETE ON weapon_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- weapon_prefix
DROP TRIGGER IF EXISTS weapon_prefix_ai;
CREATE TRIGGER weapon_prefix_ai AFTER INSERT ON weapon_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_prefix_au;
CREATE TRIGGER weapon_prefix_au AFTER UPDATE ON weapon_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_prefix_ad;
CREATE TRIGGER weapon_prefix_ad AFTER DELETE ON weapon_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- weapon_adjective
DROP TRIGGER IF EXISTS weapon_adjective_ai;
CREATE TRIGGER weapon_adjective_ai AFTER INSERT ON weapon_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_adjective_au;
CREATE TRIGGER weapon_adjective_au AFTER UPDATE ON weapon_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_adjective_ad;
CREATE TRIGGER weapon_adjective_ad AFTER DELETE ON weapon_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- weapon_abstract
DROP TRIGGER IF EXISTS weapon_abstract_ai;
CREATE TRIGGER weapon_abstract_ai AFTER INSERT ON weapon_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_abstract_au;
CREATE TRIGGER weapon_abstract_au AFTER UPDATE ON weapon_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS weapon_abstract_ad;
CREATE TRIGGER weapon_abstract_ad AFTER DELETE ON weapon_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

