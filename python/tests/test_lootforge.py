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
