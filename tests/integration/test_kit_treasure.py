"""Treasure in the library (lf_treasure_json, through the Python binding,
and the lootforge command) against the site, byte for byte: the current
catalog's export loaded, then 50 seeds over levels, types and parties,
each compared with /treasure?...&format=json (and a few with format=text
and format=csv)."""
import os
import subprocess
import sys

import lf
from lf import check

ROOT = lf.ROOT
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("LOOTFORGE_LIB", os.path.join(ROOT, "build", "pic", "liblootforge.so.0"))
import lootforge  # noqa: E402
from test_kit_dungeon import catalog  # noqa: E402


def test_library_treasure_is_the_sites(stack):
    cat = catalog(stack)
    for seed in range(50):
        q = "level=%d&type=%s&party=%d&seed=%d" % (
            1 + seed % 20, ("hoard", "individual")[seed % 2], 1 + seed % 8, 500 + seed * 7919)
        site = stack.get("/treasure?%s&format=json" % q)
        check(site.status == 200, "the site's treasure", q, site)
        mine = cat.treasure_json(q)
        check(mine == site.body.decode("utf-8"), "the library's treasure differs", q,
              mine[:300], site.body[:300])
        if seed % 10 == 0:
            for fmt, fn in (("text", cat.treasure_text), ("csv", cat.treasure_csv)):
                other = stack.get("/treasure?%s&format=%s" % (q, fmt))
                check(fn(q) == other.body.decode("utf-8"), "the %s differs" % fmt, q)


def test_command_treasure_is_the_sites(stack, tmp_path):
    catalog(stack)
    path = tmp_path / "catalog.json"
    path.write_bytes(stack.get("/catalog.json").body)
    site = stack.get("/treasure?level=11&type=hoard&party=6&seed=99&format=json")
    out = subprocess.run([os.path.join(ROOT, "build", "rel", "lootforge"), "treasure",
                          "--catalog", str(path), "--level", "11", "--type", "hoard",
                          "--party", "6", "--seed", "99"], capture_output=True, check=True)
    check(out.stdout == site.body + b"\n", "the command's treasure differs", out.stdout[:200])
    bad = subprocess.run([os.path.join(ROOT, "build", "rel", "lootforge"), "treasure",
                          "--catalog", str(path), "--party", "9"], capture_output=True)
    check(bad.returncode == 2 and b"party" in bad.stderr, "a bad party", bad)


def test_library_treasure_errors_name_the_field(stack):
    cat = catalog(stack)
    for q, field in [("level=21", "level"), ("type=x", "type"), ("party=0", "party")]:
        try:
            cat.treasure_json(q)
        except lootforge.Error as e:
            check(e.field == field, "the library names", e.field, "for", q)
            continue
        raise lf.Failure("the library accepted " + q)
