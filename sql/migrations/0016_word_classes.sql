-- 0016: items that make sense (SPEC §12, docs/recipes.md "Word classes").
-- Written by sql/data/classes_sql.py from sql/data/word_classes.tsv and
-- sql/data/scroll_names.txt: edit those and run it again, not this file.
--
-- word_class        a class of one word of one table: a material's class
--                   (soft, leather, mail, rigid, wood, bone, metal, gem), a
--                   class a base type accepts (one row each), or `worse` on a
--                   prefix (never on a masterwork item). Keyed by the word, so
--                   an edit of the word (a new row) keeps its classes. Revision
--                   rules as markov_name (0012): added_rev / retired_rev, never
--                   changed in place, never deleted. A kind whose catalog at R
--                   holds no material or type class draws its bases as before
--                   the classes (so every revision before this one, and
--                   weapons, roll exactly as they did).
-- catalog_setting   numbers of the catalog that are not words, revisioned the
--                   same way: the name chain's order and shortest name.
--                   Absent (every revision before this one): order 3, 4
--                   letters, as before.
-- submission        gains `classes`: a proposed material's class or the
--                   classes a proposed type accepts, space-separated; the
--                   approval adds a word_class row for each.
-- markov_name       the old training names are retired and a new set added
--                   (no three vowels in a row, consonant clusters only as in
--                   the set), so the scrolls of this revision read as names;
--                   older revisions keep their chain and so their names.
--
-- All of it is one change set.

CREATE TABLE IF NOT EXISTS word_class (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  kind        VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  part        VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  class       VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_key    VARCHAR(120) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, CONCAT(kind, '|', part, '|', class, '|', word), NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY word_class_live_key (live_key),
  KEY word_class_word (kind, part, word),
  CONSTRAINT word_class_chk_class CHECK (class REGEXP '^[a-z]{1,16}$')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS catalog_setting (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name        VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  value       BIGINT NOT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_name   VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin
    AS (IF(retired_rev IS NULL, name, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY catalog_setting_live_name (live_name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE submission ADD COLUMN IF NOT EXISTS classes
  VARCHAR(136) CHARACTER SET ascii COLLATE ascii_bin NULL;

DELIMITER //
DROP TRIGGER IF EXISTS word_class_bi //
CREATE TRIGGER word_class_bi BEFORE INSERT ON word_class FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'word_class: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS word_class_bu //
CREATE TRIGGER word_class_bu BEFORE UPDATE ON word_class FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.kind <=> NEW.kind AND OLD.part <=> NEW.part AND OLD.word <=> NEW.word AND OLD.class <=> NEW.class AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'word_class: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS word_class_bd //
CREATE TRIGGER word_class_bd BEFORE DELETE ON word_class FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'word_class: rows are never deleted; retire the row instead' //
DROP TRIGGER IF EXISTS catalog_setting_bi //
CREATE TRIGGER catalog_setting_bi BEFORE INSERT ON catalog_setting FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'catalog_setting: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS catalog_setting_bu //
CREATE TRIGGER catalog_setting_bu BEFORE UPDATE ON catalog_setting FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.name <=> NEW.name AND OLD.value <=> NEW.value AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'catalog_setting: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS catalog_setting_bd //
CREATE TRIGGER catalog_setting_bd BEFORE DELETE ON catalog_setting FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'catalog_setting: rows are never deleted; retire the row instead' //
DELIMITER ;

-- One change set, skipped when it ran before (the settings are its mark).
SET @done = (SELECT COUNT(*) FROM catalog_setting WHERE name = 'name_chain_order');
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1 AND @done = 0;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);

INSERT INTO word_class (kind, part, word, class, added_rev)
SELECT * FROM (
  SELECT 'armor' AS k, 'material' AS p, 'cloth' AS w, 'soft' AS c, 0 AS r FROM DUAL WHERE 0
  UNION ALL SELECT 'armor', 'material', 'cloth', 'soft', @rev
  UNION ALL SELECT 'armor', 'material', 'wool', 'soft', @rev
  UNION ALL SELECT 'armor', 'material', 'spidersilk', 'soft', @rev
  UNION ALL SELECT 'armor', 'material', 'voidweave', 'soft', @rev
  UNION ALL SELECT 'armor', 'material', 'hide', 'leather', @rev
  UNION ALL SELECT 'armor', 'material', 'leather', 'leather', @rev
  UNION ALL SELECT 'armor', 'material', 'studded leather', 'leather', @rev
  UNION ALL SELECT 'armor', 'material', 'chain', 'mail', @rev
  UNION ALL SELECT 'armor', 'material', 'scale', 'mail', @rev
  UNION ALL SELECT 'armor', 'material', 'dragonscale', 'mail', @rev
  UNION ALL SELECT 'armor', 'material', 'bronze', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'iron', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'steel', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'mithril', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'runesteel', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'adamant', 'rigid', @rev
  UNION ALL SELECT 'armor', 'material', 'bone', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'hood', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'hood', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'hood', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'cap', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'cap', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'coif', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'coif', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'coif', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'skullcap', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'skullcap', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'skullcap', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'pot helm', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'helm', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'helm', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'bascinet', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'sallet', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'circlet', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'circlet', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'great helm', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'armet', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'crowned helm', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'tunic', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'tunic', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'jerkin', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'jerkin', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'robe', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'arming coat', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'gambeson', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'cuirass', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'cuirass', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'cuirass', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'brigandine', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'brigandine', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'hauberk', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'breastplate', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'breastplate', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'lamellar coat', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'lamellar coat', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'lamellar coat', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'vestments', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'half plate', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'plate harness', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'mantle', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'mantle', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'full plate', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'battle raiment', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'battle raiment', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'battle raiment', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'gloves', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'gloves', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'wraps', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'wraps', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'mitts', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'mitts', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'bracers', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'bracers', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'bracers', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'vambraces', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'vambraces', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'vambraces', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'gauntlets', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'gauntlets', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'gauntlets', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'hourglass gauntlets', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'sorcerer''s gloves', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'sorcerer''s gloves', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'gadling gauntlets', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'warlord''s grips', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'warlord''s grips', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'warlord''s grips', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'trousers', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'trousers', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'breeches', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'breeches', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'leggings', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'leggings', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'leggings', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'chausses', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'chausses', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'cuisses', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'cuisses', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'cuisses', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'tassets', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'tassets', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'tassets', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'greaves', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'greaves', 'bone', @rev
  UNION ALL SELECT 'armor', 'type', 'full greaves', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'colossus greaves', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'sandals', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'shoes', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'shoes', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'boots', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'buskins', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'buskins', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'jackboots', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'sollerets', 'mail', @rev
  UNION ALL SELECT 'armor', 'type', 'sollerets', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'sabatons', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'greatboots', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'greatboots', 'rigid', @rev
  UNION ALL SELECT 'armor', 'type', 'striders', 'soft', @rev
  UNION ALL SELECT 'armor', 'type', 'striders', 'leather', @rev
  UNION ALL SELECT 'armor', 'type', 'striders', 'mail', @rev
  UNION ALL SELECT 'armor', 'prefix', 'dented', 'worse', @rev
  UNION ALL SELECT 'armor', 'prefix', 'patched', 'worse', @rev
  UNION ALL SELECT 'armor', 'prefix', 'threadbare', 'worse', @rev
  UNION ALL SELECT 'armor', 'prefix', 'battered', 'worse', @rev
  UNION ALL SELECT 'armor', 'prefix', 'moth-eaten', 'worse', @rev
  UNION ALL SELECT 'shield', 'material', 'wicker', 'wood', @rev
  UNION ALL SELECT 'shield', 'material', 'wood', 'wood', @rev
  UNION ALL SELECT 'shield', 'material', 'oak', 'wood', @rev
  UNION ALL SELECT 'shield', 'material', 'darkwood', 'wood', @rev
  UNION ALL SELECT 'shield', 'material', 'ironwood', 'wood', @rev
  UNION ALL SELECT 'shield', 'material', 'hide', 'leather', @rev
  UNION ALL SELECT 'shield', 'material', 'bronze', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'iron', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'steel', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'mithril', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'runesteel', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'adamant', 'rigid', @rev
  UNION ALL SELECT 'shield', 'material', 'bone', 'bone', @rev
  UNION ALL SELECT 'shield', 'material', 'dragonbone', 'bone', @rev
  UNION ALL SELECT 'shield', 'type', 'buckler', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'buckler', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'fist shield', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'fist shield', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'parma', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'parma', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'parma', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'pot lid', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'targe', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'targe', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'targe', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'round shield', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'round shield', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'round shield', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'round shield', 'bone', @rev
  UNION ALL SELECT 'shield', 'type', 'spiked buckler', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'spiked buckler', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'heater', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'heater', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'heater', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'hoplon', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'hoplon', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'scutum', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'scutum', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'scutum', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'duelling buckler', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'kite shield', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'kite shield', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'kite shield', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'rondache', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'rondache', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'spiked targe', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'spiked targe', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'spiked targe', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'tower shield', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'tower shield', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'pavise', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'pavise', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'mantlet', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'mantlet', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'aegis', 'leather', @rev
  UNION ALL SELECT 'shield', 'type', 'aegis', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'aegis', 'bone', @rev
  UNION ALL SELECT 'shield', 'type', 'great pavise', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'great pavise', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'thornwall', 'wood', @rev
  UNION ALL SELECT 'shield', 'type', 'thornwall', 'rigid', @rev
  UNION ALL SELECT 'shield', 'type', 'thornwall', 'bone', @rev
  UNION ALL SELECT 'shield', 'prefix', 'dented', 'worse', @rev
  UNION ALL SELECT 'shield', 'prefix', 'cracked', 'worse', @rev
  UNION ALL SELECT 'shield', 'prefix', 'warped', 'worse', @rev
  UNION ALL SELECT 'shield', 'prefix', 'weathered', 'worse', @rev
  UNION ALL SELECT 'shield', 'prefix', 'splintered', 'worse', @rev
  UNION ALL SELECT 'trinket', 'material', 'copper', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'brass', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'silver', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'gold', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'electrum', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'star-iron', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'mithril', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'orichalcum', 'metal', @rev
  UNION ALL SELECT 'trinket', 'material', 'amber', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'jade', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'coral', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'moonstone', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'obsidian', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'sunstone', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'voidglass', 'gem', @rev
  UNION ALL SELECT 'trinket', 'material', 'bone', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'ring', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'ring', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'band', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'band', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'loop', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'loop', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'signet', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'thumb ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'thumb ring', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'thumb ring', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'double band', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'seal ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'cabochon ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'cabochon ring', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'puzzle ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'spellring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'spellring', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'sigil ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'archon ring', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'archon ring', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'eternity band', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'bead', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'bead', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'bead', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'charm', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'charm', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'charm', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'token', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'token', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'token', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'pendant', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'pendant', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'pendant', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'locket', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'amulet', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'amulet', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'amulet', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'torc', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'medallion', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'talisman', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'talisman', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'talisman', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'periapt', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'periapt', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'periapt', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'reliquary', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'phylactery', 'metal', @rev
  UNION ALL SELECT 'trinket', 'type', 'phylactery', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'phylactery', 'bone', @rev
  UNION ALL SELECT 'trinket', 'type', 'heartstone', 'gem', @rev
  UNION ALL SELECT 'trinket', 'type', 'great torc', 'metal', @rev
  UNION ALL SELECT 'trinket', 'prefix', 'tarnished', 'worse', @rev
  UNION ALL SELECT 'trinket', 'prefix', 'worn', 'worse', @rev
  UNION ALL SELECT 'wand', 'material', 'willow', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'hazel', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'birch', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'yew', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'ash', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'ebony', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'moonwood', 'wood', @rev
  UNION ALL SELECT 'wand', 'material', 'bone', 'bone', @rev
  UNION ALL SELECT 'wand', 'material', 'ivory', 'bone', @rev
  UNION ALL SELECT 'wand', 'material', 'dragonbone', 'bone', @rev
  UNION ALL SELECT 'wand', 'material', 'copper', 'metal', @rev
  UNION ALL SELECT 'wand', 'material', 'silver', 'metal', @rev
  UNION ALL SELECT 'wand', 'material', 'starmetal', 'metal', @rev
  UNION ALL SELECT 'wand', 'material', 'coral', 'gem', @rev
  UNION ALL SELECT 'wand', 'material', 'obsidian', 'gem', @rev
  UNION ALL SELECT 'wand', 'material', 'crystal', 'gem', @rev
  UNION ALL SELECT 'wand', 'material', 'voidglass', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'twig', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'switch', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'wand', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'wand', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'wand', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'wand', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'baton', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'baton', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'baton', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'rod', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'rod', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'rod', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'rod', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'focus', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'focus', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'focus', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'focus', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'sceptre', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'sceptre', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'sceptre', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'sceptre', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'caduceus', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'caduceus', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'conduit', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'conduit', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'verge', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'verge', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'star sceptre', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'star sceptre', 'gem', @rev
  UNION ALL SELECT 'wand', 'type', 'world-rod', 'wood', @rev
  UNION ALL SELECT 'wand', 'type', 'world-rod', 'bone', @rev
  UNION ALL SELECT 'wand', 'type', 'world-rod', 'metal', @rev
  UNION ALL SELECT 'wand', 'type', 'world-rod', 'gem', @rev
  UNION ALL SELECT 'wand', 'prefix', 'cracked', 'worse', @rev
  UNION ALL SELECT 'wand', 'prefix', 'crooked', 'worse', @rev
) AS t WHERE @done = 0;

INSERT INTO catalog_setting (name, value, added_rev) SELECT 'name_chain_order', 2, @rev FROM DUAL WHERE @done = 0;
INSERT INTO catalog_setting (name, value, added_rev) SELECT 'name_letters_min', 7, @rev FROM DUAL WHERE @done = 0;

UPDATE markov_name SET retired_rev = @rev WHERE retired_rev IS NULL AND @done = 0;
INSERT INTO markov_name (name, added_rev)
SELECT * FROM (
  SELECT 'x' AS n, 0 AS r FROM DUAL WHERE 0
  UNION ALL SELECT 'Acecora', @rev
  UNION ALL SELECT 'Acenano', @rev
  UNION ALL SELECT 'Aclutano', @rev
  UNION ALL SELECT 'Adusor', @rev
  UNION ALL SELECT 'Afederin', @rev
  UNION ALL SELECT 'Afehan', @rev
  UNION ALL SELECT 'Afemujira', @rev
  UNION ALL SELECT 'Aguvina', @rev
  UNION ALL SELECT 'Ahehund', @rev
  UNION ALL SELECT 'Ahund', @rev
  UNION ALL SELECT 'Ajitiran', @rev
  UNION ALL SELECT 'Akhubeshar', @rev
  UNION ALL SELECT 'Alarenar', @rev
  UNION ALL SELECT 'Alodia', @rev
  UNION ALL SELECT 'Alofar', @rev
  UNION ALL SELECT 'Amebat', @rev
  UNION ALL SELECT 'Amevivith', @rev
  UNION ALL SELECT 'Aminix', @rev
  UNION ALL SELECT 'Anahan', @rev
  UNION ALL SELECT 'Anajis', @rev
  UNION ALL SELECT 'Animador', @rev
  UNION ALL SELECT 'Aresomir', @rev
  UNION ALL SELECT 'Arul', @rev
  UNION ALL SELECT 'Arustogrim', @rev
  UNION ALL SELECT 'Aseninis', @rev
  UNION ALL SELECT 'Ashadazami', @rev
  UNION ALL SELECT 'Asimad', @rev
  UNION ALL SELECT 'Asimasanar', @rev
  UNION ALL SELECT 'Askarn', @rev
  UNION ALL SELECT 'Asterik', @rev
  UNION ALL SELECT 'Astirn', @rev
  UNION ALL SELECT 'Astumar', @rev
  UNION ALL SELECT 'Asusumez', @rev
  UNION ALL SELECT 'Ataflix', @rev
  UNION ALL SELECT 'Athadrand', @rev
  UNION ALL SELECT 'Atoflio', @rev
  UNION ALL SELECT 'Avalir', @rev
  UNION ALL SELECT 'Avasora', @rev
  UNION ALL SELECT 'Avilosir', @rev
  UNION ALL SELECT 'Azamad', @rev
  UNION ALL SELECT 'Bamar', @rev
  UNION ALL SELECT 'Bashul', @rev
  UNION ALL SELECT 'Baskem', @rev
  UNION ALL SELECT 'Bedan', @rev
  UNION ALL SELECT 'Befim', @rev
  UNION ALL SELECT 'Bethak', @rev
  UNION ALL SELECT 'Bihubad', @rev
  UNION ALL SELECT 'Bond', @rev
  UNION ALL SELECT 'Bradren', @rev
  UNION ALL SELECT 'Brakarn', @rev
  UNION ALL SELECT 'Brar', @rev
  UNION ALL SELECT 'Bravik', @rev
  UNION ALL SELECT 'Brethid', @rev
  UNION ALL SELECT 'Brevik', @rev
  UNION ALL SELECT 'Bridern', @rev
  UNION ALL SELECT 'Brind', @rev
  UNION ALL SELECT 'Bririvik', @rev
  UNION ALL SELECT 'Brirn', @rev
  UNION ALL SELECT 'Brobror', @rev
  UNION ALL SELECT 'Broskend', @rev
  UNION ALL SELECT 'Brukubold', @rev
  UNION ALL SELECT 'Brurulf', @rev
  UNION ALL SELECT 'Brurun', @rev
  UNION ALL SELECT 'Bubud', @rev
  UNION ALL SELECT 'Budron', @rev
  UNION ALL SELECT 'Bugrim', @rev
  UNION ALL SELECT 'Bulf', @rev
  UNION ALL SELECT 'Bunajat', @rev
  UNION ALL SELECT 'Burik', @rev
  UNION ALL SELECT 'Bushedesh', @rev
  UNION ALL SELECT 'Cacoren', @rev
  UNION ALL SELECT 'Calicir', @rev
  UNION ALL SELECT 'Capel', @rev
  UNION ALL SELECT 'Ceclus', @rev
  UNION ALL SELECT 'Cecomir', @rev
  UNION ALL SELECT 'Cegens', @rev
  UNION ALL SELECT 'Ceninel', @rev
  UNION ALL SELECT 'Cesidor', @rev
  UNION ALL SELECT 'Cethith', @rev
  UNION ALL SELECT 'Cinus', @rev
  UNION ALL SELECT 'Cirian', @rev
  UNION ALL SELECT 'Cisax', @rev
  UNION ALL SELECT 'Clarel', @rev
  UNION ALL SELECT 'Clasens', @rev
  UNION ALL SELECT 'Clavax', @rev
  UNION ALL SELECT 'Clecina', @rev
  UNION ALL SELECT 'Clidina', @rev
  UNION ALL SELECT 'Clidor', @rev
  UNION ALL SELECT 'Clipius', @rev
  UNION ALL SELECT 'Clitano', @rev
  UNION ALL SELECT 'Clodens', @rev
  UNION ALL SELECT 'Clopano', @rev
  UNION ALL SELECT 'Clopora', @rev
  UNION ALL SELECT 'Clotora', @rev
  UNION ALL SELECT 'Clunora', @rev
  UNION ALL SELECT 'Cluquina', @rev
  UNION ALL SELECT 'Codon', @rev
  UNION ALL SELECT 'Codoralas', @rev
  UNION ALL SELECT 'Codus', @rev
  UNION ALL SELECT 'Coflix', @rev
  UNION ALL SELECT 'Colewen', @rev
  UNION ALL SELECT 'Colilas', @rev
  UNION ALL SELECT 'Coquens', @rev
  UNION ALL SELECT 'Culens', @rev
  UNION ALL SELECT 'Daclia', @rev
  UNION ALL SELECT 'Dadami', @rev
  UNION ALL SELECT 'Dadamonar', @rev
  UNION ALL SELECT 'Dadedor', @rev
  UNION ALL SELECT 'Dalen', @rev
  UNION ALL SELECT 'Danix', @rev
  UNION ALL SELECT 'Dapel', @rev
  UNION ALL SELECT 'Dathiden', @rev
  UNION ALL SELECT 'Dazad', @rev
  UNION ALL SELECT 'Dedalas', @rev
  UNION ALL SELECT 'Defovith', @rev
  UNION ALL SELECT 'Dehen', @rev
  UNION ALL SELECT 'Demeresh', @rev
  UNION ALL SELECT 'Devon', @rev
  UNION ALL SELECT 'Didashesh', @rev
  UNION ALL SELECT 'Didovik', @rev
  UNION ALL SELECT 'Difemimir', @rev
  UNION ALL SELECT 'Dikhasis', @rev
  UNION ALL SELECT 'Dikhir', @rev
  UNION ALL SELECT 'Dilecirin', @rev
  UNION ALL SELECT 'Dilicis', @rev
  UNION ALL SELECT 'Dishasesh', @rev
  UNION ALL SELECT 'Divethador', @rev
  UNION ALL SELECT 'Docedirin', @rev
  UNION ALL SELECT 'Dodax', @rev
  UNION ALL SELECT 'Dofon', @rev
  UNION ALL SELECT 'Domiwen', @rev
  UNION ALL SELECT 'Dorik', @rev
  UNION ALL SELECT 'Dothorn', @rev
  UNION ALL SELECT 'Dotian', @rev
  UNION ALL SELECT 'Dotus', @rev
  UNION ALL SELECT 'Dovel', @rev
  UNION ALL SELECT 'Dran', @rev
  UNION ALL SELECT 'Draskern', @rev
  UNION ALL SELECT 'Drevulf', @rev
  UNION ALL SELECT 'Dritum', @rev
  UNION ALL SELECT 'Drogrim', @rev
  UNION ALL SELECT 'Droskon', @rev
  UNION ALL SELECT 'Ducix', @rev
  UNION ALL SELECT 'Duclina', @rev
  UNION ALL SELECT 'Dudel', @rev
  UNION ALL SELECT 'Dufishah', @rev
  UNION ALL SELECT 'Dunus', @rev
  UNION ALL SELECT 'Duzenat', @rev
  UNION ALL SELECT 'Ebamashat', @rev
  UNION ALL SELECT 'Ecariel', @rev
  UNION ALL SELECT 'Eclepel', @rev
  UNION ALL SELECT 'Ecluria', @rev
  UNION ALL SELECT 'Edashul', @rev
  UNION ALL SELECT 'Edisor', @rev
  UNION ALL SELECT 'Editholis', @rev
  UNION ALL SELECT 'Eferenis', @rev
  UNION ALL SELECT 'Efidezat', @rev
  UNION ALL SELECT 'Egregar', @rev
  UNION ALL SELECT 'Egruhulf', @rev
  UNION ALL SELECT 'Ehagrurik', @rev
  UNION ALL SELECT 'Ehugrim', @rev
  UNION ALL SELECT 'Ekhasuhis', @rev
  UNION ALL SELECT 'Ekhitudah', @rev
  UNION ALL SELECT 'Ekhumeshar', @rev
  UNION ALL SELECT 'Ekhuran', @rev
  UNION ALL SELECT 'Elimal', @rev
  UNION ALL SELECT 'Elirosiel', @rev
  UNION ALL SELECT 'Elivar', @rev
  UNION ALL SELECT 'Eluflian', @rev
  UNION ALL SELECT 'Eluflio', @rev
  UNION ALL SELECT 'Emelir', @rev
  UNION ALL SELECT 'Ememefarin', @rev
  UNION ALL SELECT 'Ememikhah', @rev
  UNION ALL SELECT 'Emidius', @rev
  UNION ALL SELECT 'Emorano', @rev
  UNION ALL SELECT 'Enathen', @rev
  UNION ALL SELECT 'Epagian', @rev
  UNION ALL SELECT 'Erecefel', @rev
  UNION ALL SELECT 'Erekhad', @rev
  UNION ALL SELECT 'Eremad', @rev
  UNION ALL SELECT 'Erustirn', @rev
  UNION ALL SELECT 'Eshuhul', @rev
  UNION ALL SELECT 'Eterezul', @rev
  UNION ALL SELECT 'Ethevarith', @rev
  UNION ALL SELECT 'Ethotharin', @rev
  UNION ALL SELECT 'Etitina', @rev
  UNION ALL SELECT 'Evemio', @rev
  UNION ALL SELECT 'Evevavonar', @rev
  UNION ALL SELECT 'Evidonel', @rev
  UNION ALL SELECT 'Evifis', @rev
  UNION ALL SELECT 'Fashad', @rev
  UNION ALL SELECT 'Fasicith', @rev
  UNION ALL SELECT 'Femenar', @rev
  UNION ALL SELECT 'Femisirin', @rev
  UNION ALL SELECT 'Fetafun', @rev
  UNION ALL SELECT 'Fethel', @rev
  UNION ALL SELECT 'Ficonar', @rev
  UNION ALL SELECT 'Fidah', @rev
  UNION ALL SELECT 'Fimarim', @rev
  UNION ALL SELECT 'Firir', @rev
  UNION ALL SELECT 'Fishah', @rev
  UNION ALL SELECT 'Fisirin', @rev
  UNION ALL SELECT 'Flatio', @rev
  UNION ALL SELECT 'Fleflina', @rev
  UNION ALL SELECT 'Flevina', @rev
  UNION ALL SELECT 'Fliclens', @rev
  UNION ALL SELECT 'Flidens', @rev
  UNION ALL SELECT 'Flinel', @rev
  UNION ALL SELECT 'Flocano', @rev
  UNION ALL SELECT 'Floflel', @rev
  UNION ALL SELECT 'Flogian', @rev
  UNION ALL SELECT 'Florax', @rev
  UNION ALL SELECT 'Flupel', @rev
  UNION ALL SELECT 'Forir', @rev
  UNION ALL SELECT 'Fosolas', @rev
  UNION ALL SELECT 'Gaclor', @rev
  UNION ALL SELECT 'Gagragrim', @rev
  UNION ALL SELECT 'Gegor', @rev
  UNION ALL SELECT 'Gidius', @rev
  UNION ALL SELECT 'Gigrurn', @rev
  UNION ALL SELECT 'Ginia', @rev
  UNION ALL SELECT 'Gipia', @rev
  UNION ALL SELECT 'Giram', @rev
  UNION ALL SELECT 'Gogrim', @rev
  UNION ALL SELECT 'Golel', @rev
  UNION ALL SELECT 'Gram', @rev
  UNION ALL SELECT 'Grar', @rev
  UNION ALL SELECT 'Gratemar', @rev
  UNION ALL SELECT 'Grebrarn', @rev
  UNION ALL SELECT 'Gregin', @rev
  UNION ALL SELECT 'Gren', @rev
  UNION ALL SELECT 'Grevubold', @rev
  UNION ALL SELECT 'Grun', @rev
  UNION ALL SELECT 'Grur', @rev
  UNION ALL SELECT 'Grustun', @rev
  UNION ALL SELECT 'Gubrarn', @rev
  UNION ALL SELECT 'Gubrim', @rev
  UNION ALL SELECT 'Gudar', @rev
  UNION ALL SELECT 'Guflel', @rev
  UNION ALL SELECT 'Gulora', @rev
  UNION ALL SELECT 'Gund', @rev
  UNION ALL SELECT 'Guquax', @rev
  UNION ALL SELECT 'Habim', @rev
  UNION ALL SELECT 'Hadun', @rev
  UNION ALL SELECT 'Hahibold', @rev
  UNION ALL SELECT 'Hanidad', @rev
  UNION ALL SELECT 'Hefan', @rev
  UNION ALL SELECT 'Hejesh', @rev
  UNION ALL SELECT 'Hejesis', @rev
  UNION ALL SELECT 'Hekhetez', @rev
  UNION ALL SELECT 'Hetat', @rev
  UNION ALL SELECT 'Higrul', @rev
  UNION ALL SELECT 'Himan', @rev
  UNION ALL SELECT 'Himar', @rev
  UNION ALL SELECT 'Hitemat', @rev
  UNION ALL SELECT 'Horik', @rev
  UNION ALL SELECT 'Hothok', @rev
  UNION ALL SELECT 'Hufan', @rev
  UNION ALL SELECT 'Hufeshul', @rev
  UNION ALL SELECT 'Huhugrim', @rev
  UNION ALL SELECT 'Humir', @rev
  UNION ALL SELECT 'Huthok', @rev
  UNION ALL SELECT 'Huvik', @rev
  UNION ALL SELECT 'Ibrabrimar', @rev
  UNION ALL SELECT 'Ibumun', @rev
  UNION ALL SELECT 'Icicofomir', @rev
  UNION ALL SELECT 'Icivalis', @rev
  UNION ALL SELECT 'Iclelens', @rev
  UNION ALL SELECT 'Icodason', @rev
  UNION ALL SELECT 'Idegina', @rev
  UNION ALL SELECT 'Idehir', @rev
  UNION ALL SELECT 'Idethidis', @rev
  UNION ALL SELECT 'Idribrond', @rev
  UNION ALL SELECT 'Ifaviciel', @rev
  UNION ALL SELECT 'Igrurend', @rev
  UNION ALL SELECT 'Ihesezez', @rev
  UNION ALL SELECT 'Ihohand', @rev
  UNION ALL SELECT 'Ijudan', @rev
  UNION ALL SELECT 'Ijufan', @rev
  UNION ALL SELECT 'Ilavus', @rev
  UNION ALL SELECT 'Imiclus', @rev
  UNION ALL SELECT 'Imutat', @rev
  UNION ALL SELECT 'Iquasix', @rev
  UNION ALL SELECT 'Irarius', @rev
  UNION ALL SELECT 'Iregel', @rev
  UNION ALL SELECT 'Isanihis', @rev
  UNION ALL SELECT 'Isejul', @rev
  UNION ALL SELECT 'Isemir', @rev
  UNION ALL SELECT 'Isemor', @rev
  UNION ALL SELECT 'Ishasubah', @rev
  UNION ALL SELECT 'Ishisad', @rev
  UNION ALL SELECT 'Isoflus', @rev
  UNION ALL SELECT 'Isuhun', @rev
  UNION ALL SELECT 'Itheselir', @rev
  UNION ALL SELECT 'Itud', @rev
  UNION ALL SELECT 'Itudisira', @rev
  UNION ALL SELECT 'Itushim', @rev
  UNION ALL SELECT 'Ivacius', @rev
  UNION ALL SELECT 'Ivoquel', @rev
  UNION ALL SELECT 'Izakhul', @rev
  UNION ALL SELECT 'Izitim', @rev
  UNION ALL SELECT 'Izunar', @rev
  UNION ALL SELECT 'Izushah', @rev
  UNION ALL SELECT 'Jabusis', @rev
  UNION ALL SELECT 'Jajun', @rev
  UNION ALL SELECT 'Janar', @rev
  UNION ALL SELECT 'Jebabim', @rev
  UNION ALL SELECT 'Jefim', @rev
  UNION ALL SELECT 'Jejuhul', @rev
  UNION ALL SELECT 'Jeshira', @rev
  UNION ALL SELECT 'Jetami', @rev
  UNION ALL SELECT 'Jibujan', @rev
  UNION ALL SELECT 'Jimadul', @rev
  UNION ALL SELECT 'Jisirez', @rev
  UNION ALL SELECT 'Jumesh', @rev
  UNION ALL SELECT 'Junadah', @rev
  UNION ALL SELECT 'Kakulf', @rev
  UNION ALL SELECT 'Karn', @rev
  UNION ALL SELECT 'Kern', @rev
  UNION ALL SELECT 'Kevek', @rev
  UNION ALL SELECT 'Khakhad', @rev
  UNION ALL SELECT 'Khehez', @rev
  UNION ALL SELECT 'Khemuzan', @rev
  UNION ALL SELECT 'Khihisir', @rev
  UNION ALL SELECT 'Khishesh', @rev
  UNION ALL SELECT 'Khujebar', @rev
  UNION ALL SELECT 'Khunis', @rev
  UNION ALL SELECT 'Khuzeshis', @rev
  UNION ALL SELECT 'Khuzira', @rev
  UNION ALL SELECT 'Kobar', @rev
  UNION ALL SELECT 'Koskuvik', @rev
  UNION ALL SELECT 'Lador', @rev
  UNION ALL SELECT 'Laflius', @rev
  UNION ALL SELECT 'Lamax', @rev
  UNION ALL SELECT 'Lamothon', @rev
  UNION ALL SELECT 'Lasiel', @rev
  UNION ALL SELECT 'Lavelen', @rev
  UNION ALL SELECT 'Lavio', @rev
  UNION ALL SELECT 'Lavir', @rev
  UNION ALL SELECT 'Leclel', @rev
  UNION ALL SELECT 'Ledith', @rev
  UNION ALL SELECT 'Lemina', @rev
  UNION ALL SELECT 'Lequor', @rev
  UNION ALL SELECT 'Levian', @rev
  UNION ALL SELECT 'Licen', @rev
  UNION ALL SELECT 'Lilix', @rev
  UNION ALL SELECT 'Lothar', @rev
  UNION ALL SELECT 'Lothevonar', @rev
  UNION ALL SELECT 'Lothowyn', @rev
  UNION ALL SELECT 'Lotio', @rev
  UNION ALL SELECT 'Lovathiwen', @rev
  UNION ALL SELECT 'Lovimir', @rev
  UNION ALL SELECT 'Loviriwyn', @rev
  UNION ALL SELECT 'Maclel', @rev
  UNION ALL SELECT 'Majusar', @rev
  UNION ALL SELECT 'Maliel', @rev
  UNION ALL SELECT 'Marius', @rev
  UNION ALL SELECT 'Masiman', @rev
  UNION ALL SELECT 'Matat', @rev
  UNION ALL SELECT 'Mathar', @rev
  UNION ALL SELECT 'Mecis', @rev
  UNION ALL SELECT 'Mefar', @rev
  UNION ALL SELECT 'Mefis', @rev
  UNION ALL SELECT 'Mejushun', @rev
  UNION ALL SELECT 'Meman', @rev
  UNION ALL SELECT 'Memarin', @rev
  UNION ALL SELECT 'Memimis', @rev
  UNION ALL SELECT 'Menith', @rev
  UNION ALL SELECT 'Mequano', @rev
  UNION ALL SELECT 'Metushez', @rev
  UNION ALL SELECT 'Mezun', @rev
  UNION ALL SELECT 'Midel', @rev
  UNION ALL SELECT 'Mifomel', @rev
  UNION ALL SELECT 'Mijesami', @rev
  UNION ALL SELECT 'Mijun', @rev
  UNION ALL SELECT 'Mirez', @rev
  UNION ALL SELECT 'Mitor', @rev
  UNION ALL SELECT 'Mocafarin', @rev
  UNION ALL SELECT 'Mofidor', @rev
  UNION ALL SELECT 'Mofiel', @rev
  UNION ALL SELECT 'Mosina', @rev
  UNION ALL SELECT 'Movia', @rev
  UNION ALL SELECT 'Mufar', @rev
  UNION ALL SELECT 'Mugano', @rev
  UNION ALL SELECT 'Muhesh', @rev
  UNION ALL SELECT 'Mukhar', @rev
  UNION ALL SELECT 'Mupina', @rev
  UNION ALL SELECT 'Musia', @rev
  UNION ALL SELECT 'Nacus', @rev
  UNION ALL SELECT 'Najun', @rev
  UNION ALL SELECT 'Nalenar', @rev
  UNION ALL SELECT 'Nalonar', @rev
  UNION ALL SELECT 'Namuful', @rev
  UNION ALL SELECT 'Nanocorin', @rev
  UNION ALL SELECT 'Naquel', @rev
  UNION ALL SELECT 'Narar', @rev
  UNION ALL SELECT 'Nasian', @rev
  UNION ALL SELECT 'Natix', @rev
  UNION ALL SELECT 'Nazumira', @rev
  UNION ALL SELECT 'Necafis', @rev
  UNION ALL SELECT 'Nehira', @rev
  UNION ALL SELECT 'Nejehat', @rev
  UNION ALL SELECT 'Nethon', @rev
  UNION ALL SELECT 'Netul', @rev
  UNION ALL SELECT 'Nimaromir', @rev
  UNION ALL SELECT 'Nisafah', @rev
  UNION ALL SELECT 'Nisens', @rev
  UNION ALL SELECT 'Nivax', @rev
  UNION ALL SELECT 'Nodel', @rev
  UNION ALL SELECT 'Noniel', @rev
  UNION ALL SELECT 'Nonowen', @rev
  UNION ALL SELECT 'Nosax', @rev
  UNION ALL SELECT 'Novarawen', @rev
  UNION ALL SELECT 'Nuhetami', @rev
  UNION ALL SELECT 'Nushis', @rev
  UNION ALL SELECT 'Nutax', @rev
  UNION ALL SELECT 'Ocafivalas', @rev
  UNION ALL SELECT 'Ocicirerin', @rev
  UNION ALL SELECT 'Odavel', @rev
  UNION ALL SELECT 'Odegok', @rev
  UNION ALL SELECT 'Odend', @rev
  UNION ALL SELECT 'Odrarik', @rev
  UNION ALL SELECT 'Odruhud', @rev
  UNION ALL SELECT 'Ogicens', @rev
  UNION ALL SELECT 'Ogogirik', @rev
  UNION ALL SELECT 'Ogrigrir', @rev
  UNION ALL SELECT 'Olapel', @rev
  UNION ALL SELECT 'Olurano', @rev
  UNION ALL SELECT 'Omacasorin', @rev
  UNION ALL SELECT 'Onithewyn', @rev
  UNION ALL SELECT 'Onothomir', @rev
  UNION ALL SELECT 'Opelus', @rev
  UNION ALL SELECT 'Opoflia', @rev
  UNION ALL SELECT 'Opurio', @rev
  UNION ALL SELECT 'Oquiquax', @rev
  UNION ALL SELECT 'Oquomian', @rev
  UNION ALL SELECT 'Orerirel', @rev
  UNION ALL SELECT 'Orilathith', @rev
  UNION ALL SELECT 'Orivobold', @rev
  UNION ALL SELECT 'Osomivir', @rev
  UNION ALL SELECT 'Ostim', @rev
  UNION ALL SELECT 'Othosemir', @rev
  UNION ALL SELECT 'Ovastil', @rev
  UNION ALL SELECT 'Ovir', @rev
  UNION ALL SELECT 'Ovogus', @rev
  UNION ALL SELECT 'Pamus', @rev
  UNION ALL SELECT 'Paquora', @rev
  UNION ALL SELECT 'Pavia', @rev
  UNION ALL SELECT 'Penano', @rev
  UNION ALL SELECT 'Pinius', @rev
  UNION ALL SELECT 'Pomian', @rev
  UNION ALL SELECT 'Posel', @rev
  UNION ALL SELECT 'Pulia', @rev
  UNION ALL SELECT 'Pulor', @rev
  UNION ALL SELECT 'Quavax', @rev
  UNION ALL SELECT 'Quisano', @rev
  UNION ALL SELECT 'Racis', @rev
  UNION ALL SELECT 'Racith', @rev
  UNION ALL SELECT 'Ralerin', @rev
  UNION ALL SELECT 'Ranalolas', @rev
  UNION ALL SELECT 'Rarasiel', @rev
  UNION ALL SELECT 'Rarodal', @rev
  UNION ALL SELECT 'Rashanah', @rev
  UNION ALL SELECT 'Rashusira', @rev
  UNION ALL SELECT 'Regix', @rev
  UNION ALL SELECT 'Renibul', @rev
  UNION ALL SELECT 'Rerawen', @rev
  UNION ALL SELECT 'Rerio', @rev
  UNION ALL SELECT 'Reronar', @rev
  UNION ALL SELECT 'Retulf', @rev
  UNION ALL SELECT 'Revik', @rev
  UNION ALL SELECT 'Ricewen', @rev
  UNION ALL SELECT 'Ricidiel', @rev
  UNION ALL SELECT 'Ricidiwyn', @rev
  UNION ALL SELECT 'Rifamir', @rev
  UNION ALL SELECT 'Rihun', @rev
  UNION ALL SELECT 'Rimibad', @rev
  UNION ALL SELECT 'Rinuris', @rev
  UNION ALL SELECT 'Rirar', @rev
  UNION ALL SELECT 'Riskun', @rev
  UNION ALL SELECT 'Ristar', @rev
  UNION ALL SELECT 'Rithewen', @rev
  UNION ALL SELECT 'Romemorin', @rev
  UNION ALL SELECT 'Romimewyn', @rev
  UNION ALL SELECT 'Romir', @rev
  UNION ALL SELECT 'Roskund', @rev
  UNION ALL SELECT 'Rothidodor', @rev
  UNION ALL SELECT 'Rovenar', @rev
  UNION ALL SELECT 'Rovian', @rev
  UNION ALL SELECT 'Rucia', @rev
  UNION ALL SELECT 'Rudesh', @rev
  UNION ALL SELECT 'Rugral', @rev
  UNION ALL SELECT 'Rugrer', @rev
  UNION ALL SELECT 'Rulf', @rev
  UNION ALL SELECT 'Rumad', @rev
  UNION ALL SELECT 'Rumar', @rev
  UNION ALL SELECT 'Runutul', @rev
  UNION ALL SELECT 'Rurul', @rev
  UNION ALL SELECT 'Rusajan', @rev
  UNION ALL SELECT 'Safan', @rev
  UNION ALL SELECT 'Salen', @rev
  UNION ALL SELECT 'Samus', @rev
  UNION ALL SELECT 'Sanidor', @rev
  UNION ALL SELECT 'Sanio', @rev
  UNION ALL SELECT 'Saquix', @rev
  UNION ALL SELECT 'Sasesel', @rev
  UNION ALL SELECT 'Sasomir', @rev
  UNION ALL SELECT 'Seclano', @rev
  UNION ALL SELECT 'Seclel', @rev
  UNION ALL SELECT 'Sedel', @rev
  UNION ALL SELECT 'Sediriwen', @rev
  UNION ALL SELECT 'Semal', @rev
  UNION ALL SELECT 'Semecawen', @rev
  UNION ALL SELECT 'Semedor', @rev
  UNION ALL SELECT 'Semunul', @rev
  UNION ALL SELECT 'Seresh', @rev
  UNION ALL SELECT 'Sethacal', @rev
  UNION ALL SELECT 'Shafan', @rev
  UNION ALL SELECT 'Shasusesh', @rev
  UNION ALL SELECT 'Shejad', @rev
  UNION ALL SELECT 'Shesetad', @rev
  UNION ALL SELECT 'Shetar', @rev
  UNION ALL SELECT 'Shinan', @rev
  UNION ALL SELECT 'Shuhar', @rev
  UNION ALL SELECT 'Shunad', @rev
  UNION ALL SELECT 'Siclel', @rev
  UNION ALL SELECT 'Sicora', @rev
  UNION ALL SELECT 'Siflus', @rev
  UNION ALL SELECT 'Simiel', @rev
  UNION ALL SELECT 'Simix', @rev
  UNION ALL SELECT 'Siquora', @rev
  UNION ALL SELECT 'Siromith', @rev
  UNION ALL SELECT 'Skahurik', @rev
  UNION ALL SELECT 'Skan', @rev
  UNION ALL SELECT 'Skar', @rev
  UNION ALL SELECT 'Skavovik', @rev
  UNION ALL SELECT 'Sked', @rev
  UNION ALL SELECT 'Skem', @rev
  UNION ALL SELECT 'Skerar', @rev
  UNION ALL SELECT 'Skibim', @rev
  UNION ALL SELECT 'Skim', @rev
  UNION ALL SELECT 'Skirn', @rev
  UNION ALL SELECT 'Skobrurik', @rev
  UNION ALL SELECT 'Skund', @rev
  UNION ALL SELECT 'Skuthind', @rev
  UNION ALL SELECT 'Sodenal', @rev
  UNION ALL SELECT 'Sosius', @rev
  UNION ALL SELECT 'Sosodal', @rev
  UNION ALL SELECT 'Sothedith', @rev
  UNION ALL SELECT 'Stal', @rev
  UNION ALL SELECT 'Stam', @rev
  UNION ALL SELECT 'Stamar', @rev
  UNION ALL SELECT 'Stegrim', @rev
  UNION ALL SELECT 'Stegud', @rev
  UNION ALL SELECT 'Ster', @rev
  UNION ALL SELECT 'Stibold', @rev
  UNION ALL SELECT 'Stibun', @rev
  UNION ALL SELECT 'Stim', @rev
  UNION ALL SELECT 'Stubun', @rev
  UNION ALL SELECT 'Stum', @rev
  UNION ALL SELECT 'Stund', @rev
  UNION ALL SELECT 'Stuthol', @rev
  UNION ALL SELECT 'Sudor', @rev
  UNION ALL SELECT 'Suflia', @rev
  UNION ALL SELECT 'Sunano', @rev
  UNION ALL SELECT 'Tabujis', @rev
  UNION ALL SELECT 'Takar', @rev
  UNION ALL SELECT 'Takhanun', @rev
  UNION ALL SELECT 'Talus', @rev
  UNION ALL SELECT 'Tamor', @rev
  UNION ALL SELECT 'Tebrulf', @rev
  UNION ALL SELECT 'Tecax', @rev
  UNION ALL SELECT 'Tesian', @rev
  UNION ALL SELECT 'Tevik', @rev
  UNION ALL SELECT 'Thalesiel', @rev
  UNION ALL SELECT 'Thasomir', @rev
  UNION ALL SELECT 'Thavirik', @rev
  UNION ALL SELECT 'Thelalas', @rev
  UNION ALL SELECT 'Themothir', @rev
  UNION ALL SELECT 'Thenodor', @rev
  UNION ALL SELECT 'Thetel', @rev
  UNION ALL SELECT 'Thidanar', @rev
  UNION ALL SELECT 'Thidenar', @rev
  UNION ALL SELECT 'Thimaciel', @rev
  UNION ALL SELECT 'Thodothir', @rev
  UNION ALL SELECT 'Tholemir', @rev
  UNION ALL SELECT 'Thonilon', @rev
  UNION ALL SELECT 'Thonodis', @rev
  UNION ALL SELECT 'Thorowen', @rev
  UNION ALL SELECT 'Thugribold', @rev
  UNION ALL SELECT 'Thurn', @rev
  UNION ALL SELECT 'Tibihar', @rev
  UNION ALL SELECT 'Tided', @rev
  UNION ALL SELECT 'Tinus', @rev
  UNION ALL SELECT 'Tirens', @rev
  UNION ALL SELECT 'Tirik', @rev
  UNION ALL SELECT 'Tishajar', @rev
  UNION ALL SELECT 'Tobold', @rev
  UNION ALL SELECT 'Tomar', @rev
  UNION ALL SELECT 'Totomar', @rev
  UNION ALL SELECT 'Tugramar', @rev
  UNION ALL SELECT 'Tujesh', @rev
  UNION ALL SELECT 'Tukem', @rev
  UNION ALL SELECT 'Turik', @rev
  UNION ALL SELECT 'Tutar', @rev
  UNION ALL SELECT 'Ubekhibira', @rev
  UNION ALL SELECT 'Ubevovik', @rev
  UNION ALL SELECT 'Ubind', @rev
  UNION ALL SELECT 'Ubizir', @rev
  UNION ALL SELECT 'Ubrahar', @rev
  UNION ALL SELECT 'Ubrem', @rev
  UNION ALL SELECT 'Ubugarik', @rev
  UNION ALL SELECT 'Udejetis', @rev
  UNION ALL SELECT 'Udrar', @rev
  UNION ALL SELECT 'Udrund', @rev
  UNION ALL SELECT 'Uduskel', @rev
  UNION ALL SELECT 'Ufuzubad', @rev
  UNION ALL SELECT 'Ugupian', @rev
  UNION ALL SELECT 'Uhogror', @rev
  UNION ALL SELECT 'Uhokid', @rev
  UNION ALL SELECT 'Uhuban', @rev
  UNION ALL SELECT 'Ulupian', @rev
  UNION ALL SELECT 'Unehad', @rev
  UNION ALL SELECT 'Uquirio', @rev
  UNION ALL SELECT 'Urutakhun', @rev
  UNION ALL SELECT 'Usemumar', @rev
  UNION ALL SELECT 'Ushebah', @rev
  UNION ALL SELECT 'Ushejah', @rev
  UNION ALL SELECT 'Ushidez', @rev
  UNION ALL SELECT 'Ushisekhah', @rev
  UNION ALL SELECT 'Ustun', @rev
  UNION ALL SELECT 'Uthebrarik', @rev
  UNION ALL SELECT 'Uthuk', @rev
  UNION ALL SELECT 'Uvothulf', @rev
  UNION ALL SELECT 'Uzehufesh', @rev
  UNION ALL SELECT 'Uzushis', @rev
  UNION ALL SELECT 'Uzutakhami', @rev
  UNION ALL SELECT 'Vacal', @rev
  UNION ALL SELECT 'Vaclia', @rev
  UNION ALL SELECT 'Vafemir', @rev
  UNION ALL SELECT 'Vafofen', @rev
  UNION ALL SELECT 'Vafomarin', @rev
  UNION ALL SELECT 'Vahond', @rev
  UNION ALL SELECT 'Vanus', @rev
  UNION ALL SELECT 'Vaquano', @rev
  UNION ALL SELECT 'Varia', @rev
  UNION ALL SELECT 'Vasemir', @rev
  UNION ALL SELECT 'Vatad', @rev
  UNION ALL SELECT 'Vecisen', @rev
  UNION ALL SELECT 'Vedal', @rev
  UNION ALL SELECT 'Vegramar', @rev
  UNION ALL SELECT 'Vememir', @rev
  UNION ALL SELECT 'Verens', @rev
  UNION ALL SELECT 'Verewen', @rev
  UNION ALL SELECT 'Vesemis', @rev
  UNION ALL SELECT 'Vesio', @rev
  UNION ALL SELECT 'Videdonar', @rev
  UNION ALL SELECT 'Vifiel', @rev
  UNION ALL SELECT 'Vinon', @rev
  UNION ALL SELECT 'Virio', @rev
  UNION ALL SELECT 'Visir', @rev
  UNION ALL SELECT 'Vocothiel', @rev
  UNION ALL SELECT 'Vofador', @rev
  UNION ALL SELECT 'Vonis', @rev
  UNION ALL SELECT 'Vonius', @rev
  UNION ALL SELECT 'Voranar', @rev
  UNION ALL SELECT 'Vovamirin', @rev
  UNION ALL SELECT 'Vugrund', @rev
  UNION ALL SELECT 'Vustulf', @rev
  UNION ALL SELECT 'Vutar', @rev
  UNION ALL SELECT 'Vuthovik', @rev
  UNION ALL SELECT 'Vutora', @rev
  UNION ALL SELECT 'Zasah', @rev
  UNION ALL SELECT 'Zejishis', @rev
  UNION ALL SELECT 'Zifesh', @rev
  UNION ALL SELECT 'Zimar', @rev
  UNION ALL SELECT 'Zimis', @rev
  UNION ALL SELECT 'Zufesami', @rev
  UNION ALL SELECT 'Zujesesh', @rev
  UNION ALL SELECT 'Zunami', @rev
) AS t WHERE @done = 0;
