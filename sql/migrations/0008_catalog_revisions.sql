-- 0008: catalog revisions (SPEC §6, docs/items.md).
--
-- Every affix row gains added_rev and retired_rev: the row belongs to "the
-- catalog at revision R" when added_rev <= R and (retired_rev IS NULL or
-- retired_rev > R). A row never changes in place once live: an edit retires
-- it (retired_rev = the change set's revision) and adds a new row. A word is
-- unique among the live rows only (live_word: the word while live, NULL once
-- retired), so an edited word can be added again under the same spelling.
--
-- catalog_revision now counts change sets, not rows. A change set (one
-- approval, one edit, one migration) bumps it once inside its transaction
-- and writes that number into every row it adds or retires; the daemon's
-- statements and every later migration do so (see the end of this file for
-- the pattern). The triggers keep a change by hand honest: a row inserted
-- with added_rev = 0 is its own change set, retired_rev = 0 means "retire in
-- a change set of its own", and an UPDATE of anything else, an UPDATE of a
-- retired row, or a DELETE is refused (SQLSTATE 45000).
--
-- Every row live now joins the catalog at one new revision, the baseline.
-- Re-runnable after a partial failure.


ALTER TABLE weapon_element
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE weapon_element DROP INDEX IF EXISTS weapon_element_word;
ALTER TABLE weapon_element ADD UNIQUE KEY IF NOT EXISTS weapon_element_live_word (live_word);
ALTER TABLE weapon_element ADD INDEX IF NOT EXISTS weapon_element_word (word);
DROP TRIGGER IF EXISTS weapon_element_ai;
DROP TRIGGER IF EXISTS weapon_element_au;
DROP TRIGGER IF EXISTS weapon_element_ad;

ALTER TABLE weapon_prefix
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE weapon_prefix DROP INDEX IF EXISTS weapon_prefix_word;
ALTER TABLE weapon_prefix ADD UNIQUE KEY IF NOT EXISTS weapon_prefix_live_word (live_word);
ALTER TABLE weapon_prefix ADD INDEX IF NOT EXISTS weapon_prefix_word (word);
DROP TRIGGER IF EXISTS weapon_prefix_ai;
DROP TRIGGER IF EXISTS weapon_prefix_au;
DROP TRIGGER IF EXISTS weapon_prefix_ad;

ALTER TABLE weapon_type
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE weapon_type DROP INDEX IF EXISTS weapon_type_word;
ALTER TABLE weapon_type ADD UNIQUE KEY IF NOT EXISTS weapon_type_live_word (live_word);
ALTER TABLE weapon_type ADD INDEX IF NOT EXISTS weapon_type_word (word);
DROP TRIGGER IF EXISTS weapon_type_ai;
DROP TRIGGER IF EXISTS weapon_type_au;
DROP TRIGGER IF EXISTS weapon_type_ad;

ALTER TABLE weapon_adjective
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE weapon_adjective DROP INDEX IF EXISTS weapon_adjective_word;
ALTER TABLE weapon_adjective ADD UNIQUE KEY IF NOT EXISTS weapon_adjective_live_word (live_word);
ALTER TABLE weapon_adjective ADD INDEX IF NOT EXISTS weapon_adjective_word (word);
DROP TRIGGER IF EXISTS weapon_adjective_ai;
DROP TRIGGER IF EXISTS weapon_adjective_au;
DROP TRIGGER IF EXISTS weapon_adjective_ad;

ALTER TABLE weapon_abstract
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE weapon_abstract DROP INDEX IF EXISTS weapon_abstract_word;
ALTER TABLE weapon_abstract ADD UNIQUE KEY IF NOT EXISTS weapon_abstract_live_word (live_word);
ALTER TABLE weapon_abstract ADD INDEX IF NOT EXISTS weapon_abstract_word (word);
DROP TRIGGER IF EXISTS weapon_abstract_ai;
DROP TRIGGER IF EXISTS weapon_abstract_au;
DROP TRIGGER IF EXISTS weapon_abstract_ad;

ALTER TABLE armor_element
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_element DROP INDEX IF EXISTS armor_element_word;
ALTER TABLE armor_element ADD UNIQUE KEY IF NOT EXISTS armor_element_live_word (live_word);
ALTER TABLE armor_element ADD INDEX IF NOT EXISTS armor_element_word (word);
DROP TRIGGER IF EXISTS armor_element_ai;
DROP TRIGGER IF EXISTS armor_element_au;
DROP TRIGGER IF EXISTS armor_element_ad;

ALTER TABLE armor_prefix
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_prefix DROP INDEX IF EXISTS armor_prefix_word;
ALTER TABLE armor_prefix ADD UNIQUE KEY IF NOT EXISTS armor_prefix_live_word (live_word);
ALTER TABLE armor_prefix ADD INDEX IF NOT EXISTS armor_prefix_word (word);
DROP TRIGGER IF EXISTS armor_prefix_ai;
DROP TRIGGER IF EXISTS armor_prefix_au;
DROP TRIGGER IF EXISTS armor_prefix_ad;

ALTER TABLE armor_material
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_material DROP INDEX IF EXISTS armor_material_word;
ALTER TABLE armor_material ADD UNIQUE KEY IF NOT EXISTS armor_material_live_word (live_word);
ALTER TABLE armor_material ADD INDEX IF NOT EXISTS armor_material_word (word);
DROP TRIGGER IF EXISTS armor_material_ai;
DROP TRIGGER IF EXISTS armor_material_au;
DROP TRIGGER IF EXISTS armor_material_ad;

ALTER TABLE armor_type
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_type DROP INDEX IF EXISTS armor_type_word;
ALTER TABLE armor_type ADD UNIQUE KEY IF NOT EXISTS armor_type_live_word (live_word);
ALTER TABLE armor_type ADD INDEX IF NOT EXISTS armor_type_word (word);
DROP TRIGGER IF EXISTS armor_type_ai;
DROP TRIGGER IF EXISTS armor_type_au;
DROP TRIGGER IF EXISTS armor_type_ad;

ALTER TABLE armor_adjective
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_adjective DROP INDEX IF EXISTS armor_adjective_word;
ALTER TABLE armor_adjective ADD UNIQUE KEY IF NOT EXISTS armor_adjective_live_word (live_word);
ALTER TABLE armor_adjective ADD INDEX IF NOT EXISTS armor_adjective_word (word);
DROP TRIGGER IF EXISTS armor_adjective_ai;
DROP TRIGGER IF EXISTS armor_adjective_au;
DROP TRIGGER IF EXISTS armor_adjective_ad;

ALTER TABLE armor_abstract
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE armor_abstract DROP INDEX IF EXISTS armor_abstract_word;
ALTER TABLE armor_abstract ADD UNIQUE KEY IF NOT EXISTS armor_abstract_live_word (live_word);
ALTER TABLE armor_abstract ADD INDEX IF NOT EXISTS armor_abstract_word (word);
DROP TRIGGER IF EXISTS armor_abstract_ai;
DROP TRIGGER IF EXISTS armor_abstract_au;
DROP TRIGGER IF EXISTS armor_abstract_ad;

ALTER TABLE shield_element
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_element DROP INDEX IF EXISTS shield_element_word;
ALTER TABLE shield_element ADD UNIQUE KEY IF NOT EXISTS shield_element_live_word (live_word);
ALTER TABLE shield_element ADD INDEX IF NOT EXISTS shield_element_word (word);
DROP TRIGGER IF EXISTS shield_element_ai;
DROP TRIGGER IF EXISTS shield_element_au;
DROP TRIGGER IF EXISTS shield_element_ad;

ALTER TABLE shield_prefix
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_prefix DROP INDEX IF EXISTS shield_prefix_word;
ALTER TABLE shield_prefix ADD UNIQUE KEY IF NOT EXISTS shield_prefix_live_word (live_word);
ALTER TABLE shield_prefix ADD INDEX IF NOT EXISTS shield_prefix_word (word);
DROP TRIGGER IF EXISTS shield_prefix_ai;
DROP TRIGGER IF EXISTS shield_prefix_au;
DROP TRIGGER IF EXISTS shield_prefix_ad;

ALTER TABLE shield_material
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_material DROP INDEX IF EXISTS shield_material_word;
ALTER TABLE shield_material ADD UNIQUE KEY IF NOT EXISTS shield_material_live_word (live_word);
ALTER TABLE shield_material ADD INDEX IF NOT EXISTS shield_material_word (word);
DROP TRIGGER IF EXISTS shield_material_ai;
DROP TRIGGER IF EXISTS shield_material_au;
DROP TRIGGER IF EXISTS shield_material_ad;

ALTER TABLE shield_type
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_type DROP INDEX IF EXISTS shield_type_word;
ALTER TABLE shield_type ADD UNIQUE KEY IF NOT EXISTS shield_type_live_word (live_word);
ALTER TABLE shield_type ADD INDEX IF NOT EXISTS shield_type_word (word);
DROP TRIGGER IF EXISTS shield_type_ai;
DROP TRIGGER IF EXISTS shield_type_au;
DROP TRIGGER IF EXISTS shield_type_ad;

ALTER TABLE shield_adjective
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_adjective DROP INDEX IF EXISTS shield_adjective_word;
ALTER TABLE shield_adjective ADD UNIQUE KEY IF NOT EXISTS shield_adjective_live_word (live_word);
ALTER TABLE shield_adjective ADD INDEX IF NOT EXISTS shield_adjective_word (word);
DROP TRIGGER IF EXISTS shield_adjective_ai;
DROP TRIGGER IF EXISTS shield_adjective_au;
DROP TRIGGER IF EXISTS shield_adjective_ad;

ALTER TABLE shield_abstract
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE shield_abstract DROP INDEX IF EXISTS shield_abstract_word;
ALTER TABLE shield_abstract ADD UNIQUE KEY IF NOT EXISTS shield_abstract_live_word (live_word);
ALTER TABLE shield_abstract ADD INDEX IF NOT EXISTS shield_abstract_word (word);
DROP TRIGGER IF EXISTS shield_abstract_ai;
DROP TRIGGER IF EXISTS shield_abstract_au;
DROP TRIGGER IF EXISTS shield_abstract_ad;

ALTER TABLE trinket_element
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_element DROP INDEX IF EXISTS trinket_element_word;
ALTER TABLE trinket_element ADD UNIQUE KEY IF NOT EXISTS trinket_element_live_word (live_word);
ALTER TABLE trinket_element ADD INDEX IF NOT EXISTS trinket_element_word (word);
DROP TRIGGER IF EXISTS trinket_element_ai;
DROP TRIGGER IF EXISTS trinket_element_au;
DROP TRIGGER IF EXISTS trinket_element_ad;

ALTER TABLE trinket_prefix
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_prefix DROP INDEX IF EXISTS trinket_prefix_word;
ALTER TABLE trinket_prefix ADD UNIQUE KEY IF NOT EXISTS trinket_prefix_live_word (live_word);
ALTER TABLE trinket_prefix ADD INDEX IF NOT EXISTS trinket_prefix_word (word);
DROP TRIGGER IF EXISTS trinket_prefix_ai;
DROP TRIGGER IF EXISTS trinket_prefix_au;
DROP TRIGGER IF EXISTS trinket_prefix_ad;

ALTER TABLE trinket_material
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_material DROP INDEX IF EXISTS trinket_material_word;
ALTER TABLE trinket_material ADD UNIQUE KEY IF NOT EXISTS trinket_material_live_word (live_word);
ALTER TABLE trinket_material ADD INDEX IF NOT EXISTS trinket_material_word (word);
DROP TRIGGER IF EXISTS trinket_material_ai;
DROP TRIGGER IF EXISTS trinket_material_au;
DROP TRIGGER IF EXISTS trinket_material_ad;

ALTER TABLE trinket_type
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_type DROP INDEX IF EXISTS trinket_type_word;
ALTER TABLE trinket_type ADD UNIQUE KEY IF NOT EXISTS trinket_type_live_word (live_word);
ALTER TABLE trinket_type ADD INDEX IF NOT EXISTS trinket_type_word (word);
DROP TRIGGER IF EXISTS trinket_type_ai;
DROP TRIGGER IF EXISTS trinket_type_au;
DROP TRIGGER IF EXISTS trinket_type_ad;

ALTER TABLE trinket_adjective
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_adjective DROP INDEX IF EXISTS trinket_adjective_word;
ALTER TABLE trinket_adjective ADD UNIQUE KEY IF NOT EXISTS trinket_adjective_live_word (live_word);
ALTER TABLE trinket_adjective ADD INDEX IF NOT EXISTS trinket_adjective_word (word);
DROP TRIGGER IF EXISTS trinket_adjective_ai;
DROP TRIGGER IF EXISTS trinket_adjective_au;
DROP TRIGGER IF EXISTS trinket_adjective_ad;

ALTER TABLE trinket_abstract
  ADD COLUMN IF NOT EXISTS added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN IF NOT EXISTS live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT;
ALTER TABLE trinket_abstract DROP INDEX IF EXISTS trinket_abstract_word;
ALTER TABLE trinket_abstract ADD UNIQUE KEY IF NOT EXISTS trinket_abstract_live_word (live_word);
ALTER TABLE trinket_abstract ADD INDEX IF NOT EXISTS trinket_abstract_word (word);
DROP TRIGGER IF EXISTS trinket_abstract_ai;
DROP TRIGGER IF EXISTS trinket_abstract_au;
DROP TRIGGER IF EXISTS trinket_abstract_ad;

-- The baseline: one change set for every row live before this migration.
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
UPDATE weapon_element SET added_rev = @rev WHERE added_rev = 0;
UPDATE weapon_prefix SET added_rev = @rev WHERE added_rev = 0;
UPDATE weapon_type SET added_rev = @rev WHERE added_rev = 0;
UPDATE weapon_adjective SET added_rev = @rev WHERE added_rev = 0;
UPDATE weapon_abstract SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_element SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_prefix SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_material SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_type SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_adjective SET added_rev = @rev WHERE added_rev = 0;
UPDATE armor_abstract SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_element SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_prefix SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_material SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_type SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_adjective SET added_rev = @rev WHERE added_rev = 0;
UPDATE shield_abstract SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_element SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_prefix SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_material SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_type SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_adjective SET added_rev = @rev WHERE added_rev = 0;
UPDATE trinket_abstract SET added_rev = @rev WHERE added_rev = 0;

DELIMITER //

DROP TRIGGER IF EXISTS weapon_element_bi //
CREATE TRIGGER weapon_element_bi BEFORE INSERT ON weapon_element FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_element: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_element_bu //
CREATE TRIGGER weapon_element_bu BEFORE UPDATE ON weapon_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_element_bd //
CREATE TRIGGER weapon_element_bd BEFORE DELETE ON weapon_element FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_element: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS weapon_prefix_bi //
CREATE TRIGGER weapon_prefix_bi BEFORE INSERT ON weapon_prefix FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_prefix: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_prefix_bu //
CREATE TRIGGER weapon_prefix_bu BEFORE UPDATE ON weapon_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_prefix_bd //
CREATE TRIGGER weapon_prefix_bd BEFORE DELETE ON weapon_prefix FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_prefix: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS weapon_type_bi //
CREATE TRIGGER weapon_type_bi BEFORE INSERT ON weapon_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_type_bu //
CREATE TRIGGER weapon_type_bu BEFORE UPDATE ON weapon_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_type_bd //
CREATE TRIGGER weapon_type_bd BEFORE DELETE ON weapon_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS weapon_adjective_bi //
CREATE TRIGGER weapon_adjective_bi BEFORE INSERT ON weapon_adjective FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_adjective: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_adjective_bu //
CREATE TRIGGER weapon_adjective_bu BEFORE UPDATE ON weapon_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_adjective_bd //
CREATE TRIGGER weapon_adjective_bd BEFORE DELETE ON weapon_adjective FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_adjective: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS weapon_abstract_bi //
CREATE TRIGGER weapon_abstract_bi BEFORE INSERT ON weapon_abstract FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_abstract: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_abstract_bu //
CREATE TRIGGER weapon_abstract_bu BEFORE UPDATE ON weapon_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS weapon_abstract_bd //
CREATE TRIGGER weapon_abstract_bd BEFORE DELETE ON weapon_abstract FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_abstract: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_element_bi //
CREATE TRIGGER armor_element_bi BEFORE INSERT ON armor_element FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_element: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_element_bu //
CREATE TRIGGER armor_element_bu BEFORE UPDATE ON armor_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_element_bd //
CREATE TRIGGER armor_element_bd BEFORE DELETE ON armor_element FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_element: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_prefix_bi //
CREATE TRIGGER armor_prefix_bi BEFORE INSERT ON armor_prefix FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_prefix: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_prefix_bu //
CREATE TRIGGER armor_prefix_bu BEFORE UPDATE ON armor_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_prefix_bd //
CREATE TRIGGER armor_prefix_bd BEFORE DELETE ON armor_prefix FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_prefix: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_material_bi //
CREATE TRIGGER armor_material_bi BEFORE INSERT ON armor_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_material_bu //
CREATE TRIGGER armor_material_bu BEFORE UPDATE ON armor_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_material_bd //
CREATE TRIGGER armor_material_bd BEFORE DELETE ON armor_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_type_bi //
CREATE TRIGGER armor_type_bi BEFORE INSERT ON armor_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_type_bu //
CREATE TRIGGER armor_type_bu BEFORE UPDATE ON armor_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_type_bd //
CREATE TRIGGER armor_type_bd BEFORE DELETE ON armor_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_adjective_bi //
CREATE TRIGGER armor_adjective_bi BEFORE INSERT ON armor_adjective FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_adjective: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_adjective_bu //
CREATE TRIGGER armor_adjective_bu BEFORE UPDATE ON armor_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_adjective_bd //
CREATE TRIGGER armor_adjective_bd BEFORE DELETE ON armor_adjective FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_adjective: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS armor_abstract_bi //
CREATE TRIGGER armor_abstract_bi BEFORE INSERT ON armor_abstract FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_abstract: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_abstract_bu //
CREATE TRIGGER armor_abstract_bu BEFORE UPDATE ON armor_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS armor_abstract_bd //
CREATE TRIGGER armor_abstract_bd BEFORE DELETE ON armor_abstract FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_abstract: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_element_bi //
CREATE TRIGGER shield_element_bi BEFORE INSERT ON shield_element FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_element: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_element_bu //
CREATE TRIGGER shield_element_bu BEFORE UPDATE ON shield_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_element_bd //
CREATE TRIGGER shield_element_bd BEFORE DELETE ON shield_element FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_element: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_prefix_bi //
CREATE TRIGGER shield_prefix_bi BEFORE INSERT ON shield_prefix FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_prefix: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_prefix_bu //
CREATE TRIGGER shield_prefix_bu BEFORE UPDATE ON shield_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_prefix_bd //
CREATE TRIGGER shield_prefix_bd BEFORE DELETE ON shield_prefix FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_prefix: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_material_bi //
CREATE TRIGGER shield_material_bi BEFORE INSERT ON shield_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_material_bu //
CREATE TRIGGER shield_material_bu BEFORE UPDATE ON shield_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_material_bd //
CREATE TRIGGER shield_material_bd BEFORE DELETE ON shield_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_type_bi //
CREATE TRIGGER shield_type_bi BEFORE INSERT ON shield_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_type_bu //
CREATE TRIGGER shield_type_bu BEFORE UPDATE ON shield_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_type_bd //
CREATE TRIGGER shield_type_bd BEFORE DELETE ON shield_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_adjective_bi //
CREATE TRIGGER shield_adjective_bi BEFORE INSERT ON shield_adjective FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_adjective: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_adjective_bu //
CREATE TRIGGER shield_adjective_bu BEFORE UPDATE ON shield_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_adjective_bd //
CREATE TRIGGER shield_adjective_bd BEFORE DELETE ON shield_adjective FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_adjective: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS shield_abstract_bi //
CREATE TRIGGER shield_abstract_bi BEFORE INSERT ON shield_abstract FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_abstract: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_abstract_bu //
CREATE TRIGGER shield_abstract_bu BEFORE UPDATE ON shield_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS shield_abstract_bd //
CREATE TRIGGER shield_abstract_bd BEFORE DELETE ON shield_abstract FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_abstract: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_element_bi //
CREATE TRIGGER trinket_element_bi BEFORE INSERT ON trinket_element FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_element: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_element_bu //
CREATE TRIGGER trinket_element_bu BEFORE UPDATE ON trinket_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_element_bd //
CREATE TRIGGER trinket_element_bd BEFORE DELETE ON trinket_element FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_element: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_prefix_bi //
CREATE TRIGGER trinket_prefix_bi BEFORE INSERT ON trinket_prefix FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_prefix: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_prefix_bu //
CREATE TRIGGER trinket_prefix_bu BEFORE UPDATE ON trinket_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_prefix_bd //
CREATE TRIGGER trinket_prefix_bd BEFORE DELETE ON trinket_prefix FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_prefix: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_material_bi //
CREATE TRIGGER trinket_material_bi BEFORE INSERT ON trinket_material FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_material: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_material_bu //
CREATE TRIGGER trinket_material_bu BEFORE UPDATE ON trinket_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_material_bd //
CREATE TRIGGER trinket_material_bd BEFORE DELETE ON trinket_material FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_material: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_type_bi //
CREATE TRIGGER trinket_type_bi BEFORE INSERT ON trinket_type FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_type: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_type_bu //
CREATE TRIGGER trinket_type_bu BEFORE UPDATE ON trinket_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_type_bd //
CREATE TRIGGER trinket_type_bd BEFORE DELETE ON trinket_type FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_type: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_adjective_bi //
CREATE TRIGGER trinket_adjective_bi BEFORE INSERT ON trinket_adjective FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_adjective: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_adjective_bu //
CREATE TRIGGER trinket_adjective_bu BEFORE UPDATE ON trinket_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_adjective_bd //
CREATE TRIGGER trinket_adjective_bd BEFORE DELETE ON trinket_adjective FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_adjective: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS trinket_abstract_bi //
CREATE TRIGGER trinket_abstract_bi BEFORE INSERT ON trinket_abstract FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_abstract: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_abstract_bu //
CREATE TRIGGER trinket_abstract_bu BEFORE UPDATE ON trinket_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS trinket_abstract_bd //
CREATE TRIGGER trinket_abstract_bd BEFORE DELETE ON trinket_abstract FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_abstract: rows are never deleted; retire the row instead' //

DELIMITER ;

-- A later migration that edits a shipped row writes one change set:
--
--   UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
--   SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
--   UPDATE weapon_prefix SET retired_rev = @rev WHERE live_word = 'rusty';
--   INSERT INTO weapon_prefix (word, active, attack, ..., added_rev)
--     VALUES ('rusty', 1, -3, ..., @rev);
