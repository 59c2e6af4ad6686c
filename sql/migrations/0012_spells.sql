-- 0012: spells and the Markov training names (SPEC §8, docs/spells.md).
-- Written by sql/data/spells_sql.py from sql/data/spells.tsv and
-- sql/data/markov_names.txt: edit those and run it again, not this file.
--
-- spell         a spell: word (its name), mana, level, tier, active. Rows
--               follow 0008's revision rules: added_rev / retired_rev, never
--               changed in place (an edit retires the row and adds a new one,
--               with its own effects), never deleted; the name is unique among
--               the live rows (live_word).
-- spell_effect  the effects of one spell row, ord 1..5 in order: the kind by
--               name ("heal", "create_object") and p1..p5. They belong to
--               the spell row: added in the change set that added it, never
--               changed or deleted after (the triggers refuse).
-- markov_name   the names the scroll-name chain is trained on; revision
--               rules as spell.
--
-- The rules of a spell (ranges, which params a kind reads, known kinds) are
-- spell.c's alone, not CHECKs here: the database stores a row as given and
-- the daemon refuses a bad one at load with one log line, the rest of the
-- catalog still loading. All shipped rows are one change set.

CREATE TABLE IF NOT EXISTS spell (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  mana        INT NOT NULL,
  level       INT NOT NULL,
  tier        INT NOT NULL,
  active      TINYINT(1) NOT NULL DEFAULT 1,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY spell_live_word (live_word),
  KEY spell_word (word)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE IF NOT EXISTS spell_effect (
  spell_id INT UNSIGNED NOT NULL,
  ord      TINYINT UNSIGNED NOT NULL,
  effect   VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  p1       INT NOT NULL DEFAULT 0,
  p2       INT NOT NULL DEFAULT 0,
  p3       INT NOT NULL DEFAULT 0,
  p4       INT NOT NULL DEFAULT 0,
  p5       INT NOT NULL DEFAULT 0,
  PRIMARY KEY (spell_id, ord),
  CONSTRAINT spell_effect_spell FOREIGN KEY (spell_id) REFERENCES spell (id),
  CONSTRAINT spell_effect_chk_ord CHECK (ord BETWEEN 1 AND 5)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Names compare by code point and case (utf8mb4_bin), as the chain does:
-- a collation that folds accents would call Brynjø a copy of a Brynjo.
CREATE TABLE IF NOT EXISTS markov_name (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  live_name   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
    AS (IF(retired_rev IS NULL, name, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY markov_name_live_name (live_name),
  KEY markov_name_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DELIMITER //
DROP TRIGGER IF EXISTS spell_bi //
CREATE TRIGGER spell_bi BEFORE INSERT ON spell FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS spell_bu //
CREATE TRIGGER spell_bu BEFORE UPDATE ON spell FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.word <=> NEW.word AND OLD.mana <=> NEW.mana AND OLD.level <=> NEW.level AND OLD.tier <=> NEW.tier AND OLD.active <=> NEW.active AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS spell_bd //
CREATE TRIGGER spell_bd BEFORE DELETE ON spell FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell: rows are never deleted; retire the row instead' //

DROP TRIGGER IF EXISTS markov_name_bi //
CREATE TRIGGER markov_name_bi BEFORE INSERT ON markov_name FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'markov_name: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS markov_name_bu //
CREATE TRIGGER markov_name_bu BEFORE UPDATE ON markov_name FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.name <=> NEW.name AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'markov_name: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS markov_name_bd //
CREATE TRIGGER markov_name_bd BEFORE DELETE ON markov_name FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'markov_name: rows are never deleted; retire the row instead' //

-- An effect joins its spell in the change set that adds the spell (the
-- spell's added_rev is the current revision), and never changes after.
DROP TRIGGER IF EXISTS spell_effect_bi //
CREATE TRIGGER spell_effect_bi BEFORE INSERT ON spell_effect FOR EACH ROW
BEGIN
  IF NOT EXISTS (SELECT 1 FROM spell s JOIN catalog_revision r ON r.id = 1
                 WHERE s.id = NEW.spell_id AND s.added_rev = r.revision) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell_effect: effects are added with their spell, in its change set';
  END IF;
END //
DROP TRIGGER IF EXISTS spell_effect_bu //
CREATE TRIGGER spell_effect_bu BEFORE UPDATE ON spell_effect FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell_effect: effects never change; retire the spell and add a new one' //
DROP TRIGGER IF EXISTS spell_effect_bd //
CREATE TRIGGER spell_effect_bd BEFORE DELETE ON spell_effect FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'spell_effect: effects are never deleted; retire the spell instead' //

DELIMITER ;

-- The shipped rows: one change set.
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);

INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Mend Scrapes', 5, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 1, 6, 1, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Ember Flick', 5, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 1, 6, 0, 0, 1);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Pocket Duck', 3, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 1, 1, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Glimmerlight', 4, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'light', 3, 60, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Hearthloaf', 4, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 2, 2, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Tripwire Sense', 6, 1, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'reveal', 1, 6, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Knit the Wound', 12, 2, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 2, 6, 2, 1, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Frostnip', 10, 2, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 2, 4, 1, 0, 2);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Quickfoot', 10, 2, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'buff', 5, 2, 30, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Skin of Bark', 12, 2, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'ward', 10, 20, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Hop Aside', 8, 2, 1, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'teleport', 5, 0, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Willowbalm', 20, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 3, 6, 4, 1, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Stingcloud', 18, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 2, 6, 2, 1, 5);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Keymaker''s Whisper', 16, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 5, 1, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Lantern of Hours', 15, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'light', 6, 300, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Doorfinder', 14, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'reveal', 2, 15, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Shade Skip', 20, 3, 2, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'teleport', 12, 0, 0, 0, 0), (@s, 2, 'buff', 4, 2, 10, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Sizzling Ribbon', 28, 4, 3, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 4, 6, 0, 1, 3);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Oath of Iron', 25, 4, 3, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'buff', 2, 3, 40, 0, 0), (@s, 2, 'ward', 20, 10, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Duckstorm', 24, 4, 3, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 1, 12, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Ropecaller', 20, 4, 3, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 4, 2, 0, 0, 0), (@s, 2, 'create_object', 11, 1, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Mossmend', 30, 4, 3, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 4, 6, 4, 1, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Acid Lash', 38, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 5, 6, 3, 1, 4);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Lightwell', 35, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'light', 10, 600, 0, 0, 0), (@s, 2, 'reveal', 4, 10, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Wall of Fieldstone', 40, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 8, 3, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Stride of Leagues', 36, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'teleport', 40, 0, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Clarity of Stars', 34, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'buff', 8, 3, 60, 0, 0), (@s, 2, 'buff', 3, 2, 60, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Blessed Draught', 40, 5, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 5, 8, 5, 2, 0), (@s, 2, 'create_object', 7, 2, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Thunder Ram', 48, 6, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 6, 8, 4, 2, 8);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Hound of Mist', 45, 6, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 12, 1, 0, 0, 0), (@s, 2, 'buff', 4, 3, 20, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Sapping Gloom', 44, 6, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 3, 8, 0, 1, 7), (@s, 2, 'buff', 6, -3, 20, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Warden''s Mantle', 50, 6, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'ward', 60, 30, 0, 0, 0), (@s, 2, 'buff', 2, 2, 30, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Cartographer''s Eye', 42, 6, 4, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'reveal', 5, 30, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Dawnlance', 60, 7, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 7, 8, 6, 2, 6), (@s, 2, 'light', 8, 50, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Deep Renewal', 65, 7, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 8, 8, 10, 3, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Rimefall', 62, 7, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 8, 6, 5, 2, 2), (@s, 2, 'buff', 5, -4, 10, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Vault Between', 58, 7, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'teleport', 80, 0, 0, 0, 0), (@s, 2, 'reveal', 4, 20, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Moth Eclipse', 55, 7, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 10, 6, 0, 0, 0), (@s, 2, 'buff', 4, 5, 40, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Storm Crown', 80, 8, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 10, 8, 8, 3, 3), (@s, 2, 'ward', 40, 10, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Greening Circle', 85, 8, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 10, 10, 10, 4, 0), (@s, 2, 'buff', 2, 4, 60, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Treasure Sight', 70, 8, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'reveal', 3, 50, 0, 0, 0), (@s, 2, 'reveal', 1, 50, 0, 0, 0), (@s, 3, 'light', 12, 200, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Iron Resolve', 75, 8, 5, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'buff', 6, 6, 100, 0, 0), (@s, 2, 'buff', 1, 5, 100, 0, 0), (@s, 3, 'ward', 80, 20, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Wrath of the Pale Sun', 120, 9, 6, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 12, 10, 10, 4, 6), (@s, 2, 'damage', 6, 10, 0, 2, 1), (@s, 3, 'light', 20, 100, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Second Dawn', 130, 9, 6, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'heal', 20, 10, 20, 5, 0), (@s, 2, 'buff', 2, 5, 100, 0, 0), (@s, 3, 'buff', 1, 5, 100, 0, 0), (@s, 4, 'ward', 150, 50, 0, 0, 0), (@s, 5, 'light', 15, 300, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Worldstride', 110, 9, 6, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'teleport', 100, 0, 0, 0, 0), (@s, 2, 'reveal', 5, 50, 0, 0, 0);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Unmaking', 140, 9, 6, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'damage', 15, 12, 20, 5, 8);
INSERT INTO spell (word, mana, level, tier, added_rev) VALUES ('Coinrain', 90, 9, 6, @rev);
SET @s = LAST_INSERT_ID();
INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES (@s, 1, 'create_object', 9, 12, 0, 0, 0), (@s, 2, 'buff', 4, -5, 30, 0, 0);

INSERT INTO markov_name (name, added_rev) VALUES
  ('Aladon', @rev),
  ('Alarrath', @rev),
  ('Alengar', @rev),
  ('Alnis', @rev),
  ('Alozar', @rev),
  ('Alria', @rev),
  ('Asharos', @rev),
  ('Ashesswald', @rev),
  ('Ashgwen', @rev),
  ('Ashith', @rev),
  ('Ashlas', @rev),
  ('Ashorlin', @rev),
  ('Belandmar', @rev),
  ('Belenric', @rev),
  ('Belilric', @rev),
  ('Belvyn', @rev),
  ('Brandra', @rev),
  ('Braniel', @rev),
  ('Branilwen', @rev),
  ('Brannis', @rev),
  ('Branrath', @rev),
  ('Branymlas', @rev),
  ('Briarthil', @rev),
  ('Brilin', @rev),
  ('Caelandtis', @rev),
  ('Caeliel', @rev),
  ('Caelmond', @rev),
  ('Caelnis', @rev),
  ('Caelomeon', @rev),
  ('Caelymiel', @rev),
  ('Corgar', @rev),
  ('Corgwen', @rev),
  ('Corria', @rev),
  ('Corunnor', @rev),
  ('Cyraddor', @rev),
  ('Cyradmond', @rev),
  ('Cyrandria', @rev),
  ('Cyrandric', @rev),
  ('Cyrathara', @rev),
  ('Darathwyr', @rev),
  ('Dravariss', @rev),
  ('Dravenven', @rev),
  ('Draviadra', @rev),
  ('Dravlin', @rev),
  ('Dravoka', @rev),
  ('Dravorwyr', @rev),
  ('Dravrath', @rev),
  ('Dravrin', @rev),
  ('Druildra', @rev),
  ('Drutis', @rev),
  ('Druwyr', @rev),
  ('Elirdon', @rev),
  ('Elorlas', @rev),
  ('Eltis', @rev),
  ('Eryadmar', @rev),
  ('Eryandlorn', @rev),
  ('Erymir', @rev),
  ('Eryomros', @rev),
  ('Etharlorn', @rev),
  ('Ethendra', @rev),
  ('Ethenmir', @rev),
  ('Ethinor', @rev),
  ('Ethomvyn', @rev),
  ('Ethunthas', @rev),
  ('Ethven', @rev),
  ('Falka', @rev),
  ('Fendor', @rev),
  ('Feneodan', @rev),
  ('Fenozar', @rev),
  ('Fioadara', @rev),
  ('Fioarath', @rev),
  ('Fioeolin', @rev),
  ('Fioeomir', @rev),
  ('Fioiorria', @rev),
  ('Fiosha', @rev),
  ('Fioulorn', @rev),
  ('Galessdis', @rev),
  ('Galilwyn', @rev),
  ('Galiss', @rev),
  ('Galomrin', @rev),
  ('Gorilria', @rev),
  ('Gorka', @rev),
  ('Gormir', @rev),
  ('Gwyador', @rev),
  ('Gwyaiel', @rev),
  ('Gwyamar', @rev),
  ('Gwyardor', @rev),
  ('Gwydra', @rev),
  ('Gwyenka', @rev),
  ('Gwyevwyr', @rev),
  ('Gwyiel', @rev),
  ('Gwyiss', @rev),
  ('Gwymond', @rev),
  ('Gwythas', @rev),
  ('Gwytis', @rev),
  ('Gwywen', @rev),
  ('Haldra', @rev),
  ('Halevra', @rev),
  ('Halgar', @rev),
  ('Haliara', @rev),
  ('Halnor', @rev),
  ('Hesewen', @rev),
  ('Hesuneon', @rev),
  ('Heswyr', @rev),
  ('Hlydon', @rev),
  ('Hlyenmond', @rev),
  ('Hlythil', @rev),
  ('Isteonis', @rev),
  ('Istilvyn', @rev),
  ('Istnor', @rev),
  ('Istorra', @rev),
  ('Istvel', @rev),
  ('Ithgwen', @rev),
  ('Ithirnis', @rev),
  ('Ithra', @rev),
  ('Ivoesswen', @rev),
  ('Ivogar', @rev),
  ('Ivoiamir', @rev),
  ('Ivoiawald', @rev),
  ('Ivonis', @rev),
  ('Ivoven', @rev),
  ('Joraewyn', @rev),
  ('Jordor', @rev),
  ('Jorimir', @rev),
  ('Joriss', @rev),
  ('Jorith', @rev),
  ('Jorrath', @rev),
  ('Kaldon', @rev),
  ('Kalevric', @rev),
  ('Kalgwen', @rev),
  ('Kalilnor', @rev),
  ('Kalnor', @rev),
  ('Kalros', @rev),
  ('Kessarric', @rev),
  ('Kessedra', @rev),
  ('Kesslin', @rev),
  ('Kessuniss', @rev),
  ('Kessven', @rev),
  ('Kynandeon', @rev),
  ('Kynenvyn', @rev),
  ('Kynessra', @rev),
  ('Kynevka', @rev),
  ('Kynialin', @rev),
  ('Kynka', @rev),
  ('Kynnor', @rev),
  ('Kynomvyn', @rev),
  ('Luaeric', @rev),
  ('Luasha', @rev),
  ('Lyrirlas', @rev),
  ('Lyrirsha', @rev),
  ('Lyrnis', @rev),
  ('Lyrthil', @rev),
  ('Mardon', @rev),
  ('Mareone', @rev),
  ('Mariorwyn', @rev),
  ('Meiaeric', @rev),
  ('Meiarric', @rev),
  ('Meigar', @rev),
  ('Meirath', @rev),
  ('Mordra', @rev),
  ('Moreneth', @rev),
  ('Moreonis', @rev),
  ('Morireth', @rev),
  ('Morithas', @rev),
  ('Morthas', @rev),
  ('Morunthil', @rev),
  ('Naius', @rev),
  ('Naiwyr', @rev),
  ('Norillas', @rev),
  ('Noriorvyn', @rev),
  ('Noruric', @rev),
  ('Nymardra', @rev),
  ('Nymathwyr', @rev),
  ('Nymdra', @rev),
  ('Nymialin', @rev),
  ('Nymilmir', @rev),
  ('Oriawen', @rev),
  ('Oriorvel', @rev),
  ('Orirwyr', @rev),
  ('Orwald', @rev),
  ('Orwen', @rev),
  ('Oskiara', @rev),
  ('Oskiorrin', @rev),
  ('Oskomwald', @rev),
  ('Oskra', @rev),
  ('Oskwyn', @rev),
  ('Othiagar', @rev),
  ('Othne', @rev),
  ('Othric', @rev),
  ('Othrin', @rev),
  ('Othvel', @rev),
  ('Othymlas', @rev),
  ('Peladan', @rev),
  ('Pelilwyr', @rev),
  ('Peliorgar', @rev),
  ('Peliorria', @rev),
  ('Pelitis', @rev),
  ('Pelka', @rev),
  ('Pellas', @rev),
  ('Pelrin', @rev),
  ('Pelvyn', @rev),
  ('Pradis', @rev),
  ('Praeodan', @rev),
  ('Praeoiel', @rev),
  ('Praithil', @rev),
  ('Pralin', @rev),
  ('Pralorn', @rev),
  ('Pramir', @rev),
  ('Pyraeka', @rev),
  ('Pyreodis', @rev),
  ('Pyrgwen', @rev),
  ('Pyrlorn', @rev),
  ('Pyrutis', @rev),
  ('Pyrven', @rev),
  ('Quinadgar', @rev),
  ('Quiniara', @rev),
  ('Quinilric', @rev),
  ('Quinonor', @rev),
  ('Quinundor', @rev),
  ('Quinymiss', @rev),
  ('Ralavyn', @rev),
  ('Raldis', @rev),
  ('Rallin', @rev),
  ('Raloriss', @rev),
  ('Rhosarrin', @rev),
  ('Rhoseon', @rev),
  ('Rhosessiel', @rev),
  ('Rhoska', @rev),
  ('Rhosoeon', @rev),
  ('Rueandric', @rev),
  ('Rueandwyr', @rev),
  ('Rueawen', @rev),
  ('Rueuven', @rev),
  ('Saralorn', @rev),
  ('Sardon', @rev),
  ('Sarenka', @rev),
  ('Sarenmond', @rev),
  ('Sareoeon', @rev),
  ('Sareovyn', @rev),
  ('Sarirne', @rev),
  ('Sarka', @rev),
  ('Saromdan', @rev),
  ('Silenka', @rev),
  ('Silennor', @rev),
  ('Silven', @rev),
  ('Silvyn', @rev),
  ('Skoanddon', @rev),
  ('Skoardra', @rev),
  ('Skoiaith', @rev),
  ('Skomar', @rev),
  ('Taladmar', @rev),
  ('Talenor', @rev),
  ('Talieon', @rev),
  ('Teyara', @rev),
  ('Teygwen', @rev),
  ('Teyiaiel', @rev),
  ('Teyiel', @rev),
  ('Tharenlorn', @rev),
  ('Tharka', @rev),
  ('Tharra', @rev),
  ('Tharric', @rev),
  ('Tharvel', @rev),
  ('Tharwald', @rev),
  ('Tharwen', @rev),
  ('Ulandeon', @rev),
  ('Uleon', @rev),
  ('Uleric', @rev),
  ('Uliel', @rev),
  ('Ulria', @rev),
  ('Ulsha', @rev),
  ('Ulviavyn', @rev),
  ('Ulvith', @rev),
  ('Ulvka', @rev),
  ('Ulvnor', @rev),
  ('Ulvomra', @rev),
  ('Ulvovyn', @rev),
  ('Ulvrath', @rev),
  ('Umearlin', @rev),
  ('Umeiadis', @rev),
  ('Umeiorthil', @rev),
  ('Umeirlorn', @rev),
  ('Umera', @rev),
  ('Umetis', @rev),
  ('Umewen', @rev),
  ('Umeymdis', @rev),
  ('Vaelirvyn', @rev),
  ('Vaellorn', @rev),
  ('Vaelomlin', @rev),
  ('Veyaenor', @rev),
  ('Veyaeria', @rev),
  ('Veynor', @rev),
  ('Veyordan', @rev),
  ('Veyvel', @rev),
  ('Vorazar', @rev),
  ('Vordon', @rev),
  ('Voreth', @rev),
  ('Vorra', @rev),
  ('Wendon', @rev),
  ('Wenevrin', @rev),
  ('Wengwen', @rev),
  ('Weniornor', @rev),
  ('Wradis', @rev),
  ('Wrairiss', @rev),
  ('Wraka', @rev),
  ('Wramar', @rev),
  ('Wynadeon', @rev),
  ('Wyndis', @rev),
  ('Wyniel', @rev),
  ('Yrarmond', @rev),
  ('Yrdan', @rev),
  ('Yrelorn', @rev),
  ('Yresha', @rev),
  ('Yrgwen', @rev),
  ('Yriorrath', @rev),
  ('Yrireon', @rev),
  ('Yrirwyr', @rev),
  ('Yrmond', @rev),
  ('Yrnor', @rev),
  ('Yrymka', @rev),
  ('Yssathven', @rev),
  ('Ysseara', @rev),
  ('Yssiorlorn', @rev),
  ('Ysswen', @rev),
  ('Yssymwyn', @rev),
  ('Zanathnor', @rev),
  ('Zandan', @rev),
  ('Zanomlin', @rev),
  ('Zanomthas', @rev),
  ('Zanorwyn', @rev),
  ('Zanuros', @rev),
  ('Zordan', @rev),
  ('Zorevven', @rev),
  ('Zorvel', @rev),
  ('Ærindel', @rev),
  ('Søvrin', @rev),
  ('Élandra', @rev),
  ('Brynjø', @rev),
  ('Þyrrin', @rev),
  ('Öskarra', @rev),
  ('Mirëth', @rev),
  ('Tal''Vessa', @rev),
  ('Ash-Kaelin', @rev);
