"""An item's strength is its affix points, not the character's (SPEC §15):
the loadout never adds it into a base stat. The page, its JSON and the
library (through the Python package) say the same for one loadout: the
character's str is its base, and the worn items' strength is a total of
its own beside the stats."""

import os
import re
import sys
import urllib.parse

import lf

sys.path.insert(0, os.path.join(lf.ROOT, "python"))
os.environ.setdefault("LOOTFORGE_LIB", os.path.join(lf.ROOT, "build", "pic", "liblootforge.so.0"))
import lootforge  # noqa: E402


def code_of(item):
    return re.match(r"^/item/([A-Za-z0-9_-]+)", item["link"]).group(1)


def catalog(stack):
    for _ in range(10):
        lf.settled(stack)
        cat = lootforge.Catalog(stack.get("/catalog.json").body)
        if stack.get_json("/catalog.json").json()["revision"] == cat.revision:
            return cat
    raise lf.Failure("the catalog kept changing")


def test_strength_apart_in_html_json_and_library(stack):
    cat = catalog(stack)
    armor = [it for it in stack.get("/generate?kind=armor&count=50&seed=8&format=json")
             .json()["items"] if it["str"] > 0]
    weapon = [it for it in stack.get("/generate?kind=weapon&count=50&seed=8&format=json")
              .json()["items"] if it["str"] > 0 and it["slot"] == "one_hand"]
    lf.check(armor and weapon, "items with strength")
    a, w = armor[0], weapon[0]
    items = [code_of(w) + ":main-hand", code_of(a) + ":" + a["slot"].replace("_", "-")]
    q = urllib.parse.urlencode([("item", i) for i in items] + [("base", "attack:3,str:10")])
    strength = a["str"] + w["str"]

    j = stack.get("/loadout?%s&format=json" % q).json()
    lf.check(j["base"]["str"] == 10 and j["bonuses"]["str"] == 0 and j["totals"]["str"] == 10,
             "JSON: the character's str is its base, no item adds to it", j["base"],
             j["bonuses"], j["totals"])
    lf.check(j["item_str"] == strength, "JSON: the worn items' strength on its own", j)
    lf.check(j["totals"]["attack"] == 3 + a["stats"]["attack"] + w["stats"]["attack"],
             "the stats still add up", j["totals"])

    page = stack.get("/loadout?%s" % q).text
    row = re.search(r'<tr class="total total-str">.*?</tr>', page, re.S).group(0)
    lf.check('<td class="base">10</td>' in row and '<td class="bonus">+ 0</td>' in row
             and '<td class="sum">= 10</td>' in row, "HTML: strength 10 + 0 = 10", row)
    shown = re.search(r'class="item-strength">.*?<span class="n">(\d+)</span>', page, re.S)
    lf.check(shown and int(shown.group(1)) == strength, "HTML: the items' strength apart",
             page[-3000:])

    t = cat.loadout_totals(items, base={"attack": 3, "str": 10})
    lf.check(t.str == 10 and t.item_str == strength, "the library says the same",
             t.str, getattr(t, "item_str", None), strength)
    lf.check(t.attack == j["totals"]["attack"], "and the same attack", t.attack)
