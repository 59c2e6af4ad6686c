-- 0017: keyed dungeons (issue 25, SPEC §13, docs/dungeons.md).
--
-- dungeon_treasure  the treasure budget of a dungeon level (1..20): a row a
--                   level. budget_per_room: the gold pieces a dungeon of this
--                   level holds in coins, gems and art objects, per room;
--                   tier: the tier its items are rolled at; empty_pct,
--                   items_pct, hoard_pct: how a room is stocked (they sum to
--                   100); items_max: the items a room of items holds at most;
--                   gem_value, art_value: a gem's and an art object's base
--                   value in gp. Rows follow 0008's revision rules
--                   (added_rev / retired_rev, never changed in place, never
--                   deleted; one live row a level), so a dungeon's code, which
--                   names a catalog revision, keys its rooms from the row of
--                   its revision forever.
--
-- map_tile joins the revision rules: added_rev / retired_rev, rows never
-- changed in place (an edit retires the row and adds a new one) and never
-- deleted, a name unique among the live rows of its tileset (live_name). A
-- dungeon's code draws its map from the tiles of its revision. The rows
-- before this migration are stamped with its first change set; 0007's
-- triggers, which bumped the revision once per row changed, give way to
-- ones that stamp rows like the affix tables'.
--
-- And three dungeon looks as map_tile rows (drawn by
-- sql/tiles/draw_dungeon_tiles.py), one change set: `walls` (every opening
-- a door, so every floor region is outlined by wall), `curvy` (rounded rooms
-- and bends) and `crumbling` (rooms and hallways whose walls have fallen
-- in). `plain` is 0007's.

DROP TRIGGER IF EXISTS map_tile_ai;
DROP TRIGGER IF EXISTS map_tile_au;
DROP TRIGGER IF EXISTS map_tile_ad;

ALTER TABLE map_tile
  ADD COLUMN added_rev BIGINT UNSIGNED NOT NULL DEFAULT 0,
  ADD COLUMN retired_rev BIGINT UNSIGNED NULL,
  ADD COLUMN live_name VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin
    AS (IF(retired_rev IS NULL, name, NULL)) PERSISTENT,
  DROP INDEX map_tile_name,
  ADD UNIQUE KEY map_tile_live_name (tileset, live_name),
  ADD KEY map_tile_name (tileset, name);

UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
UPDATE map_tile SET added_rev = @rev;

CREATE TABLE IF NOT EXISTS dungeon_treasure (
  id              INT UNSIGNED NOT NULL AUTO_INCREMENT,
  level           TINYINT UNSIGNED NOT NULL,
  budget_per_room INT UNSIGNED NOT NULL,
  tier            TINYINT UNSIGNED NOT NULL,
  empty_pct       TINYINT UNSIGNED NOT NULL,
  items_pct       TINYINT UNSIGNED NOT NULL,
  hoard_pct       TINYINT UNSIGNED NOT NULL,
  items_max       TINYINT UNSIGNED NOT NULL,
  gem_value       INT UNSIGNED NOT NULL,
  art_value       INT UNSIGNED NOT NULL,
  added_rev       BIGINT UNSIGNED NOT NULL DEFAULT 0,
  retired_rev     BIGINT UNSIGNED NULL,
  live_level      TINYINT UNSIGNED AS (IF(retired_rev IS NULL, level, NULL)) PERSISTENT,
  PRIMARY KEY (id),
  UNIQUE KEY dungeon_treasure_live_level (live_level),
  CONSTRAINT dungeon_treasure_chk_level CHECK (level BETWEEN 1 AND 20),
  CONSTRAINT dungeon_treasure_chk_tier CHECK (tier BETWEEN 1 AND 6),
  CONSTRAINT dungeon_treasure_chk_pct CHECK (empty_pct + items_pct + hoard_pct = 100),
  CONSTRAINT dungeon_treasure_chk_items CHECK (items_max BETWEEN 1 AND 4),
  CONSTRAINT dungeon_treasure_chk_budget CHECK (budget_per_room <= 1000000)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

DELIMITER //
DROP TRIGGER IF EXISTS dungeon_treasure_bi //
CREATE TRIGGER dungeon_treasure_bi BEFORE INSERT ON dungeon_treasure FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_treasure: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS dungeon_treasure_bu //
CREATE TRIGGER dungeon_treasure_bu BEFORE UPDATE ON dungeon_treasure FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.level <=> NEW.level AND OLD.budget_per_room <=> NEW.budget_per_room AND OLD.tier <=> NEW.tier AND OLD.empty_pct <=> NEW.empty_pct AND OLD.items_pct <=> NEW.items_pct AND OLD.hoard_pct <=> NEW.hoard_pct AND OLD.items_max <=> NEW.items_max AND OLD.gem_value <=> NEW.gem_value AND OLD.art_value <=> NEW.art_value AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_treasure: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS dungeon_treasure_bd //
CREATE TRIGGER dungeon_treasure_bd BEFORE DELETE ON dungeon_treasure FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'dungeon_treasure: rows are never deleted; retire the row instead' //
DROP TRIGGER IF EXISTS map_tile_bi //
CREATE TRIGGER map_tile_bi BEFORE INSERT ON map_tile FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'map_tile: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS map_tile_bu //
CREATE TRIGGER map_tile_bu BEFORE UPDATE ON map_tile FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT (OLD.id <=> NEW.id AND OLD.tileset <=> NEW.tileset AND OLD.name <=> NEW.name AND OLD.pattern <=> NEW.pattern AND OLD.edge_n <=> NEW.edge_n AND OLD.edge_e <=> NEW.edge_e AND OLD.edge_s <=> NEW.edge_s AND OLD.edge_w <=> NEW.edge_w AND OLD.weight <=> NEW.weight AND OLD.active <=> NEW.active AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'map_tile: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS map_tile_bd //
CREATE TRIGGER map_tile_bd BEFORE DELETE ON map_tile FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'map_tile: rows are never deleted; retire the row instead' //
DELIMITER ;

-- The shipped budget and the three looks: one change set.
UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);
INSERT INTO dungeon_treasure (level, budget_per_room, tier, empty_pct, items_pct, hoard_pct,
                              items_max, gem_value, art_value, added_rev) VALUES
  (1, 25, 1, 40, 45, 15, 1, 10, 25, @rev),
  (2, 76, 1, 40, 45, 15, 1, 10, 25, @rev),
  (3, 145, 1, 40, 45, 15, 1, 10, 25, @rev),
  (4, 230, 1, 40, 45, 15, 1, 10, 25, @rev),
  (5, 328, 2, 35, 45, 20, 2, 50, 250, @rev),
  (6, 440, 2, 35, 45, 20, 2, 50, 250, @rev),
  (7, 562, 2, 35, 45, 20, 2, 50, 250, @rev),
  (8, 696, 3, 35, 45, 20, 2, 50, 250, @rev),
  (9, 841, 3, 35, 45, 20, 2, 50, 250, @rev),
  (10, 995, 3, 35, 45, 20, 2, 50, 250, @rev),
  (11, 1159, 4, 30, 45, 25, 3, 100, 750, @rev),
  (12, 1332, 4, 30, 45, 25, 3, 100, 750, @rev),
  (13, 1514, 4, 30, 45, 25, 3, 100, 750, @rev),
  (14, 1705, 4, 30, 45, 25, 3, 100, 750, @rev),
  (15, 1904, 5, 30, 45, 25, 3, 100, 750, @rev),
  (16, 2111, 5, 30, 45, 25, 3, 100, 750, @rev),
  (17, 2326, 5, 25, 45, 30, 3, 500, 2500, @rev),
  (18, 2549, 6, 25, 45, 30, 3, 500, 2500, @rev),
  (19, 2779, 6, 25, 45, 30, 3, 500, 2500, @rev),
  (20, 3017, 6, 25, 45, 30, 3, 500, 2500, @rev);

INSERT IGNORE INTO map_tile (tileset, name, pattern, edge_n, edge_e, edge_s, edge_w, weight,
                             added_rev) VALUES
  ('walls', 'room-n0e0s0w0', '#######....##....##....##....#######', 0, 0, 0, 0, 1, @rev),
  ('walls', 'hall-n0e0s0w1', '############....##....##############', 0, 0, 0, 1, 6, @rev),
  ('walls', 'room-n0e0s0w1', '#######....#.....#.....##....#######', 0, 0, 0, 1, 1, @rev),
  ('walls', 'hall-n0e0s1w0', '##############..####..####..####..##', 0, 0, 1, 0, 6, @rev),
  ('walls', 'room-n0e0s1w0', '#######....##....##....##....###..##', 0, 0, 1, 0, 1, @rev),
  ('walls', 'hall-n0e0s1w1', '############....##....####..####..##', 0, 0, 1, 1, 6, @rev),
  ('walls', 'room-n0e0s1w1', '#######....#.....#.....##....###..##', 0, 0, 1, 1, 1, @rev),
  ('walls', 'hall-n0e1s0w0', '##############....##....############', 0, 1, 0, 0, 6, @rev),
  ('walls', 'room-n0e1s0w0', '#######....##.....#.....#....#######', 0, 1, 0, 0, 1, @rev),
  ('walls', 'hall-n0e1s0w1', '############............############', 0, 1, 0, 1, 6, @rev),
  ('walls', 'room-n0e1s0w1', '#######....#............#....#######', 0, 1, 0, 1, 1, @rev),
  ('walls', 'hall-n0e1s1w0', '##############....##....##..####..##', 0, 1, 1, 0, 6, @rev),
  ('walls', 'room-n0e1s1w0', '#######....##.....#.....#....###..##', 0, 1, 1, 0, 1, @rev),
  ('walls', 'hall-n0e1s1w1', '############............##..####..##', 0, 1, 1, 1, 6, @rev),
  ('walls', 'room-n0e1s1w1', '#######....#............#....###..##', 0, 1, 1, 1, 1, @rev),
  ('walls', 'hall-n1e0s0w0', '##..####..####..####..##############', 1, 0, 0, 0, 6, @rev),
  ('walls', 'room-n1e0s0w0', '##..###....##....##....##....#######', 1, 0, 0, 0, 1, @rev),
  ('walls', 'hall-n1e0s0w1', '##..####..##....##....##############', 1, 0, 0, 1, 6, @rev),
  ('walls', 'room-n1e0s0w1', '##..###....#.....#.....##....#######', 1, 0, 0, 1, 1, @rev),
  ('walls', 'hall-n1e0s1w0', '##..####..####..####..####..####..##', 1, 0, 1, 0, 6, @rev),
  ('walls', 'room-n1e0s1w0', '##..###....##....##....##....###..##', 1, 0, 1, 0, 1, @rev),
  ('walls', 'hall-n1e0s1w1', '##..####..##....##....####..####..##', 1, 0, 1, 1, 6, @rev),
  ('walls', 'room-n1e0s1w1', '##..###....#.....#.....##....###..##', 1, 0, 1, 1, 1, @rev),
  ('walls', 'hall-n1e1s0w0', '##..####..####....##....############', 1, 1, 0, 0, 6, @rev),
  ('walls', 'room-n1e1s0w0', '##..###....##.....#.....#....#######', 1, 1, 0, 0, 1, @rev),
  ('walls', 'hall-n1e1s0w1', '##..####..##............############', 1, 1, 0, 1, 6, @rev),
  ('walls', 'room-n1e1s0w1', '##..###....#............#....#######', 1, 1, 0, 1, 1, @rev),
  ('walls', 'hall-n1e1s1w0', '##..####..####....##....##..####..##', 1, 1, 1, 0, 6, @rev),
  ('walls', 'room-n1e1s1w0', '##..###....##.....#.....#....###..##', 1, 1, 1, 0, 1, @rev),
  ('walls', 'hall-n1e1s1w1', '##..####..##............##..####..##', 1, 1, 1, 1, 6, @rev),
  ('walls', 'room-n1e1s1w1', '##..###....#............#....###..##', 1, 1, 1, 1, 1, @rev),
  ('curvy', 'room-n0e0s0w0', '########...##....##....##...########', 0, 0, 0, 0, 1, @rev),
  ('crumbling', 'room-n0e0s0w0', '########..###....##....##....#######', 0, 0, 0, 0, 1, @rev),
  ('curvy', 'hall-n0e0s0w1', '############....##....##############', 0, 0, 0, 1, 6, @rev),
  ('crumbling', 'hall-n0e0s0w1', '############....##....##############', 0, 0, 0, 1, 6, @rev),
  ('curvy', 'room-n0e0s0w1', '########...#.....#.....##...########', 0, 0, 0, 1, 1, @rev),
  ('crumbling', 'room-n0e0s0w1', '#########..#.....#.....##....#######', 0, 0, 0, 1, 1, @rev),
  ('curvy', 'room-n0e0s0w4', '######.....#.....#.....#....########', 0, 0, 0, 4, 1, @rev),
  ('crumbling', 'room-n0e0s0w4', '######...###.....#.....#.....#######', 0, 0, 0, 4, 1, @rev),
  ('curvy', 'hall-n0e0s1w0', '##############..####..####..####..##', 0, 0, 1, 0, 6, @rev),
  ('crumbling', 'hall-n0e0s1w0', '##############..####..####...###..##', 0, 0, 1, 0, 6, @rev),
  ('curvy', 'room-n0e0s1w0', '########...##....##....##...####..##', 0, 0, 1, 0, 1, @rev),
  ('crumbling', 'room-n0e0s1w0', '#######...###....##....###...###..##', 0, 0, 1, 0, 1, @rev),
  ('curvy', 'hall-n0e0s1w1', '############....##....###...####..##', 0, 0, 1, 1, 6, @rev),
  ('crumbling', 'hall-n0e0s1w1', '#######.####....##....####..####..##', 0, 0, 1, 1, 6, @rev),
  ('curvy', 'room-n0e0s1w1', '########...#.....#.....##...####..##', 0, 0, 1, 1, 1, @rev),
  ('crumbling', 'room-n0e0s1w1', '#######....#.....#....####...###..##', 0, 0, 1, 1, 1, @rev),
  ('curvy', 'room-n0e0s1w4', '######.....#.....#.....#....####..##', 0, 0, 1, 4, 1, @rev),
  ('crumbling', 'room-n0e0s1w4', '######....##.....#....##.....###..##', 0, 0, 1, 4, 1, @rev),
  ('curvy', 'room-n0e0s4w0', '########...##....##....##....##....#', 0, 0, 4, 0, 1, @rev),
  ('crumbling', 'room-n0e0s4w0', '#######....##...####...##....##....#', 0, 0, 4, 0, 1, @rev),
  ('curvy', 'room-n0e0s4w1', '########...#.....#.....##....##....#', 0, 0, 4, 1, 1, @rev),
  ('crumbling', 'room-n0e0s4w1', '#######.#..#....##.....##....##....#', 0, 0, 4, 1, 1, @rev),
  ('curvy', 'room-n0e0s4w4', '######....##.....#.....#.....##....#', 0, 0, 4, 4, 1, @rev),
  ('crumbling', 'room-n0e0s4w4', '######.....#....##....##.....##....#', 0, 0, 4, 4, 1, @rev),
  ('curvy', 'hall-n0e1s0w0', '##############....##....############', 0, 1, 0, 0, 6, @rev),
  ('crumbling', 'hall-n0e1s0w0', '##########.###....##....############', 0, 1, 0, 0, 6, @rev),
  ('curvy', 'room-n0e1s0w0', '########...##.....#.....#...########', 0, 1, 0, 0, 1, @rev),
  ('crumbling', 'room-n0e1s0w0', '#######....##.....##....#..#.#######', 0, 1, 0, 0, 1, @rev),
  ('curvy', 'hall-n0e1s0w1', '############............############', 0, 1, 0, 1, 6, @rev),
  ('crumbling', 'hall-n0e1s0w1', '############............#.##########', 0, 1, 0, 1, 6, @rev),
  ('curvy', 'room-n0e1s0w1', '########...#............#...########', 0, 1, 0, 1, 1, @rev),
  ('crumbling', 'room-n0e1s0w1', '#######.##.#............#....#######', 0, 1, 0, 1, 1, @rev),
  ('curvy', 'room-n0e1s0w4', '######.....#................########', 0, 1, 0, 4, 1, @rev),
  ('crumbling', 'room-n0e1s0w4', '######....##................########', 0, 1, 0, 4, 1, @rev),
  ('curvy', 'hall-n0e1s1w0', '##############....##....##...###..##', 0, 1, 1, 0, 6, @rev),
  ('crumbling', 'hall-n0e1s1w0', '##############....##....##..####..##', 0, 1, 1, 0, 6, @rev),
  ('curvy', 'room-n0e1s1w0', '########...##.....#.....#...####..##', 0, 1, 1, 0, 1, @rev),
  ('crumbling', 'room-n0e1s1w0', '#######....##.....##....##...###..##', 0, 1, 1, 0, 1, @rev),
  ('curvy', 'hall-n0e1s1w1', '############............##..####..##', 0, 1, 1, 1, 6, @rev),
  ('crumbling', 'hall-n0e1s1w1', '############............##..####..##', 0, 1, 1, 1, 6, @rev),
  ('curvy', 'room-n0e1s1w1', '########...#............#...####..##', 0, 1, 1, 1, 1, @rev),
  ('crumbling', 'room-n0e1s1w1', '#######.#..#............##...###..##', 0, 1, 1, 1, 1, @rev),
  ('curvy', 'room-n0e1s1w4', '######.....#................####..##', 0, 1, 1, 4, 1, @rev),
  ('crumbling', 'room-n0e1s1w4', '######...###.................###..##', 0, 1, 1, 4, 1, @rev),
  ('curvy', 'room-n0e1s4w0', '########...##.....#.....#....##....#', 0, 1, 4, 0, 1, @rev),
  ('crumbling', 'room-n0e1s4w0', '########..###.....#.....#....##....#', 0, 1, 4, 0, 1, @rev),
  ('curvy', 'room-n0e1s4w1', '########...#............#....##....#', 0, 1, 4, 1, 1, @rev),
  ('crumbling', 'room-n0e1s4w1', '########..##............#....##....#', 0, 1, 4, 1, 1, @rev),
  ('curvy', 'room-n0e1s4w4', '######....##.................##....#', 0, 1, 4, 4, 1, @rev),
  ('crumbling', 'room-n0e1s4w4', '######....##.................##....#', 0, 1, 4, 4, 1, @rev),
  ('curvy', 'room-n0e4s0w0', '########....#.....#.....#.....######', 0, 4, 0, 0, 1, @rev),
  ('crumbling', 'room-n0e4s0w0', '#######.##..#.....#.....#.....######', 0, 4, 0, 0, 1, @rev),
  ('curvy', 'room-n0e4s0w1', '########................#.....######', 0, 4, 0, 1, 1, @rev),
  ('crumbling', 'room-n0e4s0w1', '#######.#...............#.#...######', 0, 4, 0, 1, 1, @rev),
  ('curvy', 'room-n0e4s0w4', '######........................######', 0, 4, 0, 4, 1, @rev),
  ('crumbling', 'room-n0e4s0w4', '######..#..................#..######', 0, 4, 0, 4, 1, @rev),
  ('curvy', 'room-n0e4s1w0', '########....#.....#.....#.....##..##', 0, 4, 1, 0, 1, @rev),
  ('crumbling', 'room-n0e4s1w0', '########....#.....#.....##....##..##', 0, 4, 1, 0, 1, @rev),
  ('curvy', 'room-n0e4s1w1', '########................#.....##..##', 0, 4, 1, 1, 1, @rev),
  ('crumbling', 'room-n0e4s1w1', '#######.##..............#.....##..##', 0, 4, 1, 1, 1, @rev),
  ('curvy', 'room-n0e4s1w4', '######........................##..##', 0, 4, 1, 4, 1, @rev),
  ('crumbling', 'room-n0e4s1w4', '######..##....................##..##', 0, 4, 1, 4, 1, @rev),
  ('curvy', 'room-n0e4s4w0', '########....#.....#.....#.....#....#', 0, 4, 4, 0, 1, @rev),
  ('crumbling', 'room-n0e4s4w0', '#######.#...#.....##....#.....#....#', 0, 4, 4, 0, 1, @rev),
  ('curvy', 'room-n0e4s4w1', '########................#.....#....#', 0, 4, 4, 1, 1, @rev),
  ('crumbling', 'room-n0e4s4w1', '#######.#...............#.....#....#', 0, 4, 4, 1, 1, @rev),
  ('curvy', 'room-n0e4s4w4', '######........................#....#', 0, 4, 4, 4, 1, @rev),
  ('crumbling', 'room-n0e4s4w4', '######..##....................#....#', 0, 4, 4, 4, 1, @rev),
  ('curvy', 'hall-n1e0s0w0', '##..####..####..####..##############', 1, 0, 0, 0, 6, @rev),
  ('crumbling', 'hall-n1e0s0w0', '##..####..####..####..##############', 1, 0, 0, 0, 6, @rev),
  ('curvy', 'room-n1e0s0w0', '##..####...##....##....##...########', 1, 0, 0, 0, 1, @rev),
  ('crumbling', 'room-n1e0s0w0', '##..###....##....###...###...#######', 1, 0, 0, 0, 1, @rev),
  ('curvy', 'hall-n1e0s0w1', '##..###...##....##....##############', 1, 0, 0, 1, 6, @rev),
  ('crumbling', 'hall-n1e0s0w1', '##..###...##....##....##############', 1, 0, 0, 1, 6, @rev),
  ('curvy', 'room-n1e0s0w1', '##..####...#.....#.....##...########', 1, 0, 0, 1, 1, @rev),
  ('crumbling', 'room-n1e0s0w1', '##..###....#.....#.....##..#.#######', 1, 0, 0, 1, 1, @rev),
  ('curvy', 'room-n1e0s0w4', '##..##.....#.....#.....#....########', 1, 0, 0, 4, 1, @rev),
  ('crumbling', 'room-n1e0s0w4', '##..##.....#.....#....##.....#######', 1, 0, 0, 4, 1, @rev),
  ('curvy', 'hall-n1e0s1w0', '##..####..####..####..####..####..##', 1, 0, 1, 0, 6, @rev),
  ('crumbling', 'hall-n1e0s1w0', '##..####..####..####..###...####..##', 1, 0, 1, 0, 6, @rev),
  ('curvy', 'room-n1e0s1w0', '##..####...##....##....##...####..##', 1, 0, 1, 0, 1, @rev),
  ('crumbling', 'room-n1e0s1w0', '##..###....##...####...##....###..##', 1, 0, 1, 0, 1, @rev),
  ('curvy', 'hall-n1e0s1w1', '##..####..##....##....####..####..##', 1, 0, 1, 1, 6, @rev),
  ('crumbling', 'hall-n1e0s1w1', '##..####..##....##....####..####..##', 1, 0, 1, 1, 6, @rev),
  ('curvy', 'room-n1e0s1w1', '##..####...#.....#.....##...####..##', 1, 0, 1, 1, 1, @rev),
  ('crumbling', 'room-n1e0s1w1', '##..###...##....##.....##....###..##', 1, 0, 1, 1, 1, @rev),
  ('curvy', 'room-n1e0s1w4', '##..##.....#.....#.....#....####..##', 1, 0, 1, 4, 1, @rev),
  ('crumbling', 'room-n1e0s1w4', '##..##....##.....#....##.....###..##', 1, 0, 1, 4, 1, @rev),
  ('curvy', 'room-n1e0s4w0', '##..####...##....##....##....##....#', 1, 0, 4, 0, 1, @rev),
  ('crumbling', 'room-n1e0s4w0', '##..####...##....###...##....##....#', 1, 0, 4, 0, 1, @rev),
  ('curvy', 'room-n1e0s4w1', '##..####...#.....#.....##....##....#', 1, 0, 4, 1, 1, @rev),
  ('crumbling', 'room-n1e0s4w1', '##..###...##....##.....##....##....#', 1, 0, 4, 1, 1, @rev),
  ('curvy', 'room-n1e0s4w4', '##..##....##.....#.....#.....##....#', 1, 0, 4, 4, 1, @rev),
  ('crumbling', 'room-n1e0s4w4', '##..##.....#.....#....##.....##....#', 1, 0, 4, 4, 1, @rev),
  ('curvy', 'hall-n1e1s0w0', '##..####...###....##....############', 1, 1, 0, 0, 6, @rev),
  ('crumbling', 'hall-n1e1s0w0', '##..###...####....##....############', 1, 1, 0, 0, 6, @rev),
  ('curvy', 'room-n1e1s0w0', '##..####...##.....#.....#...########', 1, 1, 0, 0, 1, @rev),
  ('crumbling', 'room-n1e1s0w0', '##..###....##.....##....#..#.#######', 1, 1, 0, 0, 1, @rev),
  ('curvy', 'hall-n1e1s0w1', '##..####..##............############', 1, 1, 0, 1, 6, @rev),
  ('crumbling', 'hall-n1e1s0w1', '##..####..##............############', 1, 1, 0, 1, 6, @rev),
  ('curvy', 'room-n1e1s0w1', '##..####...#............#...########', 1, 1, 0, 1, 1, @rev),
  ('crumbling', 'room-n1e1s0w1', '##..###...##............#..#.#######', 1, 1, 0, 1, 1, @rev),
  ('curvy', 'room-n1e1s0w4', '##..##.....#................########', 1, 1, 0, 4, 1, @rev),
  ('crumbling', 'room-n1e1s0w4', '##..##.....#..............##.#######', 1, 1, 0, 4, 1, @rev),
  ('curvy', 'hall-n1e1s1w0', '##..####..####....##....##..####..##', 1, 1, 1, 0, 6, @rev),
  ('crumbling', 'hall-n1e1s1w0', '##..####..####....##....##..####..##', 1, 1, 1, 0, 6, @rev),
  ('curvy', 'room-n1e1s1w0', '##..####...##.....#.....#...####..##', 1, 1, 1, 0, 1, @rev),
  ('crumbling', 'room-n1e1s1w0', '##..####...##.....#.....#...####..##', 1, 1, 1, 0, 1, @rev),
  ('curvy', 'hall-n1e1s1w1', '##..####..##............##..####..##', 1, 1, 1, 1, 6, @rev),
  ('crumbling', 'hall-n1e1s1w1', '##..####..##............##..####..##', 1, 1, 1, 1, 6, @rev),
  ('curvy', 'room-n1e1s1w1', '##..####...#............#...####..##', 1, 1, 1, 1, 1, @rev),
  ('crumbling', 'room-n1e1s1w1', '##..####...#............#...####..##', 1, 1, 1, 1, 1, @rev),
  ('curvy', 'room-n1e1s1w4', '##..##.....#................####..##', 1, 1, 1, 4, 1, @rev),
  ('crumbling', 'room-n1e1s1w4', '##..##....##................####..##', 1, 1, 1, 4, 1, @rev),
  ('curvy', 'room-n1e1s4w0', '##..####...##.....#.....#....##....#', 1, 1, 4, 0, 1, @rev),
  ('crumbling', 'room-n1e1s4w0', '##..###...####....#.....#....##....#', 1, 1, 4, 0, 1, @rev),
  ('curvy', 'room-n1e1s4w1', '##..####...#............#....##....#', 1, 1, 4, 1, 1, @rev),
  ('crumbling', 'room-n1e1s4w1', '##..####..##............#....##....#', 1, 1, 4, 1, 1, @rev),
  ('curvy', 'room-n1e1s4w4', '##..##....##.................##....#', 1, 1, 4, 4, 1, @rev),
  ('crumbling', 'room-n1e1s4w4', '##..##....##.................##....#', 1, 1, 4, 4, 1, @rev),
  ('curvy', 'room-n1e4s0w0', '##..####....#.....#.....#.....######', 1, 4, 0, 0, 1, @rev),
  ('crumbling', 'room-n1e4s0w0', '##..####....#.....#.....#..#..######', 1, 4, 0, 0, 1, @rev),
  ('curvy', 'room-n1e4s0w1', '##..####................#.....######', 1, 4, 0, 1, 1, @rev),
  ('crumbling', 'room-n1e4s0w1', '##..###.................###...######', 1, 4, 0, 1, 1, @rev),
  ('curvy', 'room-n1e4s0w4', '##..##........................######', 1, 4, 0, 4, 1, @rev),
  ('crumbling', 'room-n1e4s0w4', '##..##....................##..######', 1, 4, 0, 4, 1, @rev),
  ('curvy', 'room-n1e4s1w0', '##..####....#.....#.....#.....##..##', 1, 4, 1, 0, 1, @rev),
  ('crumbling', 'room-n1e4s1w0', '##..####....#.....##....#.....##..##', 1, 4, 1, 0, 1, @rev),
  ('curvy', 'room-n1e4s1w1', '##..####................#.....##..##', 1, 4, 1, 1, 1, @rev),
  ('crumbling', 'room-n1e4s1w1', '##..####................##....##..##', 1, 4, 1, 1, 1, @rev),
  ('curvy', 'room-n1e4s1w4', '##..##........................##..##', 1, 4, 1, 4, 1, @rev),
  ('crumbling', 'room-n1e4s1w4', '##..##........................##..##', 1, 4, 1, 4, 1, @rev),
  ('curvy', 'room-n1e4s4w0', '##..####....#.....#.....#.....#....#', 1, 4, 4, 0, 1, @rev),
  ('crumbling', 'room-n1e4s4w0', '##..####....#.....#.....#.....#....#', 1, 4, 4, 0, 1, @rev),
  ('curvy', 'room-n1e4s4w1', '##..####................#.....#....#', 1, 4, 4, 1, 1, @rev),
  ('crumbling', 'room-n1e4s4w1', '##..####................#.....#....#', 1, 4, 4, 1, 1, @rev),
  ('curvy', 'room-n1e4s4w4', '##..##........................#....#', 1, 4, 4, 4, 1, @rev),
  ('crumbling', 'room-n1e4s4w4', '##..##........................#....#', 1, 4, 4, 4, 1, @rev),
  ('curvy', 'room-n4e0s0w0', '#....##....##....##....##...########', 4, 0, 0, 0, 1, @rev),
  ('crumbling', 'room-n4e0s0w0', '#....##....##...####...##....#######', 4, 0, 0, 0, 1, @rev),
  ('curvy', 'room-n4e0s0w1', '#....##....#.....#.....##...########', 4, 0, 0, 1, 1, @rev),
  ('crumbling', 'room-n4e0s0w1', '#....##....#....##.....##.#..#######', 4, 0, 0, 1, 1, @rev),
  ('curvy', 'room-n4e0s0w4', '#....#.....#.....#.....#....########', 4, 0, 0, 4, 1, @rev),
  ('crumbling', 'room-n4e0s0w4', '#....#.....#.....#.....#..##.#######', 4, 0, 0, 4, 1, @rev),
  ('curvy', 'room-n4e0s1w0', '#....##....##....##....##...####..##', 4, 0, 1, 0, 1, @rev),
  ('crumbling', 'room-n4e0s1w0', '#....##....##....###...###...###..##', 4, 0, 1, 0, 1, @rev),
  ('curvy', 'room-n4e0s1w1', '#....##....#.....#.....##...####..##', 4, 0, 1, 1, 1, @rev),
  ('crumbling', 'room-n4e0s1w1', '#....##....#....##.....##...####..##', 4, 0, 1, 1, 1, @rev),
  ('curvy', 'room-n4e0s1w4', '#....#.....#.....#.....#....####..##', 4, 0, 1, 4, 1, @rev),
  ('crumbling', 'room-n4e0s1w4', '#....#.....#.....#....##.....###..##', 4, 0, 1, 4, 1, @rev),
  ('curvy', 'room-n4e0s4w0', '#....##....##....##....##....##....#', 4, 0, 4, 0, 1, @rev),
  ('crumbling', 'room-n4e0s4w0', '#....##....###...##...###....##....#', 4, 0, 4, 0, 1, @rev),
  ('curvy', 'room-n4e0s4w1', '#....##....#.....#.....##....##....#', 4, 0, 4, 1, 1, @rev),
  ('crumbling', 'room-n4e0s4w1', '#....##....#....##....###....##....#', 4, 0, 4, 1, 1, @rev),
  ('curvy', 'room-n4e0s4w4', '#....#.....#.....#.....#.....##....#', 4, 0, 4, 4, 1, @rev),
  ('crumbling', 'room-n4e0s4w4', '#....#.....#....##....##.....##....#', 4, 0, 4, 4, 1, @rev),
  ('curvy', 'room-n4e1s0w0', '#....##....##.....#.....#...########', 4, 1, 0, 0, 1, @rev),
  ('crumbling', 'room-n4e1s0w0', '#....##....##.....#.....##..########', 4, 1, 0, 0, 1, @rev),
  ('curvy', 'room-n4e1s0w1', '#....##....#............#...########', 4, 1, 0, 1, 1, @rev),
  ('crumbling', 'room-n4e1s0w1', '#....##....#............##..########', 4, 1, 0, 1, 1, @rev),
  ('curvy', 'room-n4e1s0w4', '#....#.....#................########', 4, 1, 0, 4, 1, @rev),
  ('crumbling', 'room-n4e1s0w4', '#....#.....#................########', 4, 1, 0, 4, 1, @rev),
  ('curvy', 'room-n4e1s1w0', '#....##....##.....#.....#...####..##', 4, 1, 1, 0, 1, @rev),
  ('crumbling', 'room-n4e1s1w0', '#....##....###....#.....#...####..##', 4, 1, 1, 0, 1, @rev),
  ('curvy', 'room-n4e1s1w1', '#....##....#............#...####..##', 4, 1, 1, 1, 1, @rev),
  ('crumbling', 'room-n4e1s1w1', '#....##....#............##..####..##', 4, 1, 1, 1, 1, @rev),
  ('curvy', 'room-n4e1s1w4', '#....#.....#................####..##', 4, 1, 1, 4, 1, @rev),
  ('crumbling', 'room-n4e1s1w4', '#....#.....#................####..##', 4, 1, 1, 4, 1, @rev),
  ('curvy', 'room-n4e1s4w0', '#....##....##.....#.....#....##....#', 4, 1, 4, 0, 1, @rev),
  ('crumbling', 'room-n4e1s4w0', '#....##....###....##....#....##....#', 4, 1, 4, 0, 1, @rev),
  ('curvy', 'room-n4e1s4w1', '#....##....#............#....##....#', 4, 1, 4, 1, 1, @rev),
  ('crumbling', 'room-n4e1s4w1', '#....##....#............#....##....#', 4, 1, 4, 1, 1, @rev),
  ('curvy', 'room-n4e1s4w4', '#....#.....#.................##....#', 4, 1, 4, 4, 1, @rev),
  ('crumbling', 'room-n4e1s4w4', '#....#.....#.................##....#', 4, 1, 4, 4, 1, @rev),
  ('curvy', 'room-n4e4s0w0', '#....##.....#.....#.....##....######', 4, 4, 0, 0, 1, @rev),
  ('crumbling', 'room-n4e4s0w0', '#....##.....#.....#.....#..#..######', 4, 4, 0, 0, 1, @rev),
  ('curvy', 'room-n4e4s0w1', '#....##.................##....######', 4, 4, 0, 1, 1, @rev),
  ('crumbling', 'room-n4e4s0w1', '#....##.................#.#...######', 4, 4, 0, 1, 1, @rev),
  ('curvy', 'room-n4e4s0w4', '#....#........................######', 4, 4, 0, 4, 1, @rev),
  ('crumbling', 'room-n4e4s0w4', '#....#....................##..######', 4, 4, 0, 4, 1, @rev),
  ('curvy', 'room-n4e4s1w0', '#....##.....#.....#.....##....##..##', 4, 4, 1, 0, 1, @rev),
  ('crumbling', 'room-n4e4s1w0', '#....##.....#.....#.....##....##..##', 4, 4, 1, 0, 1, @rev),
  ('curvy', 'room-n4e4s1w1', '#....##.................##....##..##', 4, 4, 1, 1, 1, @rev),
  ('crumbling', 'room-n4e4s1w1', '#....##.................##....##..##', 4, 4, 1, 1, 1, @rev),
  ('curvy', 'room-n4e4s1w4', '#....#........................##..##', 4, 4, 1, 4, 1, @rev),
  ('crumbling', 'room-n4e4s1w4', '#....#........................##..##', 4, 4, 1, 4, 1, @rev),
  ('curvy', 'room-n4e4s4w0', '#....##.....#.....#.....#.....#....#', 4, 4, 4, 0, 1, @rev),
  ('crumbling', 'room-n4e4s4w0', '#....##.....##....##....#.....#....#', 4, 4, 4, 0, 1, @rev),
  ('curvy', 'room-n4e4s4w1', '#....##.................#.....#....#', 4, 4, 4, 1, 1, @rev),
  ('crumbling', 'room-n4e4s4w1', '#....##.................#.....#....#', 4, 4, 4, 1, 1, @rev),
  ('curvy', 'room-n4e4s4w4', '#....#........................#....#', 4, 4, 4, 4, 1, @rev),
  ('crumbling', 'room-n4e4s4w4', '#....#........................#....#', 4, 4, 4, 4, 1, @rev);
