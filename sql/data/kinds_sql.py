#!/usr/bin/env python3
"""Prints migration 0014 (the scroll and wand tables and their shipped rows)
from sql/data/scroll_parts.tsv and sql/data/kind_words.tsv. The migration is
what the database runs; this script is how it was written, kept so that the
data files stay the one place a shipped word is edited.
Usage: sql/data/kinds_sql.py > sql/migrations/0014_scrolls_and_wands.sql"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STATS = ["hands", "multiplier", "attack", "defense", "magic", "flaming", "freezing", "shocking",
         "holy", "evil", "sneak", "crit"]

# (table, shape) in the order of AFFIX_TABLES (src/model/recipe.h).
TABLES = [
    ("scroll_type", "tiered"),
    ("scroll_tube_quality", "plain"),
    ("scroll_tube_material", "plain"),
    ("scroll_paper_material", "plain"),
    ("scroll_paper_condition", "marked"),
    ("scroll_writing_quality", "marked"),
    ("scroll_writing_detail", "plain"),
    ("wand_element", "plain"),
    ("wand_prefix", "plain"),
    ("wand_material", "tiered"),
    ("wand_type", "tiered"),
    ("wand_adjective", "plain"),
    ("wand_abstract", "plain"),
]

HEAD = """\
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
"""


def q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def ddl(table, shape):
    base = table.endswith("_type")
    cols = ["  id          INT UNSIGNED NOT NULL AUTO_INCREMENT",
            "  word        VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL",
            "  active      TINYINT(1) NOT NULL DEFAULT 1"]
    if shape == "tiered":
        cols.append("  tier        TINYINT NOT NULL")
    if shape == "marked":
        cols.append("  mark        ENUM('good', 'bad') CHARACTER SET ascii NOT NULL")
    for s in STATS:
        t = "DECIMAL(5,2)" if s == "multiplier" else "INT"
        cols.append("  %-11s %s NOT NULL DEFAULT 0" % (s, t))
    cols += ["  weight      INT UNSIGNED NOT NULL DEFAULT 1",
             "  tier_min    TINYINT NULL",
             "  tier_max    TINYINT NULL",
             "  added_rev   BIGINT UNSIGNED NOT NULL DEFAULT 0",
             "  retired_rev BIGINT UNSIGNED NULL",
             "  live_word   VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci\n"
             "    AS (IF(retired_rev IS NULL, word, NULL)) PERSISTENT"]
    if base:
        cols.append("  value       INT UNSIGNED NOT NULL DEFAULT 1")
    else:
        cols.append("  value_mult  SMALLINT UNSIGNED NOT NULL DEFAULT 100")
    cols += ["  PRIMARY KEY (id)",
             "  UNIQUE KEY %s_live_word (live_word)" % table,
             "  KEY %s_word (word)" % table,
             "  CONSTRAINT %s_chk_word CHECK (CHAR_LENGTH(word) > 0 AND "
             "CHAR_LENGTH(word) = CHAR_LENGTH(TRIM(word)))" % table,
             "  CONSTRAINT %s_chk_active CHECK (active IN (0, 1))" % table,
             "  CONSTRAINT %s_chk_weight CHECK (weight >= 1)" % table,
             "  CONSTRAINT %s_chk_tier_range CHECK (\n"
             "    (tier_min IS NULL OR tier_min BETWEEN 1 AND 6)\n"
             "    AND (tier_max IS NULL OR tier_max BETWEEN 1 AND 6)\n"
             "    AND (tier_min IS NULL OR tier_max IS NULL OR tier_min <= tier_max))" % table]
    if shape == "tiered":
        cols.append("  CONSTRAINT %s_chk_tier CHECK (tier BETWEEN 1 AND 6)" % table)
    if base:
        cols.append("  CONSTRAINT %s_chk_value CHECK (value BETWEEN 1 AND 1000000)" % table)
    else:
        cols.append("  CONSTRAINT %s_chk_value_mult CHECK (value_mult BETWEEN 40 AND 400)"
                    % table)
    return ("CREATE TABLE IF NOT EXISTS %s (\n" % table + ",\n".join(cols) +
            "\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;\n")


def triggers(table, shape):
    same = ["id", "word", "active"]
    if shape == "tiered":
        same.append("tier")
    if shape == "marked":
        same.append("mark")
    same += STATS + ["weight", "tier_min", "tier_max", "added_rev",
                     "value" if table.endswith("_type") else "value_mult"]
    cmp = " AND ".join("OLD.%s <=> NEW.%s" % (c, c) for c in same)
    return f"""DROP TRIGGER IF EXISTS {table}_bi //
CREATE TRIGGER {table}_bi BEFORE INSERT ON {table} FOR EACH ROW
BEGIN
  IF NEW.retired_rev IS NOT NULL THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{table}: a row is added live (retired_rev NULL)';
  END IF;
  IF NEW.added_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.added_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS {table}_bu //
CREATE TRIGGER {table}_bu BEFORE UPDATE ON {table} FOR EACH ROW
BEGIN
  IF OLD.retired_rev IS NOT NULL OR NEW.retired_rev IS NULL OR NOT ({cmp}) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{table}: rows never change in place; retire the row and add a new one';
  END IF;
  IF NEW.retired_rev = 0 THEN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    SET NEW.retired_rev = (SELECT revision FROM catalog_revision WHERE id = 1);
  END IF;
END //
DROP TRIGGER IF EXISTS {table}_bd //
CREATE TRIGGER {table}_bd BEFORE DELETE ON {table} FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '{table}: rows are never deleted; retire the row instead' //
"""


def read_tsv(name):
    rows = []
    header = None
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            if len(cells) != len(header):
                sys.exit("%s: bad line: %r" % (name, line))
            rows.append(dict(zip(header, cells)))
    return rows


def inserts():
    by_table = {t: [] for t, _ in TABLES}
    for r in read_tsv("scroll_parts.tsv"):
        cols = {"word": r["word"], "value_mult": int(r["value_mult"])}
        if r["mark"] != "-":
            cols["mark"] = r["mark"]
        by_table[r["table"]].append(cols)
    for r in read_tsv("kind_words.tsv"):
        cols = {"word": r["word"]}
        if r["tier"] != "-":
            cols["tier"] = int(r["tier"])
        cols["value" if r["table"].endswith("_type") else "value_mult"] = int(r["worth"])
        if r["stats"] != "-":
            for kv in r["stats"].split():
                k, v = kv.split("=")
                if k not in STATS:
                    sys.exit("kind_words.tsv: unknown stat %r" % k)
                cols[k] = int(v)
        by_table[r["table"]].append(cols)
    out = []
    for t, _ in TABLES:
        for cols in by_table[t]:
            names = list(cols) + ["added_rev"]
            vals = [q(v) if isinstance(v, str) else str(v) for v in cols.values()] + ["@rev"]
            out.append("INSERT INTO %s (%s) SELECT %s FROM DUAL WHERE NOT EXISTS "
                       "(SELECT 1 FROM %s WHERE word = %s);"
                       % (t, ", ".join(names), ", ".join(vals), t, q(cols["word"])))
    return out


def main():
    print(HEAD)
    for t, shape in TABLES:
        print(ddl(t, shape))
    print("ALTER TABLE submission ADD COLUMN IF NOT EXISTS mark ENUM('good', 'bad') "
          "CHARACTER SET ascii NULL;")
    print("ALTER TABLE submission DROP CONSTRAINT IF EXISTS submission_chk_kind;")
    print("ALTER TABLE submission ADD CONSTRAINT submission_chk_kind CHECK (kind IN "
          "('weapon', 'armor', 'shield', 'trinket', 'scroll', 'wand'));")
    print("ALTER TABLE submission DROP CONSTRAINT IF EXISTS submission_chk_part;")
    print("ALTER TABLE submission ADD CONSTRAINT submission_chk_part CHECK (part IN "
          "('element', 'prefix', 'material', 'type', 'adjective', 'abstract', 'tube-quality', "
          "'tube-material', 'paper-material', 'paper-condition', 'writing-quality', "
          "'writing-detail'));\n")
    print("DELIMITER //\n")
    for t, shape in TABLES:
        print(triggers(t, shape))
    print("DELIMITER ;\n")
    print("-- The shipped rows: one change set.")
    print("UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;")
    print("SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);")
    for line in inserts():
        print(line)


main()
