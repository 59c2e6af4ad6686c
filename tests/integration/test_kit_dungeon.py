"""Keyed dungeons in the library (lf_dungeon_json, through the Python
binding) against the site, byte for byte: the current catalog's export
loaded, then 50 seeds over sizes, levels, tilesets and hallway mixes, each
compared with /dungeon?...&format=json (and a few with format=text)."""
import os
import sys

import lf
from lf import check

ROOT = lf.ROOT
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("LOOTFORGE_LIB", os.path.join(ROOT, "build", "pic", "liblootforge.so.0"))
import lootforge  # noqa: E402

TILESETS = ["plain", "ruins", "walls", "curvy", "crumbling"]


def catalog(stack):
    for _ in range(10):
        lf.settled(stack)
        cat = lootforge.Catalog(stack.get("/catalog.json").body)
        if stack.get_json("/catalog.json").json()["revision"] == cat.revision:
            return cat
    raise lf.Failure("the catalog kept changing")


def test_library_dungeons_are_the_sites(stack):
    cat = catalog(stack)
    for seed in range(50):
        q = "w=%d&h=%d&seed=%d&tileset=%s&level=%d&hallways=%d" % (
            4 + seed % 9, 3 + seed % 7, 1000 + seed * 7919, TILESETS[seed % 5],
            1 + seed % 20, (seed * 13) % 101)
        site = stack.get("/dungeon?%s&format=json" % q)
        if site.status != 200:
            # a tileset not offered for dungeons (ruins, 400) or one that
            # cannot tile this grid (422): the library refuses it too
            check(site.status in (400, 422), "the site's dungeon", q, site)
            try:
                cat.dungeon_json(q)
            except lootforge.Error as e:
                check(e.field == "tileset", "the library's refusal names", e.field, q)
                continue
            raise lf.Failure("the library made a dungeon the site refuses: " + q)
        mine = cat.dungeon_json(q)
        check(mine == site.body.decode("utf-8"), "the library's dungeon differs", q,
              mine[:300], site.body[:300])
        if seed % 10 == 0:
            text = stack.get("/dungeon?%s&format=text" % q)
            check(cat.dungeon_text(q) == text.body.decode("utf-8"), "the text differs", q)


def test_library_dungeon_errors_name_the_field(stack):
    cat = catalog(stack)
    for q, field in [("level=21", "level"), ("w=0", "w"), ("hallways=101", "hallways"),
                     ("tileset=Nope", "tileset")]:
        try:
            cat.dungeon_json(q)
        except lootforge.Error as e:
            check(e.field == field, "the library names", e.field, "for", q)
            continue
        raise lf.Failure("the library accepted " + q)
