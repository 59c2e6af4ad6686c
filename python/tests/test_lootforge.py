"""The Python binding over the library, offline: an export of the unit
tests' fixture catalog (build/rel/tests/kit_export, run by make test-kit).
Every item attribute is the JSON's; an item by its code is the same item;
a map's rows and tiles; totals; errors naming the field. The site itself is
compared in tests/integration/test_python.py."""
import json
import os
import subprocess

import pytest

import lootforge

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KINDS = ["weapon", "armor", "shield", "trinket", "scroll", "wand"]
STATS = ["hands", "multiplier", "attack", "defense", "magic", "flaming", "freezing",
         "shocking", "holy", "evil", "sneak", "crit"]


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    exe = os.environ.get("LOOTFORGE_EXPORT", os.path.join(ROOT, "build/rel/tests/kit_export"))
    path = tmp_path_factory.mktemp("cat") / "catalog.json"
    path.write_bytes(subprocess.run([exe], cwd=ROOT, check=True, capture_output=True).stdout)
    return lootforge.Catalog.load(str(path))


def same_item(item, j):
    for k in ["kind", "name", "tier", "slot", "code", "str", "plus", "masterwork", "value"]:
        assert getattr(item, k) == j[k], k
    assert list(j["stats"]) == STATS  # nested, every stat (docs/api.md)
    for k in STATS:
        assert getattr(item, k) == j["stats"][k], k
    assert str(item.seed) == j["seed"]
    if j.get("spell"):
        assert (item.spell, item.spell_level, item.spell_mana) == \
            (j["spell"]["name"], j["spell"]["level"], j["spell"]["mana"])
    else:
        assert item.spell is None
    assert item.charges == j.get("charges", -1)
    assert item.description == j.get("description")
    assert item.given_name == j.get("given_name")
    assert item.rarity == j["rarity"]
    assert item.parts == j["parts"] and list(item.parts) == list(j["parts"])


def test_version():
    assert lootforge.library_version() == lootforge.version() == "0.9.0"


@pytest.mark.parametrize("kind", KINDS)
def test_items_are_the_json(cat, kind):
    fields = dict(kind=kind, tier=2, variance=True, seed=77, count=30)
    items = cat.generate(**fields)
    listed = json.loads(cat.generate_json(**fields))["items"]
    assert len(items) == len(listed) == 30
    for item, j in zip(items, listed):
        same_item(item, j)
        if item.code:
            same_item(cat.item(item.code), json.loads(cat.item_json(item.code)))


def test_query_string_and_fields_agree(cat):
    assert cat.generate_json("kind=armor&tier=3&seed=42&count=5") == \
        cat.generate_json(kind="armor", tier=3, seed=42, count=5)


def test_map(cat):
    m = cat.map(w=7, h=4, tileset="plain", seed=3)
    assert (m.w, m.h, m.seed, m.tileset) == (7, 4, 3, "plain")
    assert len(m.cells) == 24 and all(len(r) == 42 and set(r) <= set("#.") for r in m.cells)
    assert len(m.tiles) == 4 and all(len(r) == 7 for r in m.tiles)
    assert m.floor() and m.cells[0] == "#" * 42  # the border is closed
    assert cat.map(w=7, h=4, tileset="plain", seed=3).text == m.text
    j = json.loads(cat.map_json(w=7, h=4, tileset="plain", seed=3))
    assert (j["cells"], j["tiles"], j["seed"]) == (m.cells, m.tiles, "3")
    assert cat.map(w=7, h=4, tileset="plain", seed=4).text != m.text
    assert m.loot == [] and m.rooms == 0
    # loot=2: an item in each room, the JSON's, each one by its code
    lm = cat.map(w=12, h=8, tileset="plain", seed=1, loot=2)
    j = json.loads(cat.map_json(w=12, h=8, tileset="plain", seed=1, loot=2))
    assert lm.rooms == j["rooms"] and len(lm.loot) == len(j["loot"]) > 0
    for have, want in zip(lm.loot, j["loot"]):
        assert (have["x"], have["y"], have["cx"], have["cy"]) == \
            (want["x"], want["y"], want["cx"], want["cy"])
        assert (have["name"], have["code"]) == (want["item"]["name"], want["item"]["code"])
        assert cat.item(have["code"]).name == have["name"]
    with pytest.raises(lootforge.Error) as e:
        cat.map(w=7, h=4, loot=9)
    assert e.value.field == "loot"


def test_totals(cat):
    w = cat.generate(kind="weapon", tier=1, seed=5)[0]
    a = cat.generate(kind="armor", seed=6)[0]
    t = cat.loadout_totals([w.code + ":main-hand", a.code + ":" + a.slot, w.code])
    assert t.worn == 2
    assert (t.attack, t.defense, t.value) == \
        (w.attack + a.attack, w.defense + a.defense, w.value + a.value)
    b = cat.loadout_totals([w.code + ":main-hand"], base={"attack": 5, "str": 2})
    # the items' strength apart from the character's (SPEC §15)
    assert (b.attack, b.str, b.item_str) == (5 + w.attack, 2, w.str)


def test_errors_name_the_field(cat):
    with pytest.raises(lootforge.Error) as e:
        cat.generate(kind="dragon")
    assert e.value.field == "kind"
    with pytest.raises(lootforge.Error) as e:
        cat.map(w=31)
    assert e.value.field == "w"
    with pytest.raises(lootforge.Error) as e:
        cat.loadout_totals(["not a code"])
    assert e.value.field == "item"
    with pytest.raises(lootforge.Error):
        lootforge.Catalog(b"{}")


# The shipped treasure budgets (migration 0017, docs/dungeons.md), added to
# the fixture export, which carries none.
def _budget(level):
    band = 0 if level <= 4 else 1 if level <= 10 else 2 if level <= 16 else 3
    tier = [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6][level - 1]
    pct = [(40, 45, 15), (35, 45, 20), (30, 45, 25), (25, 45, 30)][band]
    gem, art = [(10, 25), (50, 250), (100, 750), (500, 2500)][band]
    return {"level": level, "budget_per_room": round(25 * level ** 1.6), "tier": tier,
            "empty_pct": pct[0], "items_pct": pct[1], "hoard_pct": pct[2],
            "items_max": [1, 2, 3, 3][band], "gem_value": gem, "art_value": art}


@pytest.fixture(scope="module")
def rich(tmp_path_factory):
    exe = os.environ.get("LOOTFORGE_EXPORT", os.path.join(ROOT, "build/rel/tests/kit_export"))
    doc = json.loads(subprocess.run([exe], cwd=ROOT, check=True, capture_output=True).stdout)
    doc["treasure_budgets"] = [_budget(level) for level in range(1, 21)]
    return lootforge.Catalog(json.dumps(doc))


def test_treasure_totals_are_their_parts(rich):
    for level in range(1, 21):
        for kind in ("hoard", "individual"):
            t = rich.treasure(level=level, type=kind, party=1 + level % 8, seed=level * 31)
            p = t["parts"]
            coins = sum(c["value"] for c in p["coins"])
            spent = coins + sum(v["value"] for v in p["gems"] + p["art"])
            assert t["spent"] == spent <= t["budget"]
            assert t["total"] == spent + sum(i["value"] for i in p["items"])
            assert (t["level"], t["type"]) == (level, kind)
            if kind == "individual":
                assert not p["art"] and not p["items"]


def test_treasure_is_its_seeds_and_its_forms(rich):
    q = "level=9&type=hoard&party=5&seed=12345"
    assert rich.treasure_json(q) == rich.treasure_json(q)
    t = rich.treasure(q)
    assert rich.treasure_text(q).splitlines()[0].endswith(t["code"])
    rows = rich.treasure_csv(q).splitlines()
    assert rows[0] == "part,name,count,each_gp,value_gp,stats,link"
    assert rows[-1].startswith("total,") and rows[-1].split(",")[4] == str(t["total"])


@pytest.mark.parametrize("query,field", [("level=0", "level"), ("type=x", "type"),
                                         ("party=9", "party"), ("seed=x", "seed")])
def test_treasure_errors_name_the_field(rich, query, field):
    with pytest.raises(lootforge.Error) as e:
        rich.treasure_json(query)
    assert e.value.field == field


def test_treasure_needs_the_budgets():
    exe = os.environ.get("LOOTFORGE_EXPORT", os.path.join(ROOT, "build/rel/tests/kit_export"))
    doc = json.loads(subprocess.run([exe], cwd=ROOT, check=True, capture_output=True).stdout)
    assert doc.pop("treasure_budgets")  # the fixture's export carries them
    with pytest.raises(lootforge.Error) as e:
        lootforge.Catalog(json.dumps(doc)).treasure_json("level=3")
    assert "treasure budgets" in str(e.value)
