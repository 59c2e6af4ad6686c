-- 0014: scrolls and wands (SPEC §8, docs/recipes.md).
-- Written by sql/data/kinds_sql.py from sql/data/scroll_parts.tsv and
-- sql/data/kind_words.tsv: edit those and run it again, not this file.
--
-- Two kinds, with tables of the shape every affix table has after 0008 and
-- 0009 (stat columns, weight, tier bounds, added_rev / retired_rev /
-- live_word, value or value_mult, the same triggers):
--   scroll_type             the scroll's grade, a base row: tier and value
--                           (SPEC §7's "scroll base");
--   scroll_tube_quality, scroll_tube_material, scroll_paper_material,
--   scroll_writing_detail   blueprint parts with a value_mult;
--   scroll_paper_condition, scroll_writing_quality
--                           the same with a mark, good or bad, which chooses
--                           "and" or "but" in the description;
--   wand_element, wand_prefix, wand_material, wand_type, wand_adjective,
--   wand_abstract           a wand's affix tables, as a trinket's.
-- submission gains `mark`, for proposals of words of the two marked tables.
-- Every shipped row is one change set. Re-runnable after a partial failure.

CREATE TABLE IF NOT EXISTS scroll_type (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  tier        TINYINT NOT NULL,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value       INT UNSIGNED NOT NULL DEFAULT 1,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_type_live_word (live_word),
  KEY scroll_type_word (word),
  CONSTRAINT scroll_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_type_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_type_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT scroll_type_chk_value CHECK (value BETWEEN 1 AND 1000000)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_tube_quality (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_tube_quality_live_word (live_word),
  KEY scroll_tube_quality_word (word),
  CONSTRAINT scroll_tube_quality_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_tube_quality_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_tube_quality_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_tube_quality_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_tube_quality_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_tube_material (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_tube_material_live_word (live_word),
  KEY scroll_tube_material_word (word),
  CONSTRAINT scroll_tube_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_tube_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_tube_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_tube_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_tube_material_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_paper_material (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_paper_material_live_word (live_word),
  KEY scroll_paper_material_word (word),
  CONSTRAINT scroll_paper_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_paper_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_paper_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_paper_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_paper_material_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_paper_condition (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  mark        ENUM('good', 'bad') CHARACTER SET ascii NOT NULL,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_paper_condition_live_word (live_word),
  KEY scroll_paper_condition_word (word),
  CONSTRAINT scroll_paper_condition_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_paper_condition_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_paper_condition_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_paper_condition_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_paper_condition_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_writing_quality (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  mark        ENUM('good', 'bad') CHARACTER SET ascii NOT NULL,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_writing_quality_live_word (live_word),
  KEY scroll_writing_quality_word (word),
  CONSTRAINT scroll_writing_quality_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_writing_quality_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_writing_quality_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_writing_quality_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_writing_quality_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS scroll_writing_detail (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY scroll_writing_detail_live_word (live_word),
  KEY scroll_writing_detail_word (word),
  CONSTRAINT scroll_writing_detail_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT scroll_writing_detail_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT scroll_writing_detail_chk_weight CHECK (weight >= 1),
  CONSTRAINT scroll_writing_detail_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT scroll_writing_detail_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_element (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY wand_element_live_word (live_word),
  KEY wand_element_word (word),
  CONSTRAINT wand_element_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_element_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_element_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_element_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_element_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_prefix (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY wand_prefix_live_word (live_word),
  KEY wand_prefix_word (word),
  CONSTRAINT wand_prefix_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_prefix_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_prefix_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_prefix_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_prefix_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_material (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  tier        TINYINT NOT NULL,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY wand_material_live_word (live_word),
  KEY wand_material_word (word),
  CONSTRAINT wand_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_material_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT wand_material_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_type (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  tier        TINYINT NOT NULL,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value       INT UNSIGNED NOT NULL DEFAULT 1,
  PRIMARY KEY (id),
  UNIQUE KEY wand_type_live_word (live_word),
  KEY wand_type_word (word),
  CONSTRAINT wand_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_type_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_type_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT wand_type_chk_value CHECK (value BETWEEN 1 AND 1000000)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_adjective (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY wand_adjective_live_word (live_word),
  KEY wand_adjective_word (word),
  CONSTRAINT wand_adjective_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_adjective_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_adjective_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_adjective_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_adjective_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS wand_abstract (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  hands       INT NOT NULL DEFAULT 0,
  multiplier  DECIMAL(5,2) NOT NULL DEFAULT 0,
  attack      INT NOT NULL DEFAULT 0,
  defense     INT NOT NULL DEFAULT 0,
  magic       INT NOT NULL DEFAULT 0,
  flaming     INT NOT NULL DEFAULT 0,
  freezing    INT NOT NULL DEFAULT 0,
  shocking    INT NOT NULL DEFAULT 0,
  holy        INT NOT NULL DEFAULT 0,
  evil        INT NOT NULL DEFAULT 0,
  sneak       INT NOT NULL DEFAULT 0,
  crit        INT NOT NULL DEFAULT 0,
  weight      INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min    TINYINT NULL,
  tier_max    TINYINT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100,
  PRIMARY KEY (id),
  UNIQUE KEY wand_abstract_live_word (live_word),
  KEY wand_abstract_word (word),
  CONSTRAINT wand_abstract_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT wand_abstract_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT wand_abstract_chk_weight CHECK (weight >= 1),
  CONSTRAINT wand_abstract_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max)),
  CONSTRAINT wand_abstract_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE submission ADD COLUMN IF NOT EXISTS mark ENUM('good', 'bad') CHARACTER SET ascii NULL;
ALTER TABLE submission DROP CONSTRAINT IF EXISTS submission_chk_kind;
ALTER TABLE submission ADD CONSTRAINT submission_chk_kind CHECK (kind IN ('weapon', 'armor', 'shield', 'trinket', 'scroll', 'wand'));
ALTER TABLE submission DROP CONSTRAINT IF EXISTS submission_chk_part;
ALTER TABLE submission ADD CONSTRAINT submission_chk_part CHECK (part IN ('element', 'prefix', 'material', 'type', 'adjective', 'abstract', 'tube-quality', 'tube-material', 'paper-material', 'paper-condition', 'writing-quality', 'writing-detail'));

DELIMITER //

DROP TRIGGER IF EXISTS scroll_type_bi //
CREATE TRIGGER scroll_type_bi BEFORE INSERT ON scroll_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_type_bu //
CREATE TRIGGER scroll_type_bu BEFORE UPDATE ON scroll_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_type_bd //
CREATE TRIGGER scroll_type_bd BEFORE DELETE ON scroll_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_tube_quality_bi //
CREATE TRIGGER scroll_tube_quality_bi BEFORE INSERT ON scroll_tube_quality FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_quality: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_tube_quality_bu //
CREATE TRIGGER scroll_tube_quality_bu BEFORE UPDATE ON scroll_tube_quality FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_quality: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_tube_quality_bd //
CREATE TRIGGER scroll_tube_quality_bd BEFORE DELETE ON scroll_tube_quality FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_quality: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_tube_material_bi //
CREATE TRIGGER scroll_tube_material_bi BEFORE INSERT ON scroll_tube_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_tube_material_bu //
CREATE TRIGGER scroll_tube_material_bu BEFORE UPDATE ON scroll_tube_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_tube_material_bd //
CREATE TRIGGER scroll_tube_material_bd BEFORE DELETE ON scroll_tube_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_tube_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_paper_material_bi //
CREATE TRIGGER scroll_paper_material_bi BEFORE INSERT ON scroll_paper_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_paper_material_bu //
CREATE TRIGGER scroll_paper_material_bu BEFORE UPDATE ON scroll_paper_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_paper_material_bd //
CREATE TRIGGER scroll_paper_material_bd BEFORE DELETE ON scroll_paper_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_paper_condition_bi //
CREATE TRIGGER scroll_paper_condition_bi BEFORE INSERT ON scroll_paper_condition FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_condition: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_paper_condition_bu //
CREATE TRIGGER scroll_paper_condition_bu BEFORE UPDATE ON scroll_paper_condition FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.mark <=> NEW.mark AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_condition: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_paper_condition_bd //
CREATE TRIGGER scroll_paper_condition_bd BEFORE DELETE ON scroll_paper_condition FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_paper_condition: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_writing_quality_bi //
CREATE TRIGGER scroll_writing_quality_bi BEFORE INSERT ON scroll_writing_quality FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_quality: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_writing_quality_bu //
CREATE TRIGGER scroll_writing_quality_bu BEFORE UPDATE ON scroll_writing_quality FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.mark <=> NEW.mark AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_quality: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_writing_quality_bd //
CREATE TRIGGER scroll_writing_quality_bd BEFORE DELETE ON scroll_writing_quality FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_quality: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS scroll_writing_detail_bi //
CREATE TRIGGER scroll_writing_detail_bi BEFORE INSERT ON scroll_writing_detail FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_detail: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_writing_detail_bu //
CREATE TRIGGER scroll_writing_detail_bu BEFORE UPDATE ON scroll_writing_detail FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_detail: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS scroll_writing_detail_bd //
CREATE TRIGGER scroll_writing_detail_bd BEFORE DELETE ON scroll_writing_detail FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'scroll_writing_detail: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_element_bi //
CREATE TRIGGER wand_element_bi BEFORE INSERT ON wand_element FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_element: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_element_bu //
CREATE TRIGGER wand_element_bu BEFORE UPDATE ON wand_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_element_bd //
CREATE TRIGGER wand_element_bd BEFORE DELETE ON wand_element FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_element: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_prefix_bi //
CREATE TRIGGER wand_prefix_bi BEFORE INSERT ON wand_prefix FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_prefix: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_prefix_bu //
CREATE TRIGGER wand_prefix_bu BEFORE UPDATE ON wand_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_prefix_bd //
CREATE TRIGGER wand_prefix_bd BEFORE DELETE ON wand_prefix FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_prefix: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_material_bi //
CREATE TRIGGER wand_material_bi BEFORE INSERT ON wand_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_material_bu //
CREATE TRIGGER wand_material_bu BEFORE UPDATE ON wand_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_material_bd //
CREATE TRIGGER wand_material_bd BEFORE DELETE ON wand_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_type_bi //
CREATE TRIGGER wand_type_bi BEFORE INSERT ON wand_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_type_bu //
CREATE TRIGGER wand_type_bu BEFORE UPDATE ON wand_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_type_bd //
CREATE TRIGGER wand_type_bd BEFORE DELETE ON wand_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_adjective_bi //
CREATE TRIGGER wand_adjective_bi BEFORE INSERT ON wand_adjective FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_adjective: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_adjective_bu //
CREATE TRIGGER wand_adjective_bu BEFORE UPDATE ON wand_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_adjective_bd //
CREATE TRIGGER wand_adjective_bd BEFORE DELETE ON wand_adjective FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_adjective: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS wand_abstract_bi //
CREATE TRIGGER wand_abstract_bi BEFORE INSERT ON wand_abstract FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_abstract: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_abstract_bu //
CREATE TRIGGER wand_abstract_bu BEFORE UPDATE ON wand_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS wand_abstract_bd //
CREATE TRIGGER wand_abstract_bd BEFORE DELETE ON wand_abstract FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'wand_abstract: rows are never deleted; retire the row instead' //

DELIMITER ;

-- The shipped rows: one change set.
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'apprentice scroll', 1, 15, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'apprentice scroll');
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'journeyman scroll', 2, 40, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'journeyman scroll');
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'adept scroll', 3, 100, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'adept scroll');
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'expert scroll', 4, 250, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'expert scroll');
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'master scroll', 5, 600, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'master scroll');
INSERT INTO scroll_type (word, tier, value, added_rev) SELECT 'archmage scroll', 6, 1500, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_type WHERE word = 'archmage scroll');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'dented', 75, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'dented');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'scuffed', 85, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'scuffed');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'plain', 90, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'plain');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'sturdy', 100, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'sturdy');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'polished', 110, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'polished');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'engraved', 120, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'engraved');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'beautifully carved', 130, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'beautifully carved');
INSERT INTO scroll_tube_quality (word, value_mult, added_rev) SELECT 'mastercrafted', 140, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_quality WHERE word = 'mastercrafted');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'wooden', 80, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'wooden');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'bone', 90, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'bone');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'leather', 85, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'leather');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'copper', 100, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'copper');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'brass', 105, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'brass');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'iron', 110, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'iron');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'silver', 125, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'silver');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'ivory', 130, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'ivory');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'crystal', 135, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'crystal');
INSERT INTO scroll_tube_material (word, value_mult, added_rev) SELECT 'golden', 140, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_tube_material WHERE word = 'golden');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'birch bark', 80, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'birch bark');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'papyrus', 90, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'papyrus');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'linen', 95, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'linen');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'parchment', 100, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'parchment');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'rice paper', 105, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'rice paper');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'vellum', 120, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'vellum');
INSERT INTO scroll_paper_material (word, value_mult, added_rev) SELECT 'silk', 130, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_material WHERE word = 'silk');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is pristine', 120, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is pristine');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is crisp and clean', 110, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is crisp and clean');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is neatly trimmed', 105, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is neatly trimmed');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'has torn a bit', 80, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'has torn a bit');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is stained with wine', 85, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is stained with wine');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is brittle with age', 75, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is brittle with age');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'smells of smoke', 90, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'smells of smoke');
INSERT INTO scroll_paper_condition (word, value_mult, mark, added_rev) SELECT 'is scorched at one edge', 80, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_paper_condition WHERE word = 'is scorched at one edge');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'elegant', 125, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'elegant');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'good quality', 115, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'good quality');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'steady', 110, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'steady');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'careful', 110, 'good', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'careful');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'hurried', 90, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'hurried');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'shaky', 85, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'shaky');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'smudged', 80, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'smudged');
INSERT INTO scroll_writing_quality (word, value_mult, mark, added_rev) SELECT 'faded', 75, 'bad', @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_quality WHERE word = 'faded');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'is plain', 100, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'is plain');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'is decorative', 110, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'is decorative');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'is cramped', 90, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'is cramped');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'runs in tidy columns', 105, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'runs in tidy columns');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'wanders across the page', 95, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'wanders across the page');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'is ringed with sigils', 120, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'is ringed with sigils');
INSERT INTO scroll_writing_detail (word, value_mult, added_rev) SELECT 'is illuminated in gold', 140, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM scroll_writing_detail WHERE word = 'is illuminated in gold');
INSERT INTO wand_element (word, value_mult, flaming, magic, added_rev) SELECT 'flaming', 150, 4, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'flaming');
INSERT INTO wand_element (word, value_mult, freezing, magic, added_rev) SELECT 'freezing', 150, 4, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'freezing');
INSERT INTO wand_element (word, value_mult, shocking, magic, added_rev) SELECT 'shocking', 150, 4, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'shocking');
INSERT INTO wand_element (word, value_mult, holy, magic, added_rev) SELECT 'blessed', 155, 4, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'blessed');
INSERT INTO wand_element (word, value_mult, evil, magic, added_rev) SELECT 'cursed', 145, 4, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'cursed');
INSERT INTO wand_element (word, value_mult, flaming, magic, added_rev) SELECT 'searing', 160, 3, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'searing');
INSERT INTO wand_element (word, value_mult, freezing, magic, added_rev) SELECT 'frostbound', 160, 3, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'frostbound');
INSERT INTO wand_element (word, value_mult, shocking, added_rev) SELECT 'thundering', 165, 5, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'thundering');
INSERT INTO wand_element (word, value_mult, holy, magic, added_rev) SELECT 'radiant', 170, 3, 3, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'radiant');
INSERT INTO wand_element (word, value_mult, evil, magic, added_rev) SELECT 'withering', 165, 3, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_element WHERE word = 'withering');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'cracked', 60, -2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'cracked');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'crooked', 80, -1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'crooked');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'polished', 110, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'polished');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'humming', 125, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'humming');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'runed', 180, 3, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'runed');
INSERT INTO wand_prefix (word, value_mult, magic, added_rev) SELECT 'gilded', 150, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'gilded');
INSERT INTO wand_prefix (word, value_mult, magic, sneak, added_rev) SELECT 'whispering', 130, 1, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'whispering');
INSERT INTO wand_prefix (word, value_mult, magic, shocking, added_rev) SELECT 'sparking', 125, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'sparking');
INSERT INTO wand_prefix (word, value_mult, crit, added_rev) SELECT 'keen', 125, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'keen');
INSERT INTO wand_prefix (word, value_mult, attack, added_rev) SELECT 'knotted', 95, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_prefix WHERE word = 'knotted');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'willow', 1, 100, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'willow');
INSERT INTO wand_material (word, tier, value_mult, magic, sneak, added_rev) SELECT 'hazel', 1, 105, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'hazel');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'birch', 1, 100, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'birch');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'yew', 2, 115, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'yew');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'ash', 2, 110, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'ash');
INSERT INTO wand_material (word, tier, value_mult, magic, evil, added_rev) SELECT 'bone', 2, 115, 2, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'bone');
INSERT INTO wand_material (word, tier, value_mult, magic, evil, added_rev) SELECT 'ebony', 3, 130, 3, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'ebony');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'ivory', 3, 135, 4, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'ivory');
INSERT INTO wand_material (word, tier, value_mult, magic, shocking, added_rev) SELECT 'copper', 3, 125, 3, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'copper');
INSERT INTO wand_material (word, tier, value_mult, magic, holy, added_rev) SELECT 'silver', 4, 150, 5, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'silver');
INSERT INTO wand_material (word, tier, value_mult, magic, freezing, added_rev) SELECT 'coral', 4, 145, 5, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'coral');
INSERT INTO wand_material (word, tier, value_mult, magic, flaming, added_rev) SELECT 'obsidian', 4, 150, 5, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'obsidian');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'moonwood', 5, 175, 7, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'moonwood');
INSERT INTO wand_material (word, tier, value_mult, magic, shocking, added_rev) SELECT 'crystal', 5, 180, 7, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'crystal');
INSERT INTO wand_material (word, tier, value_mult, magic, flaming, added_rev) SELECT 'dragonbone', 5, 190, 8, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'dragonbone');
INSERT INTO wand_material (word, tier, value_mult, magic, added_rev) SELECT 'starmetal', 6, 220, 10, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'starmetal');
INSERT INTO wand_material (word, tier, value_mult, magic, evil, added_rev) SELECT 'voidglass', 6, 230, 10, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_material WHERE word = 'voidglass');
INSERT INTO wand_type (word, tier, value, magic, added_rev) SELECT 'twig', 1, 12, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'twig');
INSERT INTO wand_type (word, tier, value, attack, magic, added_rev) SELECT 'switch', 1, 13, 1, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'switch');
INSERT INTO wand_type (word, tier, value, magic, added_rev) SELECT 'wand', 2, 40, 4, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'wand');
INSERT INTO wand_type (word, tier, value, attack, magic, added_rev) SELECT 'baton', 2, 42, 2, 3, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'baton');
INSERT INTO wand_type (word, tier, value, attack, magic, added_rev) SELECT 'rod', 3, 100, 1, 6, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'rod');
INSERT INTO wand_type (word, tier, value, magic, added_rev) SELECT 'focus', 3, 105, 7, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'focus');
INSERT INTO wand_type (word, tier, value, attack, magic, defense, added_rev) SELECT 'sceptre', 4, 230, 1, 9, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'sceptre');
INSERT INTO wand_type (word, tier, value, magic, holy, added_rev) SELECT 'caduceus', 4, 235, 10, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'caduceus');
INSERT INTO wand_type (word, tier, value, magic, shocking, added_rev) SELECT 'conduit', 5, 540, 12, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'conduit');
INSERT INTO wand_type (word, tier, value, attack, magic, added_rev) SELECT 'verge', 5, 545, 2, 12, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'verge');
INSERT INTO wand_type (word, tier, value, magic, holy, added_rev) SELECT 'star sceptre', 6, 1250, 15, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'star sceptre');
INSERT INTO wand_type (word, tier, value, attack, magic, crit, added_rev) SELECT 'world-rod', 6, 1260, 2, 16, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_type WHERE word = 'world-rod');
INSERT INTO wand_adjective (word, value_mult, magic, added_rev) SELECT 'ancient', 130, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'ancient');
INSERT INTO wand_adjective (word, value_mult, sneak, added_rev) SELECT 'hidden', 120, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'hidden');
INSERT INTO wand_adjective (word, value_mult, flaming, added_rev) SELECT 'burning', 125, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'burning');
INSERT INTO wand_adjective (word, value_mult, sneak, magic, added_rev) SELECT 'silent', 120, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'silent');
INSERT INTO wand_adjective (word, value_mult, magic, added_rev) SELECT 'endless', 135, 3, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'endless');
INSERT INTO wand_adjective (word, value_mult, magic, evil, added_rev) SELECT 'forgotten', 115, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'forgotten');
INSERT INTO wand_adjective (word, value_mult, magic, added_rev) SELECT 'waning', 90, -1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'waning');
INSERT INTO wand_adjective (word, value_mult, evil, added_rev) SELECT 'hungry', 120, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'hungry');
INSERT INTO wand_adjective (word, value_mult, holy, magic, added_rev) SELECT 'starlit', 130, 1, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'starlit');
INSERT INTO wand_adjective (word, value_mult, evil, holy, added_rev) SELECT 'twilight', 120, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_adjective WHERE word = 'twilight');
INSERT INTO wand_abstract (word, value_mult, magic, added_rev) SELECT 'the archmage', 150, 3, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'the archmage');
INSERT INTO wand_abstract (word, value_mult, magic, added_rev) SELECT 'wonders', 130, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'wonders');
INSERT INTO wand_abstract (word, value_mult, shocking, added_rev) SELECT 'the storm', 125, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'the storm');
INSERT INTO wand_abstract (word, value_mult, sneak, added_rev) SELECT 'secrets', 120, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'secrets');
INSERT INTO wand_abstract (word, value_mult, freezing, added_rev) SELECT 'the tides', 120, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'the tides');
INSERT INTO wand_abstract (word, value_mult, magic, added_rev) SELECT 'echoes', 115, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'echoes');
INSERT INTO wand_abstract (word, value_mult, flaming, added_rev) SELECT 'embers', 120, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'embers');
INSERT INTO wand_abstract (word, value_mult, evil, added_rev) SELECT 'the void', 125, 2, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'the void');
INSERT INTO wand_abstract (word, value_mult, sneak, magic, added_rev) SELECT 'whispers', 115, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'whispers');
INSERT INTO wand_abstract (word, value_mult, holy, magic, added_rev) SELECT 'the moon', 125, 1, 1, @rev FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM wand_abstract WHERE word = 'the moon');
