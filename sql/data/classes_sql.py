#!/usr/bin/env python3
"""Prints migration 0016 (word classes, the name chain's settings and its
new training names) from sql/data/word_classes.tsv and
sql/data/scroll_names.txt. Edit those and run it again, not the migration.
Usage: sql/data/classes_sql.py > sql/migrations/0016_word_classes.sql"""

import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))

HEAD = """\
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

# The chain of this revision (docs/spells.md "How a name is drawn").
SETTINGS = [("name_chain_order", 2), ("name_letters_min", 7)]


def q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def main():
    out = [HEAD]
    same_cls = " AND ".join("OLD.%s <=> NEW.%s" % (c, c) for c in ("id", "kind", "part", "word", "class"))
    same_set = " AND ".join("OLD.%s <=> NEW.%s" % (c, c) for c in ("id", "name", "value"))
    out.append(TRIGGERS.format(t="word_class", same=same_cls))
    out.append(TRIGGERS.format(t="catalog_setting", same=same_set))
    out.append("DELIMITER ;\n\n")
    out.append("-- One change set, skipped when it ran before (the settings are its mark).\n")
    out.append("SET @done = (SELECT COUNT(*) FROM catalog_setting WHERE name = 'name_chain_order');\n")
    out.append("UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1 AND @done = 0;\n")
    out.append("SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);\n\n")
    rows = []
    with open(os.path.join(HERE, "word_classes.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("kind\t"):
                continue
            kind, part, word, classes = line.split("\t")
            for c in classes.split():
                assert re.fullmatch(r"[a-z]{1,16}", c), c
                rows.append("(%s, %s, %s, %s, @rev)" % (q(kind), q(part), q(word), q(c)))
    out.append("INSERT INTO word_class (kind, part, word, class, added_rev)\nSELECT * FROM (\n")
    out.append("  SELECT 'armor' AS k, 'material' AS p, 'cloth' AS w, 'soft' AS c, 0 AS r FROM DUAL WHERE 0\n")
    for r in rows:
        out.append("  UNION ALL SELECT %s\n" % r[1:-1])
    out.append(") AS t WHERE @done = 0;\n\n")
    for name, value in SETTINGS:
        out.append("INSERT INTO catalog_setting (name, value, added_rev) SELECT %s, %d, @rev FROM DUAL WHERE @done = 0;\n"
                   % (q(name), value))
    out.append("\nUPDATE markov_name SET retired_rev = @rev WHERE retired_rev IS NULL AND @done = 0;\n")
    names = []
    with open(os.path.join(HERE, "scroll_names.txt"), encoding="utf-8") as f:
        for line in f:
            n = line.strip()
            if n and not n.startswith("#"):
                names.append(n)
    out.append("INSERT INTO markov_name (name, added_rev)\nSELECT * FROM (\n")
    out.append("  SELECT 'x' AS n, 0 AS r FROM DUAL WHERE 0\n")
    for n in names:
        out.append("  UNION ALL SELECT %s, @rev\n" % q(n))
    out.append(") AS t WHERE @done = 0;\n")
    print("".join(out), end="")


main()
