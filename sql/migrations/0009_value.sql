-- 0009: value (SPEC §7, docs/items.md).
--
-- Every base row (the type tables) gains `value`, whole gold pieces; every
-- other part row gains `value_mult`, hundredths (100 = x1.00, 60 cheapens,
-- 180 raises). An item's price is the base value times every landed part's
-- value_mult, the plus factor and the condition factor (value.c).
--
-- A column added to every row is a change of the schema, not an edit of a
-- row: the numbers are set in place, once, before any item has a value, and
-- the triggers of 0008 are made again to hold the new column too (from here
-- on a value is changed like any other column: retire the row, add a new one).
--
-- The shipped numbers follow the rows' own stats, so that they stay sensible
-- for every word: a base costs by its tier (10, 30, 80, 200, 500, 1200 gp)
-- plus 3 gp a point of attack, defense and magic; a part costs x1.00 plus
-- x0.12 a stat point (negative points cheapen), within x0.40..x4.00; a few
-- words named in SPEC §7 are set as it says (rusty 60, crude 70, runed 180).
-- Proposals carry value / value_mult within the same bounds (proposal.c).

DROP TRIGGER IF EXISTS weapon_element_bu;
ALTER TABLE weapon_element ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE weapon_element SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS weapon_prefix_bu;
ALTER TABLE weapon_prefix ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE weapon_prefix SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS weapon_type_bu;
ALTER TABLE weapon_type ADD COLUMN IF NOT EXISTS value INT UNSIGNED NOT NULL DEFAULT 1 CHECK (value BETWEEN 1 AND 1000000);
UPDATE weapon_type SET value = CASE tier WHEN 1 THEN 10 WHEN 2 THEN 30 WHEN 3 THEN 80 WHEN 4 THEN 200
  WHEN 5 THEN 500 ELSE 1200 END + 3 * GREATEST(attack + defense + magic, 0);
DROP TRIGGER IF EXISTS weapon_adjective_bu;
ALTER TABLE weapon_adjective ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE weapon_adjective SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS weapon_abstract_bu;
ALTER TABLE weapon_abstract ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE weapon_abstract SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS armor_element_bu;
ALTER TABLE armor_element ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE armor_element SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS armor_prefix_bu;
ALTER TABLE armor_prefix ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE armor_prefix SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS armor_material_bu;
ALTER TABLE armor_material ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE armor_material SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS armor_type_bu;
ALTER TABLE armor_type ADD COLUMN IF NOT EXISTS value INT UNSIGNED NOT NULL DEFAULT 1 CHECK (value BETWEEN 1 AND 1000000);
UPDATE armor_type SET value = CASE tier WHEN 1 THEN 10 WHEN 2 THEN 30 WHEN 3 THEN 80 WHEN 4 THEN 200
  WHEN 5 THEN 500 ELSE 1200 END + 3 * GREATEST(attack + defense + magic, 0);
DROP TRIGGER IF EXISTS armor_adjective_bu;
ALTER TABLE armor_adjective ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE armor_adjective SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS armor_abstract_bu;
ALTER TABLE armor_abstract ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE armor_abstract SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS shield_element_bu;
ALTER TABLE shield_element ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE shield_element SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS shield_prefix_bu;
ALTER TABLE shield_prefix ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE shield_prefix SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS shield_material_bu;
ALTER TABLE shield_material ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE shield_material SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS shield_type_bu;
ALTER TABLE shield_type ADD COLUMN IF NOT EXISTS value INT UNSIGNED NOT NULL DEFAULT 1 CHECK (value BETWEEN 1 AND 1000000);
UPDATE shield_type SET value = CASE tier WHEN 1 THEN 10 WHEN 2 THEN 30 WHEN 3 THEN 80 WHEN 4 THEN 200
  WHEN 5 THEN 500 ELSE 1200 END + 3 * GREATEST(attack + defense + magic, 0);
DROP TRIGGER IF EXISTS shield_adjective_bu;
ALTER TABLE shield_adjective ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE shield_adjective SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS shield_abstract_bu;
ALTER TABLE shield_abstract ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE shield_abstract SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS trinket_element_bu;
ALTER TABLE trinket_element ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE trinket_element SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS trinket_prefix_bu;
ALTER TABLE trinket_prefix ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE trinket_prefix SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS trinket_material_bu;
ALTER TABLE trinket_material ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE trinket_material SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS trinket_type_bu;
ALTER TABLE trinket_type ADD COLUMN IF NOT EXISTS value INT UNSIGNED NOT NULL DEFAULT 1 CHECK (value BETWEEN 1 AND 1000000);
UPDATE trinket_type SET value = CASE tier WHEN 1 THEN 10 WHEN 2 THEN 30 WHEN 3 THEN 80 WHEN 4 THEN 200
  WHEN 5 THEN 500 ELSE 1200 END + 3 * GREATEST(attack + defense + magic, 0);
DROP TRIGGER IF EXISTS trinket_adjective_bu;
ALTER TABLE trinket_adjective ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE trinket_adjective SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;
DROP TRIGGER IF EXISTS trinket_abstract_bu;
ALTER TABLE trinket_abstract ADD COLUMN IF NOT EXISTS value_mult SMALLINT UNSIGNED NOT NULL DEFAULT 100 CHECK (value_mult BETWEEN 40 AND 400);
UPDATE trinket_abstract SET value_mult = CASE word WHEN 'rusty' THEN 60 WHEN 'crude' THEN 70
  WHEN 'runed' THEN 180 ELSE LEAST(400, GREATEST(40, 100 + 12 * (attack + defense + magic + flaming + freezing + shocking + holy + evil + sneak + crit))) END;

DELIMITER //

DROP TRIGGER IF EXISTS weapon_element_bu //
CREATE TRIGGER weapon_element_bu BEFORE UPDATE ON weapon_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS weapon_prefix_bu //
CREATE TRIGGER weapon_prefix_bu BEFORE UPDATE ON weapon_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS weapon_type_bu //
CREATE TRIGGER weapon_type_bu BEFORE UPDATE ON weapon_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS weapon_adjective_bu //
CREATE TRIGGER weapon_adjective_bu BEFORE UPDATE ON weapon_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS weapon_abstract_bu //
CREATE TRIGGER weapon_abstract_bu BEFORE UPDATE ON weapon_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'weapon_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_element_bu //
CREATE TRIGGER armor_element_bu BEFORE UPDATE ON armor_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_prefix_bu //
CREATE TRIGGER armor_prefix_bu BEFORE UPDATE ON armor_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_material_bu //
CREATE TRIGGER armor_material_bu BEFORE UPDATE ON armor_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_type_bu //
CREATE TRIGGER armor_type_bu BEFORE UPDATE ON armor_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_adjective_bu //
CREATE TRIGGER armor_adjective_bu BEFORE UPDATE ON armor_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS armor_abstract_bu //
CREATE TRIGGER armor_abstract_bu BEFORE UPDATE ON armor_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'armor_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_element_bu //
CREATE TRIGGER shield_element_bu BEFORE UPDATE ON shield_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_prefix_bu //
CREATE TRIGGER shield_prefix_bu BEFORE UPDATE ON shield_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_material_bu //
CREATE TRIGGER shield_material_bu BEFORE UPDATE ON shield_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_type_bu //
CREATE TRIGGER shield_type_bu BEFORE UPDATE ON shield_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_adjective_bu //
CREATE TRIGGER shield_adjective_bu BEFORE UPDATE ON shield_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS shield_abstract_bu //
CREATE TRIGGER shield_abstract_bu BEFORE UPDATE ON shield_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'shield_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_element_bu //
CREATE TRIGGER trinket_element_bu BEFORE UPDATE ON trinket_element FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_element: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_prefix_bu //
CREATE TRIGGER trinket_prefix_bu BEFORE UPDATE ON trinket_prefix FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_prefix: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_material_bu //
CREATE TRIGGER trinket_material_bu BEFORE UPDATE ON trinket_material FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_material: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_type_bu //
CREATE TRIGGER trinket_type_bu BEFORE UPDATE ON trinket_type FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.tier <=> NEW.tier AND OLD.slot <=> NEW.slot AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value <=> NEW.value) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_type: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_adjective_bu //
CREATE TRIGGER trinket_adjective_bu BEFORE UPDATE ON trinket_adjective FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_adjective: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DROP TRIGGER IF EXISTS trinket_abstract_bu //
CREATE TRIGGER trinket_abstract_bu BEFORE UPDATE ON trinket_abstract FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.active <=> NEW.active AND OLD.hands <=> NEW.hands AND OLD.multiplier <=> NEW.multiplier AND OLD.attack <=> NEW.attack AND OLD.defense <=> NEW.defense AND OLD.magic <=> NEW.magic AND OLD.flaming <=> NEW.flaming AND OLD.freezing <=> NEW.freezing AND OLD.shocking <=> NEW.shocking AND OLD.holy <=> NEW.holy AND OLD.evil <=> NEW.evil AND OLD.sneak <=> NEW.sneak AND OLD.crit <=> NEW.crit AND OLD.weight <=> NEW.weight AND OLD.tier_min <=> NEW.tier_min AND OLD.tier_max <=> NEW.tier_max AND OLD.added_rev <=> NEW.added_rev AND OLD.value_mult <=> NEW.value_mult) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'trinket_abstract: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //

DELIMITER ;
