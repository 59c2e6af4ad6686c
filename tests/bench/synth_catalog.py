#!/usr/bin/env python3
"""Prints the SQL that grows the weapon catalog with synthetic words, for the
benchmark's "catalog x1000" step (tests/bench/bench.py).

One INSERT ... SELECT per weapon table, numbered rows from MariaDB's
SEQUENCE engine (seq_1_to_N), so ~100k rows go in with five statements, in
one transaction.
Every row is active and valid under the tables' CHECK constraints: a unique,
trimmed word ("synthetic prefix 000123"), small stats, and for base types a
tier 1..6 and 1 or 2 hands. The catalog triggers bump catalog_revision once
per row, and the daemon's poller reloads the catalog as it would after any
change. The words sort after the shipped ones of the same part only by
chance; nothing depends on it.

Usage: synth_catalog.py [--rows N]   (N in total, spread evenly; default 100000)
"""

import argparse
import sys

# The weapon tables: the kind every benchmarked request generates and whose
# word lists the form shows.
TABLES = ("weapon_element", "weapon_prefix", "weapon_type", "weapon_adjective",
          "weapon_abstract")


def table_sql(table, n):
    part = table.split("_", 1)[1]
    # seq is 1..n; the stats cycle through small values so rows differ.
    cols = ["word", "active", "attack", "defense", "magic", "sneak", "crit"]
    vals = ["CONCAT('synthetic %s ', LPAD(seq, 6, '0'))" % part, "1",
            "seq % 7", "seq % 3", "seq % 5", "seq % 2", "seq % 4"]
    if part == "type":
        cols += ["tier", "hands"]
        vals += ["1 + seq % 6", "1 + seq % 2"]
    return ("INSERT INTO %s (%s)\n  SELECT %s\n  FROM seq_1_to_%d;\n"
            % (table, ", ".join(cols), ", ".join(vals), n))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=100000,
                    help="synthetic rows in total, spread over the weapon tables")
    args = ap.parse_args()
    if args.rows < len(TABLES):
        ap.error("--rows must be at least %d" % len(TABLES))
    per = args.rows // len(TABLES)
    sys.stdout.write("-- %d synthetic rows per weapon table (tests/bench/synth_catalog.py)\n" % per)
    # One transaction: the daemon's poller sees one new revision and loads
    # the grown catalog once, not once per table.
    sys.stdout.write("START TRANSACTION;\n")
    for t in TABLES:
        sys.stdout.write(table_sql(t, per))
    sys.stdout.write("COMMIT;\n")


if __name__ == "__main__":
    main()
