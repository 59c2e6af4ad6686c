"""One JSON language (docs/api.md): one schema for an item, checked
on every endpoint that answers items; errors as {"errors": [...]} with a
stable code for each kind of bad input, every invalid field at once; links
in the request's format; the request decides between one item and a list;
and version-1 codes keep their bytes."""

import base64
import json
import os
import re
import subprocess

import lf
from lf import check

IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
STATS = ["hands", "multiplier", "attack", "defense", "magic", "flaming", "freezing", "shocking",
         "holy", "evil", "sneak", "crit"]
KINDS = ["weapon", "armor", "shield", "trinket", "scroll", "wand"]
RARITIES = ["common", "uncommon", "rare", "epic", "legendary"]
SLOTS = ["one_hand", "two_hands", "head", "body", "hands", "legs", "feet", "off_hand", "neck",
         "finger"]
REASONS = ["unknown_word", "inactive", "not_a_part", "other_kind", "contradicts"]
# key -> (check, kinds it belongs to: None = every kind), in docs/api.md's order
ITEM = [
    ("code", lambda v: v is None or re.match(r"^A[g-v][A-Za-z0-9_-]+$", v), None),
    ("revision", lambda v: isinstance(v, int) and v >= 1, None),
    ("kind", lambda v: v in KINDS, None),
    ("name", lambda v: isinstance(v, str) and v, None),
    ("seed", lambda v: isinstance(v, str) and v.isdigit(), None),
    ("tier", lambda v: isinstance(v, int) and 1 <= v <= 6, None),
    ("rarity", lambda v: v in RARITIES, None),
    ("slot", lambda v: v is None or v in SLOTS, None),
    ("stats", lambda v: isinstance(v, dict) and list(v) == STATS and all(
        isinstance(v[s], float if s == "multiplier" else int) for s in STATS), None),
    ("str", lambda v: isinstance(v, int), None),
    ("plus", lambda v: isinstance(v, int) and 0 <= v <= 5, None),
    ("masterwork", lambda v: isinstance(v, bool), None),
    ("value", lambda v: isinstance(v, int) and v >= 1, None),
    ("parts", lambda v: isinstance(v, dict) and all(IDENT.match(k) for k in v) and all(
        (isinstance(w, list) if k == "element" else (w is None or isinstance(w, str)))
        for k, w in v.items()), None),
    ("spell", lambda v: v is None or (isinstance(v, dict) and list(v) ==
                                      ["name", "mana", "level", "tier", "text"]),
     ("scroll", "wand")),
    ("charges", lambda v: isinstance(v, int), ("wand",)),
    ("given_name", lambda v: v is None or isinstance(v, str), ("scroll",)),
    ("description", lambda v: isinstance(v, str), ("scroll",)),
    ("unhonoured", lambda v: isinstance(v, list) and all(
        list(u) == ["part", "word", "reason", "message"] and IDENT.match(u["part"]) and
        u["reason"] in REASONS for u in v), None),
    ("link", lambda v: isinstance(v, str) and v.endswith("format=json"), None),
    ("reroll", lambda v: isinstance(v, str) and v.startswith("/generate?") and
     v.endswith("&format=json") and "seed=" not in v, None),
]


def check_item(it, where):
    """The one item schema (docs/api.md, "The item")."""
    check(isinstance(it, dict), "%s: an item is an object" % where, it)
    kind = it.get("kind")
    want = [k for k, _, kinds in ITEM if kinds is None or kind in kinds]
    check(list(it) == want, "%s: the item's keys, in order" % where, list(it), want)
    for key, ok, kinds in ITEM:
        if key in it:
            check(ok(it[key]), "%s: %s is %r" % (where, key, it[key]))
    if it["code"]:
        check(it["link"] == "/item/%s?format=json" % it["code"], "%s: link" % where, it["link"])


def items_of(r, where):
    check(r.status == 200, "%s: %d" % (where, r.status), r)
    return r.json()


def test_one_item_schema_on_every_endpoint(stack):
    seen = 0
    for kind in KINDS:
        one = items_of(stack.get("/generate?kind=%s&seed=3&format=json" % kind), "/generate")
        check_item(one, "/generate kind=%s" % kind)
        batch = items_of(stack.get("/generate?kind=%s&seed=4&count=12&format=json" % kind),
                         "batch")
        check(list(batch) == ["items"] and len(batch["items"]) == 12, "a batch", list(batch))
        for it in batch["items"]:
            check_item(it, "/generate count=12 kind=%s" % kind)
        again = items_of(stack.get("/item/%s?format=json" % one["code"]), "/item/CODE")
        check_item(again, "/item/CODE kind=%s" % kind)
        check(again == one, "/item/CODE answers the item /generate made", again, one)
        seen += 14
    # POST, / with JSON asked for by Accept, a requested word not honoured
    r = stack.post("/generate", "kind=armor&seed=9&attribute%5Btype%5D=nosuch&format=json")
    it = items_of(r, "POST /generate")
    check_item(it, "POST /generate")
    check(it["unhonoured"] == [{"part": "type", "word": "nosuch", "reason": "unknown_word",
                                "message": "unknown word"}],
          "unhonoured, as identifiers", it["unhonoured"])
    check_item(items_of(stack.get_json("/?seed=5"), "/"), "/ (Accept: JSON)")
    scroll = items_of(stack.get("/generate?kind=scroll&seed=2&format=json"), "scroll")
    check("tube_quality" in scroll["parts"], "part keys in snake_case", scroll["parts"])
    # the loadout: each entry wraps the item
    codes = [items_of(stack.get("/generate?kind=%s&seed=5&format=json" % k), k)["code"]
             for k in ("weapon", "armor", "trinket")]
    lo = items_of(stack.get("/loadout?item=%s:main_hand&item=%s&item=%s&format=json" % tuple(codes)),
                  "/loadout")
    check(len(lo["items"]) == 3, "three loadout items", lo)
    for e in lo["items"]:
        check(list(e) == ["place", "item", "actions"], "a loadout entry wraps its item", list(e))
        check(IDENT.match(e["place"]), "place as an identifier", e["place"])
        check_item(e["item"], "/loadout")
        for url in e["actions"].values():
            check(url is None or url.endswith("format=json"), "actions ask for JSON", url)
    check(lo["items"][0]["place"] == "main_hand" and lo["worn"]["main_hand"] == 0,
          "main_hand is a place, spelled with _", lo["worn"])
    check(all(IDENT.match(k) for k in lo["worn"]), "worn's keys", list(lo["worn"]))
    check(lo["link"].endswith("format=json"), "the loadout's link asks for JSON", lo["link"])
    seen += 3
    # the map's loot
    m = items_of(stack.get("/map?w=8&h=6&seed=7&loot=3&format=json"), "/map")
    check("width" in m and "height" in m and "w" not in m, "no short names", list(m))
    check(m["link"].endswith("format=json"), "the map's link asks for JSON", m["link"])
    check(m["loot"], "loot in the rooms", m)
    for e in m["loot"]:
        check(list(e) == ["x", "y", "cx", "cy", "item"], "a loot wraps its item", list(e))
        check_item(e["item"], "/map loot")
        check(e["item"]["reroll"].startswith("/generate?kind=%s&tier=3&" % e["item"]["kind"]),
              "a loot's reroll is its kind at the map's tier", e["item"]["reroll"])
    seen += len(m["loot"])
    print("item schema checked on %d items" % seen)


def test_words_in_the_unit_the_page_shows(stack):
    t = stack.get("/words?kind=weapon&part=element&format=json").json()["tables"][0]
    w = t["words"][0]
    check(isinstance(w["value_mult"], float) and 0.4 <= w["value_mult"] <= 4.0,
          "value_mult as the factor the page shows", w)
    check(list(w["stats"]) == STATS, "a word lists every stat", w["stats"])
    page = stack.get("/words?kind=weapon&part=element").text
    check("\u00d7%.2f" % w["value_mult"] in page, "the page shows the same factor",
          w["value_mult"])
    t = stack.get("/words?kind=scroll&part=tube_quality&format=json").json()["tables"]
    check(len(t) == 1 and t[0]["part"] == "tube_quality", "part=tube_quality", t)
    old = stack.get("/words?kind=scroll&part=tube-quality&format=json").json()["tables"]
    check(old == t, "the hyphen spelling of older links still answers")
    q = stack.get("/words?q=SWORD&format=json").json()["tables"]
    words = [w["word"] for t in q for w in t["words"]]
    check(words and all("sword" in w for w in words), "q filters, any case", words[:5])


def test_spells_filtered_by_text(stack):
    every = stack.get("/spells?format=json").json()["spells"]
    word = every[0]["name"].split()[0][1:4].upper()  # a piece of a name, in capitals
    some = stack.get("/spells?q=%s&format=json" % word).json()["spells"]
    want = [s["name"] for s in every if word.lower() in s["name"].lower()]
    check(some and [s["name"] for s in some] == want, "q filters /spells, any case", word, want)
    page = stack.get("/spells?q=%s" % word).text
    check(all(n in page for n in want) and 'value="%s"' % word in page,
          "the page too, keeping the text in its form")
    r = stack.get_json("/spells?q=" + "x" * 65)
    check(r.status == 400 and lf.first_error(r)["field"] == "q", "q is bounded", r)


def test_one_or_a_list_by_the_request(stack):
    one = stack.get("/generate?seed=8&format=json").json()
    check("items" not in one and "name" in one, "no count: the item itself", list(one))
    for n in (1, 2):
        many = stack.get("/generate?seed=8&count=%d&format=json" % n).json()
        check(list(many) == ["items"] and len(many["items"]) == n,
              "count=%d: a list of %d" % (n, n), list(many))
    check(stack.get("/generate?seed=8&count=1&format=json").json()["items"][0] == one,
          "count=1's item is the one without count")


# Each kind of bad input, its field and its code (docs/api.md's table).
BAD = [
    ("/generate?tier=9", [("tier", "out_of_range")]),
    ("/generate?tier=x", [("tier", "malformed")]),
    ("/generate?count=1000", [("count", "out_of_range")]),
    ("/generate?power=101", [("power", "out_of_range")]),
    ("/generate?seed=12a", [("seed", "malformed")]),
    ("/generate?kind=axe", [("kind", "not_one_of")]),
    ("/generate?format=xml", None),  # no JSON asked for: HTML
    ("/generate?format=json&tier-variance=maybe", [("tier-variance", "not_one_of")]),
    ("/generate?attribute%5Btype%5D=" + "a" * 70, [("attribute[type]", "too_long")]),
    ("/generate?tier=1&tier=2", [("tier", "duplicate")]),
    ("/generate?attribute%5Btype%5D=%zz", [("attribute[type]", "malformed")]),
    ("/generate?" + "&".join("f%d=1" % i for i in range(70)), [("query", "too_many")]),
    ("/generate?tier=9&count=1000", [("tier", "out_of_range"), ("count", "out_of_range")]),
    ("/generate?tier=9&count=0&kind=axe&power=x&seed=y",
     [("tier", "out_of_range"), ("count", "out_of_range"), ("kind", "not_one_of"),
      ("power", "malformed"), ("seed", "malformed")]),
    ("/item/AAAA", [(None, "not_found")]),
    ("/no-such-page", [(None, "not_found")]),
]


def test_errors_have_codes_and_all_fields(stack):
    for path, want in BAD:
        r = stack.get_json(path)
        if want is None:
            continue
        check(400 <= r.status < 500, "%s: a 4xx" % path[:60], r)
        body = r.json()
        check(list(body) == ["errors"], "%s: {errors: [...]}" % path[:60], body)
        got = [(e["field"], e["code"]) for e in body["errors"]]
        check(got == want, "%s: every problem, with its code" % path[:60], got, want)
        for e in body["errors"]:
            check(list(e) == ["field", "code", "message"] and e["message"],
                  "%s: field, code, message" % path[:60], e)
    r = stack.request("DELETE", "/generate?format=json")
    check(r.status == 405 and [e["code"] for e in r.json()["errors"]] == ["method_not_allowed"],
          "a 405 in the format the query asked for", r)
    r = stack.get_json("/generate?format=xml")
    check(r.status == 400 and "format" in r.text, "format=xml names the field", r)
    # the page shows them all, and keeps every valid value sent
    h = stack.get("/generate?kind=armor&tier=3&count=1000&power=x")
    check(h.status == 400, "400 page", h)
    check(h.text.count('<strong class="error-field">') == 2, "both problems listed", h.text[:300])
    check('<option value="armor" selected>' in h.text and '<option value="3" selected>' in h.text,
          "the form keeps kind and tier as sent")
    # values refused are kept as sent too: a select gains the sent value,
    # marked, and the text inputs hold what was typed
    h = stack.get("/generate?kind=axe&tier=9&power=x&seed=y&count=0").text
    for want in ('<option value="axe" selected>axe (not valid)</option>',
                 '<option value="9" selected>9 (not valid)</option>',
                 'name="power" step="any" min="0" max="100" value="x"',
                 'placeholder="random" value="y"', 'placeholder="1" value="0"'):
        check(want in h, "the error page's form keeps %r" % want)
    check(h.count('<strong class="error-field">') == 5, "five problems listed")
    # a POST's body and its query together
    r = stack.post("/generate?tier=9", "count=0&format=json")
    check([(e["field"], e["code"]) for e in r.json()["errors"]] ==
          [("tier", "out_of_range"), ("count", "out_of_range")], "query and body both", r)


# Every other page's bad input: the same shape, codes, every field at once.
BAD_PAGES = [
    ("/map?w=31&h=0", [("w", "out_of_range"), ("h", "out_of_range")]),
    ("/map?loot=x&w=x", [("loot", "malformed"), ("w", "malformed")]),
    ("/map?tileset=nope", [("tileset", "not_one_of")]),  # checked against the catalog
    ("/loadout?item=zzz", [("item", "malformed")]),
    ("/loadout?base=attack:x&item=", [("base", "malformed")]),
    ("/words?kind=axe&part=nope&q=" + "x" * 65,
     [("kind", "not_one_of"), ("part", "not_one_of"), ("q", "too_long")]),
    ("/spells?level=10&q=" + "x" * 65, [("level", "out_of_range"), ("q", "too_long")]),
    ("/dungeon?level=99&w=0", [("level", "out_of_range"), ("w", "out_of_range")]),
    ("/catalog.json?rev=x", [("rev", "malformed")]),
    ("/catalog.json?rev=999999999", [("rev", "not_found")]),
]


def test_every_page_reports_every_field_with_codes(stack):
    for path, want in BAD_PAGES:
        r = stack.get_json(path)
        check(400 <= r.status < 500, "%s: a 4xx" % path[:60], r)
        body = r.json()
        check(list(body) == ["errors"], "%s: {errors: [...]}" % path[:60], body)
        got = [(e["field"], e["code"]) for e in body["errors"]]
        check(got == want, "%s: every problem, with its code" % path[:60], got, want)
    # a proposal without its form's token: 403, code csrf
    r = stack.post("/submit", "word=x&format=json")
    check(r.status == 403 and [e["code"] for e in r.json()["errors"]] == ["csrf"],
          "a POST without its token", r)
    # the HTML pages list them all too
    h = stack.get("/map?w=31&h=0")
    check(h.text.count('<strong class="error-field">') == 2, "/map's page lists both", h.text[:500])


# Recorded from the release before docs/api.md's language (commit 1496f09),
# at the catalog revision a fresh database reaches (771): a version-1 code's
# JSON keeps these bytes forever (docs/api.md, "Permanent links").
V1 = {
    "AQAAgwYIBQAAAAAAAAAlaA":
        '{"kind":"weapon","name":"Dragonbone Cleaver of the Profane Moon","seed":"5","tier":6,'
        '"slot":"two hands","hands":2,"multiplier":0.0,"attack":39,"defense":0,"magic":1,'
        '"flaming":0,"freezing":0,"shocking":0,"holy":0,"evil":3,"sneak":1,"crit":1,"str":7,'
        '"plus":0,"masterwork":false,"value":2404,"parts":{"element":[],"prefix":null,'
        '"type":"dragonbone cleaver","adjective":"profane","abstract":"the moon"},'
        '"unhonoured":[],"code":"AQAAgwYIBQAAAAAAAAAlaA",'
        '"link":"/item/AQAAgwYIBQAAAAAAAAAlaA?format=json",'
        '"reroll":"/generate?kind=weapon&tier=0&format=json"}',
    "AQQAgwYIAwAAAAAAAADZrQ":
        '{"kind":"scroll","name":"Scroll of Ithil","seed":"3","tier":1,"slot":null,"hands":0,'
        '"multiplier":0.0,"attack":0,"defense":0,"magic":0,"flaming":0,"freezing":0,'
        '"shocking":0,"holy":0,"evil":0,"sneak":0,"crit":0,"str":7,"plus":0,'
        '"masterwork":false,"value":28,"parts":{"type":"apprentice scroll",'
        '"tube-quality":"plain","tube-material":"brass","paper-material":"vellum",'
        '"paper-condition":"is stained with wine","writing-quality":"elegant",'
        '"writing-detail":"runs in tidy columns"},"spell":{"name":"Skin of Bark","mana":12,'
        '"level":2,"tier":1,"text":"Skin of Bark \u2014 12 mana, level 2: absorbs up to 10 '
        'damage for 20 turns."},"given_name":"Ithil","description":"A plain brass tube holds '
        'the scroll. Vellum is stained with wine but elegant writing runs in tidy columns.",'
        '"unhonoured":[],"code":"AQQAgwYIAwAAAAAAAADZrQ",'
        '"link":"/item/AQQAgwYIAwAAAAAAAADZrQ?format=json",'
        '"reroll":"/generate?kind=scroll&tier=0&format=json"}',
}


def test_dungeon_items_in_the_one_shape(stack):
    """A keyed dungeon made now (dungeon code version 4) lists each room's
    items as the item object; a dungeon code of version 1 is a permanent
    link made before this language: its key still links items by version-1
    codes, whose JSON is the old shape (docs/api.md, "Permanent links";
    test_dungeon.py checks its bytes)."""
    d = stack.get("/dungeon?w=8&h=6&seed=29&level=5&format=json").json()
    check(base64.urlsafe_b64decode(d["code"][:4])[0] == 4 and "width" in d and "w" not in d,
          "version 4", d["code"], list(d))
    items = [it for room in d["rooms"] for it in room["items"]]
    check(items, "the dungeon holds items", d["rooms"][:2])
    for it in items:
        check_item(it, "/dungeon")
    old = stack.get("/dungeon/AQYEATIFcGxhaW6GBgUAAAAAAAAAe8E?format=json").json()
    links = [it["link"] for room in old["rooms"] for it in room["items"] if it.get("link")]
    check(links, "the version-1 dungeon holds items", old["rooms"][:2])
    for link in links:
        check(re.match(r"^/item/A[Q-f][A-Za-z0-9_-]+$", link), "a version-1 code", link)
    v1 = stack.get(links[0] + "?format=json").json()
    check("stats" not in v1 and "attack" in v1 and "rarity" not in v1,
          "a version-1 code answers the old shape", v1)


def test_v1_codes_keep_their_bytes(stack):
    for code, body in V1.items():
        r = stack.get("/item/%s?format=json" % code)
        check(r.status == 200, "/item/%s: %d" % (code, r.status), r)
        check(r.body == body.encode(), "/item/%s: the version-1 bytes" % code, r.text, body)
        # the same item as a version-2 code: same inputs, seed and revision
        v2 = stack.get("/item/A%s%s?format=json" % ("g", code[2:])).status
        check(v2 == 404, "a code's checksum covers its version byte", v2)
    new = stack.get("/generate?seed=5&format=json").json()
    check(new["code"].startswith("Ag"), "codes made now are version 2", new["code"])
    old = json.loads(V1["AQAAgwYIBQAAAAAAAAAlaA"])
    check(new["name"] == old["name"] and new["value"] == old["value"] and
          new["stats"]["attack"] == old["attack"], "the same item in both languages")
    # the library answers a version-1 code as the site does
    cli = os.path.join(os.path.dirname(stack.daemon), "lootforge")
    export = os.path.join(stack.var, "catalog-771.json")
    with open(export, "wb") as f:
        f.write(stack.get("/catalog.json?rev=771").body)
    out = subprocess.run([cli, "item", "--catalog", export] + list(V1), check=True,
                         capture_output=True).stdout.split(b"\n")[:-1]
    check(out == [b.encode() for b in V1.values()], "the library's version-1 bytes", out)
