"""The Python binding (python/lootforge, over build/pic/liblootforge.so)
against the site, byte for byte: the current catalog's export loaded, then
batches of every kind, items by code, maps (JSON and text), and loadout
totals, each compared with what the site answers for the same fields."""
import json
import os
import subprocess
import sys
import urllib.parse

import lf
from lf import check

ROOT = lf.ROOT
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("LOOTFORGE_LIB", os.path.join(ROOT, "build", "pic", "liblootforge.so.0"))
import lootforge  # noqa: E402

KINDS = ["weapon", "armor", "shield", "trinket", "scroll", "wand"]


def catalog(stack):
    """The site's current export, and the revision it is of: made again
    when the daemon takes up a change meanwhile (another test's)."""
    for _ in range(10):
        lf.settled(stack)
        body = stack.get("/catalog.json").body
        cat = lootforge.Catalog(body)
        if stack.get_json("/catalog.json").json()["revision"] == cat.revision:
            return cat
    raise lf.Failure("the catalog kept changing")


def test_python_answers_the_sites_items(stack):
    cat = catalog(stack)
    codes, n = [], 0
    for i, kind in enumerate(KINDS):
        for q in ["kind=%s&seed=%d&count=25" % (kind, 100 + i),
                  "kind=%s&tier=%d&tier-variance=on&power=2.5&seed=%d" % (kind, i % 6 + 1, i)]:
            site = stack.get("/generate?%s&format=json" % q)
            check(site.status == 200, "the site's batch", q, site)
            check(cat.generate_json(q).encode() == site.body, "generate_json is the site's", q)
            listed = site.json().get("items") or [site.json()]
            items = cat.generate(q)
            check([it.name for it in items] == [j["name"] for j in listed], "names", q)
            check([it.attack for it in items] == [j["stats"]["attack"] for j in listed], "attack", q)
            check([it.value for it in items] == [j["value"] for j in listed], "value", q)
            codes += [it.code for it in items if it.code]
            n += len(items)
    check(n == 6 * 26 and len(codes) > 100, "items compared", n, len(codes))
    for code in codes[::5]:
        site = stack.get("/item/%s?format=json" % code)
        check(cat.item_json(code).encode() == site.body, "item_json is the site's", code)
        check(cat.item(code).name == site.json()["name"], "item(code).name", code)


def test_python_answers_the_sites_maps(stack):
    cat = catalog(stack)
    for tileset in ("plain", "ruins"):
        for w, h, seed in ((12, 8, 1), (30, 30, 77), (1, 1, 5)):
            q = "w=%d&h=%d&tileset=%s&seed=%d" % (w, h, tileset, seed)
            site = stack.get("/map?%s&format=json" % q)
            check(site.status == 200, "the site's map", q, site)
            j = site.json()
            check(cat.map_json(q).encode() == site.body, "map_json is the site's", q)
            m = cat.map(q)
            check(m.cells == j["cells"], "cells", q)
            check(m.tiles == j["tiles"], "tiles", q)
            check((m.w, m.h, str(m.seed), m.tileset) ==
                  (j["width"], j["height"], j["seed"], j["tileset"]), "size, seed, tileset", q)
            text = stack.get("/map?%s&format=text" % q).body
            check(m.text.encode() == text, "the text is the site's", q)
            # loot=: the same items in the same rooms, JSON byte for byte
            for loot in (0, 4):
                lq = "%s&loot=%d" % (q, loot)
                site = stack.get("/map?%s&format=json" % lq)
                check(site.status == 200, "the site's map with loot", lq, site)
                check(cat.map_json(lq).encode() == site.body, "map_json with loot is the site's",
                      lq)
                j, m = site.json(), cat.map(lq)
                check(m.rooms == j["rooms"] and len(m.loot) == len(j["loot"]) > 0 or
                      not j["loot"], "the rooms and their items", lq, m.rooms, j["rooms"])
                check([(l["x"], l["y"], l["cx"], l["cy"], l["kind"], l["name"], l["rarity"],
                        l["code"]) for l in m.loot] ==
                      [(l["x"], l["y"], l["cx"], l["cy"], l["item"]["kind"], l["item"]["name"],
                        l["item"]["rarity"], l["item"].get("code")) for l in j["loot"]],
                      "each item where the site has it", lq)


def test_python_answers_the_sites_loadout_totals(stack):
    cat = catalog(stack)
    weapon = next(w for w in cat.generate(kind="weapon", tier=2, seed=11, count=20)
                  if w.slot == "one_hand")  # so that the shield is worn too
    armor = cat.generate(kind="armor", seed=12)[0]
    shield = cat.generate(kind="shield", seed=13)[0]
    ring = cat.generate(kind="trinket", seed=14)[0]
    items = [weapon.code + ":main-hand", armor.code + ":" + armor.slot, shield.code + ":off-hand",
             ring.code]
    base = {"attack": 3, "defense": -2, "str": 10}
    site = stack.get("/loadout?%s&format=json" % urllib.parse.urlencode(
        [("item", i) for i in items] + [("base", "attack:3,defense:-2,str:10")]))
    check(site.status == 200, "the site's loadout", site)
    want = site.json()["totals"]
    got = cat.loadout_totals(items, base=base)
    check(got.worn == want["worn"] == 3, "worn", got.worn, want)
    for k, v in want.items():
        check(getattr(got, k) == v, "the total %s is the site's" % k, getattr(got, k), v)


def test_command_map_with_loot_is_the_sites(stack, tmp_path):
    catalog(stack)
    path = tmp_path / "catalog.json"
    path.write_bytes(stack.get("/catalog.json").body)
    cli = os.path.join(lf.ROOT, "build", "rel", "lootforge")
    site = stack.get("/map?w=10&h=6&tileset=plain&loot=3&seed=41&format=json")
    check(site.status == 200 and site.json()["loot"], "the site's map has loot", site)
    out = subprocess.run([cli, "map", "--catalog", str(path), "-W", "10", "-H", "6", "-T", "plain",
                          "--loot", "3", "-s", "41", "--json"], capture_output=True, check=True)
    check(out.stdout == site.body + b"\n", "the command's map with loot differs", out.stdout[:200])
    bad = subprocess.run([cli, "map", "--catalog", str(path), "--loot", "7"], capture_output=True)
    check(bad.returncode == 2 and b"loot" in bad.stderr, "a bad loot", bad)
