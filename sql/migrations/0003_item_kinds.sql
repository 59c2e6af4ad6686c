-- 0003: the other item kinds, and per-row weights and tier bounds.
--
-- SPEC §3: other kinds get tables of the same shape under their own prefix.
-- Armour, shields and trinkets have six parts each: element, prefix,
-- material, type, adjective, abstract ("<kind>_<part>", as recipe.h names
-- them). material and type rows carry a tier (1..6) like weapon_type; type
-- rows also carry the slot the item is worn in, spelled exactly as
-- slot_names in recipe.h (the column compares byte for byte, so "Head" is
-- refused). Their words come in a later migration.
--
-- Every affix table, the weapon ones included, gains:
--   weight    relative chance of the row in a random pick (>= 1; 1 = as the
--             original, where every active row was equally likely);
--   tier_min, tier_max
--             the item tiers the row may be rolled for; NULL = no bound.
--             They only limit random picks: a requested word is honoured
--             whatever the item's tier.

-- The weapon tables: same three columns, defaults that keep the original's uniform picks.

ALTER TABLE weapon_type
  ADD COLUMN weight   INT UNSIGNED NOT NULL DEFAULT 1,
  ADD COLUMN tier_min TINYINT NULL,
  ADD COLUMN tier_max TINYINT NULL,
  ADD CONSTRAINT weapon_type_chk_weight CHECK (weight >= 1),
  ADD CONSTRAINT weapon_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max));

ALTER TABLE weapon_element
  ADD COLUMN weight   INT UNSIGNED NOT NULL DEFAULT 1,
  ADD COLUMN tier_min TINYINT NULL,
  ADD COLUMN tier_max TINYINT NULL,
  ADD CONSTRAINT weapon_element_chk_weight CHECK (weight >= 1),
  ADD CONSTRAINT weapon_element_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max));

ALTER TABLE weapon_prefix
  ADD COLUMN weight   INT UNSIGNED NOT NULL DEFAULT 1,
  ADD COLUMN tier_min TINYINT NULL,
  ADD COLUMN tier_max TINYINT NULL,
  ADD CONSTRAINT weapon_prefix_chk_weight CHECK (weight >= 1),
  ADD CONSTRAINT weapon_prefix_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max));

ALTER TABLE weapon_adjective
  ADD COLUMN weight   INT UNSIGNED NOT NULL DEFAULT 1,
  ADD COLUMN tier_min TINYINT NULL,
  ADD COLUMN tier_max TINYINT NULL,
  ADD CONSTRAINT weapon_adjective_chk_weight CHECK (weight >= 1),
  ADD CONSTRAINT weapon_adjective_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max));

ALTER TABLE weapon_abstract
  ADD COLUMN weight   INT UNSIGNED NOT NULL DEFAULT 1,
  ADD COLUMN tier_min TINYINT NULL,
  ADD COLUMN tier_max TINYINT NULL,
  ADD CONSTRAINT weapon_abstract_chk_weight CHECK (weight >= 1),
  ADD CONSTRAINT weapon_abstract_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max));

-- armor

CREATE TABLE IF NOT EXISTS armor_element (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_element_word (word),
  CONSTRAINT armor_element_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_element_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_element_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_element_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_element_ai;
CREATE TRIGGER armor_element_ai AFTER INSERT ON armor_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_element_au;
CREATE TRIGGER armor_element_au AFTER UPDATE ON armor_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_element_ad;
CREATE TRIGGER armor_element_ad AFTER DELETE ON armor_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS armor_prefix (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_prefix_word (word),
  CONSTRAINT armor_prefix_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_prefix_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_prefix_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_prefix_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_prefix_ai;
CREATE TRIGGER armor_prefix_ai AFTER INSERT ON armor_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_prefix_au;
CREATE TRIGGER armor_prefix_au AFTER UPDATE ON armor_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_prefix_ad;
CREATE TRIGGER armor_prefix_ad AFTER DELETE ON armor_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS armor_material (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_material_word (word),
  CONSTRAINT armor_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_material_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT armor_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_material_ai;
CREATE TRIGGER armor_material_ai AFTER INSERT ON armor_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_material_au;
CREATE TRIGGER armor_material_au AFTER UPDATE ON armor_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_material_ad;
CREATE TRIGGER armor_material_ad AFTER DELETE ON armor_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS armor_type (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  tier       TINYINT NOT NULL,
  slot       VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_type_word (word),
  CONSTRAINT armor_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_type_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT armor_type_chk_slot CHECK (slot IN ('head', 'body', 'hands', 'legs', 'feet')),
  CONSTRAINT armor_type_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_type_ai;
CREATE TRIGGER armor_type_ai AFTER INSERT ON armor_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_type_au;
CREATE TRIGGER armor_type_au AFTER UPDATE ON armor_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_type_ad;
CREATE TRIGGER armor_type_ad AFTER DELETE ON armor_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS armor_adjective (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_adjective_word (word),
  CONSTRAINT armor_adjective_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_adjective_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_adjective_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_adjective_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_adjective_ai;
CREATE TRIGGER armor_adjective_ai AFTER INSERT ON armor_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_adjective_au;
CREATE TRIGGER armor_adjective_au AFTER UPDATE ON armor_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_adjective_ad;
CREATE TRIGGER armor_adjective_ad AFTER DELETE ON armor_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS armor_abstract (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY armor_abstract_word (word),
  CONSTRAINT armor_abstract_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT armor_abstract_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT armor_abstract_chk_weight CHECK (weight >= 1),
  CONSTRAINT armor_abstract_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS armor_abstract_ai;
CREATE TRIGGER armor_abstract_ai AFTER INSERT ON armor_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_abstract_au;
CREATE TRIGGER armor_abstract_au AFTER UPDATE ON armor_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS armor_abstract_ad;
CREATE TRIGGER armor_abstract_ad AFTER DELETE ON armor_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- shield

CREATE TABLE IF NOT EXISTS shield_element (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_element_word (word),
  CONSTRAINT shield_element_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_element_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_element_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_element_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_element_ai;
CREATE TRIGGER shield_element_ai AFTER INSERT ON shield_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_element_au;
CREATE TRIGGER shield_element_au AFTER UPDATE ON shield_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_element_ad;
CREATE TRIGGER shield_element_ad AFTER DELETE ON shield_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS shield_prefix (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_prefix_word (word),
  CONSTRAINT shield_prefix_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_prefix_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_prefix_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_prefix_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_prefix_ai;
CREATE TRIGGER shield_prefix_ai AFTER INSERT ON shield_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_prefix_au;
CREATE TRIGGER shield_prefix_au AFTER UPDATE ON shield_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_prefix_ad;
CREATE TRIGGER shield_prefix_ad AFTER DELETE ON shield_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS shield_material (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_material_word (word),
  CONSTRAINT shield_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_material_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT shield_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_material_ai;
CREATE TRIGGER shield_material_ai AFTER INSERT ON shield_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_material_au;
CREATE TRIGGER shield_material_au AFTER UPDATE ON shield_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_material_ad;
CREATE TRIGGER shield_material_ad AFTER DELETE ON shield_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS shield_type (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  tier       TINYINT NOT NULL,
  slot       VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT 'off hand',
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_type_word (word),
  CONSTRAINT shield_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_type_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT shield_type_chk_slot CHECK (slot IN ('off hand')),
  CONSTRAINT shield_type_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_type_ai;
CREATE TRIGGER shield_type_ai AFTER INSERT ON shield_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_type_au;
CREATE TRIGGER shield_type_au AFTER UPDATE ON shield_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_type_ad;
CREATE TRIGGER shield_type_ad AFTER DELETE ON shield_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS shield_adjective (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_adjective_word (word),
  CONSTRAINT shield_adjective_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_adjective_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_adjective_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_adjective_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_adjective_ai;
CREATE TRIGGER shield_adjective_ai AFTER INSERT ON shield_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_adjective_au;
CREATE TRIGGER shield_adjective_au AFTER UPDATE ON shield_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_adjective_ad;
CREATE TRIGGER shield_adjective_ad AFTER DELETE ON shield_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS shield_abstract (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY shield_abstract_word (word),
  CONSTRAINT shield_abstract_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT shield_abstract_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT shield_abstract_chk_weight CHECK (weight >= 1),
  CONSTRAINT shield_abstract_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS shield_abstract_ai;
CREATE TRIGGER shield_abstract_ai AFTER INSERT ON shield_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_abstract_au;
CREATE TRIGGER shield_abstract_au AFTER UPDATE ON shield_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS shield_abstract_ad;
CREATE TRIGGER shield_abstract_ad AFTER DELETE ON shield_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

-- trinket

CREATE TABLE IF NOT EXISTS trinket_element (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_element_word (word),
  CONSTRAINT trinket_element_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_element_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_element_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_element_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_element_ai;
CREATE TRIGGER trinket_element_ai AFTER INSERT ON trinket_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_element_au;
CREATE TRIGGER trinket_element_au AFTER UPDATE ON trinket_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_element_ad;
CREATE TRIGGER trinket_element_ad AFTER DELETE ON trinket_element FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS trinket_prefix (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_prefix_word (word),
  CONSTRAINT trinket_prefix_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_prefix_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_prefix_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_prefix_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_prefix_ai;
CREATE TRIGGER trinket_prefix_ai AFTER INSERT ON trinket_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_prefix_au;
CREATE TRIGGER trinket_prefix_au AFTER UPDATE ON trinket_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_prefix_ad;
CREATE TRIGGER trinket_prefix_ad AFTER DELETE ON trinket_prefix FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS trinket_material (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_material_word (word),
  CONSTRAINT trinket_material_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_material_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_material_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT trinket_material_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_material_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_material_ai;
CREATE TRIGGER trinket_material_ai AFTER INSERT ON trinket_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_material_au;
CREATE TRIGGER trinket_material_au AFTER UPDATE ON trinket_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_material_ad;
CREATE TRIGGER trinket_material_ad AFTER DELETE ON trinket_material FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS trinket_type (
  id         INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word       VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  active     TINYINT(1) NOT NULL DEFAULT 1,
  tier       TINYINT NOT NULL,
  slot       VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_type_word (word),
  CONSTRAINT trinket_type_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_type_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_type_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT trinket_type_chk_slot CHECK (slot IN ('finger', 'neck')),
  CONSTRAINT trinket_type_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_type_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_type_ai;
CREATE TRIGGER trinket_type_ai AFTER INSERT ON trinket_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_type_au;
CREATE TRIGGER trinket_type_au AFTER UPDATE ON trinket_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_type_ad;
CREATE TRIGGER trinket_type_ad AFTER DELETE ON trinket_type FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS trinket_adjective (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_adjective_word (word),
  CONSTRAINT trinket_adjective_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_adjective_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_adjective_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_adjective_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_adjective_ai;
CREATE TRIGGER trinket_adjective_ai AFTER INSERT ON trinket_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_adjective_au;
CREATE TRIGGER trinket_adjective_au AFTER UPDATE ON trinket_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_adjective_ad;
CREATE TRIGGER trinket_adjective_ad AFTER DELETE ON trinket_adjective FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;

CREATE TABLE IF NOT EXISTS trinket_abstract (
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
  weight     INT UNSIGNED NOT NULL DEFAULT 1,
  tier_min   TINYINT NULL,
  tier_max   TINYINT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY trinket_abstract_word (word),
  CONSTRAINT trinket_abstract_chk_word CHECK (CHAR_LENGTH(word) > 0 AND CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word))),
  CONSTRAINT trinket_abstract_chk_active CHECK (active IN (0, 1)),
  CONSTRAINT trinket_abstract_chk_weight CHECK (weight >= 1),
  CONSTRAINT trinket_abstract_chk_tier_range CHECK (
    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)
    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)
    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DROP TRIGGER IF EXISTS trinket_abstract_ai;
CREATE TRIGGER trinket_abstract_ai AFTER INSERT ON trinket_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_abstract_au;
CREATE TRIGGER trinket_abstract_au AFTER UPDATE ON trinket_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
DROP TRIGGER IF EXISTS trinket_abstract_ad;
CREATE TRIGGER trinket_abstract_ad AFTER DELETE ON trinket_abstract FOR EACH ROW
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
