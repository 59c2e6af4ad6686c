-- 0020: what is in a room (SPEC §16, docs/dungeons.md "Dressing").
--
-- dungeon_dressing  the tables a keyed dungeon's rooms and doors draw from
--                   beyond treasure, one row an entry, `kind` naming its
--                   table:
--                   door      a door state (name: open, closed, locked, stuck,
--                             trapped or secret) and its weight for the
--                             levels level_min..level_max;
--                   trap      a trap (name, a one-line effect in words,
--                             system-neutral), in rooms and hallways;
--                   occupant  a creature (name singular, plural) met from
--                             level_min to level_max, number_min..number_max
--                             of them;
--                   feature, sound, smell  a room's short description: a
--                             feature, then a sound or a smell (name: the
--                             phrase).
--                   weight: how often among the rows of its kind that fit the
--                   level. Rows follow 0008's revision rules (added_rev /
--                   retired_rev, never changed in place, never deleted), so a
--                   dungeon's code draws from the rows of its revision forever.

CREATE TABLE IF NOT EXISTS dungeon_dressing (
  id          INT UNSIGNED NOT NULL AUTO_INCREMENT,
  kind        VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  name        VARCHAR(64) NOT NULL,
  plural      VARCHAR(64) NOT NULL DEFAULT '',
  effect      VARCHAR(160) NOT NULL DEFAULT '',
  level_min   TINYINT UNSIGNED NOT NULL DEFAULT 1,
  level_max   TINYINT UNSIGNED NOT NULL DEFAULT 20,
  number_min  TINYINT UNSIGNED NOT NULL DEFAULT 1,
  number_max  TINYINT UNSIGNED NOT NULL DEFAULT 1,
  weight      INT UNSIGNED NOT NULL DEFAULT 10,
  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev BIGINT UNSIGNED NULL,
  PRIMARY KEY (id),
  KEY dungeon_dressing_kind (kind, id),
  CONSTRAINT dungeon_dressing_chk_kind CHECK (kind IN ('door', 'trap', 'occupant', 'feature', 'sound', 'smell')),
  CONSTRAINT dungeon_dressing_chk_door CHECK (kind <> 'door' OR name IN ('open', 'closed', 'locked', 'stuck', 'trapped', 'secret')),
  CONSTRAINT dungeon_dressing_chk_level CHECK (level_min BETWEEN 1 AND 20 AND level_max BETWEEN level_min AND 20),
  CONSTRAINT dungeon_dressing_chk_number CHECK (number_min BETWEEN 1 AND 20 AND number_max BETWEEN number_min AND 20),
  CONSTRAINT dungeon_dressing_chk_weight CHECK (weight BETWEEN 1 AND 1000000)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DELIMITER //
DROP TRIGGER IF EXISTS dungeon_dressing_bi //
CREATE TRIGGER dungeon_dressing_bi BEFORE INSERT ON dungeon_dressing FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_dressing: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS dungeon_dressing_bu //
CREATE TRIGGER dungeon_dressing_bu BEFORE UPDATE ON dungeon_dressing FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.kind <=> NEW.kind AND OLD.name <=> NEW.name AND OLD.plural <=> NEW.plural AND OLD.effect <=> NEW.effect AND OLD.level_min <=> NEW.level_min AND OLD.level_max <=> NEW.level_max AND OLD.number_min <=> NEW.number_min AND OLD.number_max <=> NEW.number_max AND OLD.weight <=> NEW.weight AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_dressing: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS dungeon_dressing_bd //
CREATE TRIGGER dungeon_dressing_bd BEFORE DELETE ON dungeon_dressing FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_dressing: rows are never deleted; retire the row instead' //
DELIMITER ;

-- The starter rows, written for this project: one change set.
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
INSERT INTO dungeon_dressing (kind, name, plural, effect, level_min, level_max, number_min,
                              number_max, weight, added_rev) VALUES
  -- door states: deeper levels lock, trap and hide more of their doors
  ('door', 'open', '', '', 1, 5, 1, 1, 30, @rev),
  ('door', 'closed', '', '', 1, 5, 1, 1, 40, @rev),
  ('door', 'locked', '', '', 1, 5, 1, 1, 12, @rev),
  ('door', 'stuck', '', '', 1, 5, 1, 1, 12, @rev),
  ('door', 'trapped', '', '', 1, 5, 1, 1, 3, @rev),
  ('door', 'secret', '', '', 1, 5, 1, 1, 3, @rev),
  ('door', 'open', '', '', 6, 12, 1, 1, 20, @rev),
  ('door', 'closed', '', '', 6, 12, 1, 1, 35, @rev),
  ('door', 'locked', '', '', 6, 12, 1, 1, 20, @rev),
  ('door', 'stuck', '', '', 6, 12, 1, 1, 10, @rev),
  ('door', 'trapped', '', '', 6, 12, 1, 1, 8, @rev),
  ('door', 'secret', '', '', 6, 12, 1, 1, 7, @rev),
  ('door', 'open', '', '', 13, 20, 1, 1, 15, @rev),
  ('door', 'closed', '', '', 13, 20, 1, 1, 30, @rev),
  ('door', 'locked', '', '', 13, 20, 1, 1, 25, @rev),
  ('door', 'stuck', '', '', 13, 20, 1, 1, 8, @rev),
  ('door', 'trapped', '', '', 13, 20, 1, 1, 12, @rev),
  ('door', 'secret', '', '', 13, 20, 1, 1, 10, @rev),
  -- traps
  ('trap', 'pit', '', 'a covered pit drops whoever steps on it ten feet onto stones', 1, 20, 1, 1, 20, @rev),
  ('trap', 'dart slit', '', 'darts fly from a slit in the wall at whoever crosses the line', 1, 10, 1, 1, 15, @rev),
  ('trap', 'tripwire bell', '', 'a thin wire rings a bell that wakes the nearest occupants', 1, 8, 1, 1, 15, @rev),
  ('trap', 'falling net', '', 'a weighted net falls from the ceiling and holds whoever is under it', 1, 12, 1, 1, 12, @rev),
  ('trap', 'scything blade', '', 'a blade swings out of the wall at waist height', 4, 20, 1, 1, 12, @rev),
  ('trap', 'gas vent', '', 'a pressure plate lets out a choking gas that fills the space', 5, 20, 1, 1, 10, @rev),
  ('trap', 'rolling stone', '', 'a loose stone releases a boulder that rolls the length of the way', 8, 20, 1, 1, 8, @rev),
  ('trap', 'spiked pit', '', 'a deep pit lined with spikes opens under the floor', 6, 20, 1, 1, 10, @rev),
  ('trap', 'fire glyph', '', 'a faint glyph bursts into flame when someone steps over it', 10, 20, 1, 1, 8, @rev),
  ('trap', 'collapsing ceiling', '', 'a pulled support brings the ceiling down in front and behind', 12, 20, 1, 1, 6, @rev),
  -- occupants, by level range
  ('occupant', 'giant rat', 'giant rats', '', 1, 4, 2, 6, 20, @rev),
  ('occupant', 'goblin', 'goblins', '', 1, 5, 2, 5, 20, @rev),
  ('occupant', 'kobold', 'kobolds', '', 1, 4, 3, 6, 15, @rev),
  ('occupant', 'skeleton', 'skeletons', '', 1, 6, 1, 4, 15, @rev),
  ('occupant', 'giant spider', 'giant spiders', '', 2, 7, 1, 3, 10, @rev),
  ('occupant', 'bandit', 'bandits', '', 1, 6, 2, 5, 12, @rev),
  ('occupant', 'orc', 'orcs', '', 3, 9, 2, 5, 15, @rev),
  ('occupant', 'ghoul', 'ghouls', '', 4, 10, 1, 4, 12, @rev),
  ('occupant', 'ogre', 'ogres', '', 5, 12, 1, 2, 10, @rev),
  ('occupant', 'hobgoblin', 'hobgoblins', '', 4, 10, 2, 6, 12, @rev),
  ('occupant', 'troll', 'trolls', '', 8, 15, 1, 2, 10, @rev),
  ('occupant', 'wraith', 'wraiths', '', 9, 16, 1, 3, 8, @rev),
  ('occupant', 'minotaur', 'minotaurs', '', 9, 16, 1, 1, 6, @rev),
  ('occupant', 'stone giant', 'stone giants', '', 12, 20, 1, 2, 8, @rev),
  ('occupant', 'vampire spawn', 'vampire spawn', '', 11, 18, 1, 3, 8, @rev),
  ('occupant', 'young dragon', 'young dragons', '', 13, 20, 1, 1, 5, @rev),
  ('occupant', 'lich', 'liches', '', 17, 20, 1, 1, 3, @rev),
  ('occupant', 'demon', 'demons', '', 15, 20, 1, 2, 5, @rev),
  -- a room's description: a feature, then a sound or a smell
  ('feature', 'a collapsed pillar across the floor', '', '', 1, 20, 1, 1, 10, @rev),
  ('feature', 'a dry fountain choked with leaves', '', '', 1, 20, 1, 1, 10, @rev),
  ('feature', 'faded murals of a hunt on the walls', '', '', 1, 20, 1, 1, 10, @rev),
  ('feature', 'a ring of stones around old ashes', '', '', 1, 20, 1, 1, 10, @rev),
  ('feature', 'broken shelves and scattered pottery', '', '', 1, 20, 1, 1, 10, @rev),
  ('feature', 'a rusted iron cage hanging from a chain', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'a stone altar stained dark', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'roots breaking through the ceiling', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'a shallow pool of black water', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'bunks of rotten straw along one wall', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'a statue with its head missing', '', '', 1, 20, 1, 1, 8, @rev),
  ('feature', 'chains and manacles set into the wall', '', '', 1, 20, 1, 1, 8, @rev),
  ('sound', 'water dripping somewhere', '', '', 1, 20, 1, 1, 10, @rev),
  ('sound', 'a distant scraping', '', '', 1, 20, 1, 1, 10, @rev),
  ('sound', 'wind moaning through a crack', '', '', 1, 20, 1, 1, 10, @rev),
  ('sound', 'the squeak of rats', '', '', 1, 20, 1, 1, 10, @rev),
  ('sound', 'faint chanting far off', '', '', 1, 20, 1, 1, 6, @rev),
  ('sound', 'silence, heavy and complete', '', '', 1, 20, 1, 1, 8, @rev),
  ('smell', 'damp earth', '', '', 1, 20, 1, 1, 10, @rev),
  ('smell', 'smoke', '', '', 1, 20, 1, 1, 10, @rev),
  ('smell', 'rot', '', '', 1, 20, 1, 1, 10, @rev),
  ('smell', 'old blood', '', '', 1, 20, 1, 1, 6, @rev),
  ('smell', 'incense', '', '', 1, 20, 1, 1, 6, @rev),
  ('smell', 'mould', '', '', 1, 20, 1, 1, 10, @rev);
