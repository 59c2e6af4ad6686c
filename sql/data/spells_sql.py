#!/usr/bin/env python3
"""Prints migration 0012 (the spell, spell_effect and markov_name tables
and their shipped rows) from sql/data/spells.tsv and
sql/data/markov_names.txt. The migration is what the database runs; this
script is how its rows were written, kept so that the data files stay the
one place a shipped spell or name is edited.
Usage: sql/data/spells_sql.py > sql/migrations/0012_spells.sql"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARAMS = 5

HEAD = """\
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
"""

TRIGGERS = """\
DROP TRIGGER IF EXISTS {t}_bi //
CREATE TRIGGER {t}_bi BEFORE INSERT ON {t} FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{t}: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS {t}_bu //
CREATE TRIGGER {t}_bu BEFORE UPDATE ON {t} FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT ({same} AND OLD.added_rev <=> NEW.added_rev) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{t}: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS {t}_bd //
CREATE TRIGGER {t}_bd BEFORE DELETE ON {t} FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{t}: rows are never deleted; retire the row instead' //

"""

EFFECT_TRIGGERS = """\
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

"""


def same(cols):
    return " AND ".join("OLD.%s <=> NEW.%s" % (c, c) for c in cols)


def q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def read_spells():
    spells, header = [], None
    with open(os.path.join(HERE, "spells.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            name, mana, level, tier = cells[0], int(cells[1]), int(cells[2]), int(cells[3])
            effects = []
            for cell in cells[4:]:
                if not cell:
                    continue
                parts = cell.split()
                ps = [int(p) for p in parts[1:]]
                if len(ps) > PARAMS:
                    sys.exit("%s: more than %d params in %r" % (name, PARAMS, cell))
                effects.append((parts[0], ps + [0] * (PARAMS - len(ps))))
            spells.append((name, mana, level, tier, effects))
    return spells


def read_names():
    with open(os.path.join(HERE, "markov_names.txt"), encoding="utf-8") as f:
        return [n.strip() for n in f if n.strip() and not n.startswith("#")]


def main():
    out = [HEAD]
    out.append(TRIGGERS.format(t="spell", same=same(["id", "word", "mana", "level", "tier", "active"])))
    out.append(TRIGGERS.format(t="markov_name", same=same(["id", "name"])))
    out.append(EFFECT_TRIGGERS)
    out.append("-- The shipped rows: one change set.\n"
               "UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;\n"
               "SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);\n\n")
    for name, mana, level, tier, effects in read_spells():
        out.append("INSERT INTO spell (word, mana, level, tier, added_rev) VALUES (%s, %d, %d, %d, @rev);\n"
                   % (q(name), mana, level, tier))
        out.append("SET @s = LAST_INSERT_ID();\n")
        rows = ", ".join("(@s, %d, %s, %s)" % (i + 1, q(kind), ", ".join(str(p) for p in ps))
                         for i, (kind, ps) in enumerate(effects))
        out.append("INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p3, p4, p5) VALUES %s;\n" % rows)
    out.append("\nINSERT INTO markov_name (name, added_rev) VALUES\n")
    out.append(",\n".join("  (%s, @rev)" % q(n) for n in read_names()))
    out.append(";\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
