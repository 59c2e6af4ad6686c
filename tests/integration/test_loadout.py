"""GET /loadout (issue 14, SPEC §9): a loadout built through its links
alone, as a browser would, with the URL and the JSON checked after each
step; the rules (two-hander against a shield, rings, the 33rd item); totals
equal to the sum of the worn items' own JSON; bad codes and places a 400
naming the item, in the client's format."""

import html
import random
import re
import urllib.parse

import lf

JSON = {"Accept": "application/json"}


def code_of(item):
    """The permanent code of an item from its JSON link (/item/CODE)."""
    m = re.match(r"^/item/([A-Za-z0-9_-]+)", item["link"])
    lf.check(m is not None, "a JSON item links to /item/CODE", item["link"])
    return m.group(1)


def stat_of(item, stat):
    """A stat of an item's JSON (docs/api.md: nested under stats), or str."""
    return item["str"] if stat == "str" else item["stats"][stat]


def roll(stack, query, want):
    """Codes and JSON of items of `query` whose slot is want, by seed."""
    r = stack.get("/generate?%s&count=100&seed=7&format=json" % query)
    lf.check(r.status == 200, "a batch of " + query, r)
    found = [it for it in r.json()["items"] if it["slot"] == want]
    lf.check(found, "a %s item among 100 of %s" % (want, query), r.json())
    return [(code_of(it), it) for it in found]


def hrefs(text, cls):
    return [html.unescape(h) for h in re.findall(r'<a class="%s" href="([^"]+)"' % cls, text)]


def params(url):
    q = urllib.parse.urlsplit(url).query
    return [v for k, v in urllib.parse.parse_qsl(q, keep_blank_values=True) if k == "item"]


def test_built_through_links(stack):
    (sword, _), = roll(stack, "kind=weapon", "two_hands")[:1]
    (shield, _), = roll(stack, "kind=shield", "off_hand")[:1]
    rings = [c for c, _ in roll(stack, "kind=trinket", "finger")[:3]]
    lf.check(len(rings) == 3, "three rings", rings)

    # Start with the two-hander in the pack; equip it by its link.
    r = stack.get("/loadout?item=%s" % sword)
    lf.check(r.status == 200 and "text/html" in r.headers["content-type"], "the page", r)
    equip = hrefs(r.text, "equip")
    lf.check(len(equip) == 1, "one equip link for the one item in the pack", equip)
    r = stack.get(equip[0])
    lf.check(params(equip[0]) == [sword + ":main-hand"], "the URL wears it in the main hand",
             equip[0])
    lf.check("held in both hands" in r.text, "the off hand shows it held in both hands", r.text)
    j = stack.get(equip[0] + "&format=json").json()
    lf.check(j["worn"]["main_hand"] == 0 and j["worn"]["off_hand"] == 0,
             "JSON: the two-hander fills both hands", j["worn"])

    # Add the shield through the add form (a GET form: hidden items + the new one).
    form = re.search(r'<form class="add".*?</form>', r.text, re.S).group(0)
    keep = [html.unescape(v) for v in re.findall(r'name="item" value="([^"]+)"', form)]
    lf.check(keep == [sword + ":main-hand"], "the add form keeps the loadout", keep)
    url = "/loadout?" + urllib.parse.urlencode([("item", v) for v in keep + [shield]])
    r = stack.get(url)
    lf.check(r.status == 200, "added by the form", r)
    equip = hrefs(r.text, "equip")
    lf.check(len(equip) == 1, "the shield can be equipped", equip)
    lf.check(params(equip[0]) == [sword, shield + ":off-hand"],
             "equipping the shield sends the two-hander to the pack", equip[0])
    j = stack.get(equip[0] + "&format=json").json()
    lf.check(j["worn"]["off_hand"] == 1 and j["worn"]["main_hand"] is None,
             "JSON after the shield", j["worn"])
    # And back: the two-hander sends the shield to the pack.
    url = j["items"][0]["actions"]["equip"]
    lf.check(params(url) == [sword + ":main-hand", shield], "JSON links too", url)
    lf.check(url.endswith("format=json"), "JSON answers' links ask for JSON", url)

    # Rings: left, right, then the third replaces the left.
    state = "/loadout?" + "&".join("item=" + c for c in rings) + "&format=json"
    for i, want in enumerate([[rings[0] + ":left-finger", rings[1], rings[2]],
                              [rings[0] + ":left-finger", rings[1] + ":right-finger", rings[2]],
                              [rings[0], rings[1] + ":right-finger",
                               rings[2] + ":left-finger"]]):
        j = stack.get(state).json()
        state = j["items"][i]["actions"]["equip"]
        lf.check(params(state) == want, "ring %d equipped" % (i + 1), state)
    # Unequip and remove through their links.
    j = stack.get(state).json()
    state = j["items"][1]["actions"]["unequip"]
    lf.check(params(state) == [rings[0], rings[1], rings[2] + ":left-finger"], "unequip", state)
    j = stack.get(state).json()
    state = j["items"][0]["actions"]["remove"]
    lf.check(params(state) == [rings[1], rings[2] + ":left-finger"], "remove", state)
    j = stack.get(state).json()
    lf.check(len(j["items"]) == 2 and j["totals"]["worn"] == 1, "two items, one worn", j)


def test_totals_are_the_sum_of_the_worn_items(stack):
    r = stack.get("/generate?kind=armor&count=40&seed=99&format=json")
    worn = {}
    for it in r.json()["items"]:
        worn.setdefault(it["slot"], (code_of(it), it))
    lf.check(len(worn) >= 4, "armour for four places among 40", list(worn))
    codes = [c for c, _ in worn.values()]
    j = stack.get("/loadout?" + "&".join("item=%s" % c for c in codes) +
                  "&format=json").json()
    for i in range(len(codes)):
        j = stack.get(j["items"][i]["actions"]["equip"]).json()
    lf.check(j["totals"]["worn"] == len(codes), "every piece worn", j["totals"])
    own = [stack.get("/item/%s?format=json" % c).json() for c in codes]
    for stat in ("attack", "defense", "magic", "flaming", "freezing", "shocking", "holy",
                 "evil", "sneak", "crit"):
        lf.check(j["totals"][stat] == sum(stat_of(it, stat) for it in own),
                 "total %s is the sum of the items' own JSON" % stat, j["totals"], own)
    lf.check(j["totals"]["str"] == 0 and j["item_str"] == sum(it["str"] for it in own),
             "the items' strength apart, not the character's", j["totals"], j["item_str"])


def test_base_plus_bonuses_is_the_total(stack):
    """base=attack:3,defense:2,str:10: the character's own values; each
    total is base + the worn items' bonuses, in JSON and HTML; hands and the
    multiplier, which mean nothing summed, are not totals (issue 23)."""
    (code, item), = roll(stack, "kind=armor", "head")[:1]
    own = stack.get("/item/%s?format=json" % code).json()
    j = stack.get("/loadout?item=%s:head&base=attack:3,defense:2,str:10&format=json"
                  % code).json()
    lf.check(j["base"]["attack"] == 3 and j["base"]["defense"] == 2 and j["base"]["str"] == 10
             and j["base"]["magic"] == 0, "the base as given", j["base"])
    for stat in ("attack", "defense", "magic"):
        lf.check(j["bonuses"][stat] == stat_of(own, stat), "bonus %s is the item's" % stat,
                 j["bonuses"])
        lf.check(j["totals"][stat] == j["base"][stat] + stat_of(own, stat), "total %s" % stat, j)
    lf.check(j["bonuses"]["str"] == 0 and j["totals"]["str"] == 10
             and j["item_str"] == own["str"], "an item's strength is no bonus to str", j)
    lf.check("hands" not in j["totals"] and "multiplier" not in j["totals"],
             "no sums that mean nothing", j["totals"])
    lf.check("base=attack:3,defense:2,str:10" in j["link"]
             and all("base=attack:3,defense:2,str:10" in u
                     for u in j["items"][0]["actions"].values() if u), "links keep the base", j)
    html = stack.get("/loadout?item=%s:head&base=attack:3,defense:2,str:10" % code).text
    lf.check('<tr class="total total-attack"><th scope="row">attack</th><td class="base">3</td>'
             in html, "HTML: base, bonuses, total", html)
    lf.check("total-hands" not in html and "total-multiplier" not in html, "HTML drops them")
    lf.check('class="place place-head"><td class="icon"><img class="icon" src="/static/icons/'
             in html, "the doll draws the worn item's icon")
    lf.check('<img class="icon empty-place" src="/static/icons/feet.svg"' in html,
             "an empty place its slot's")
    for bad, why in [("attack:x", "attack"), ("hands:2", "hands"), ("attack:1,attack:2", "twice"),
                     ("attack:1001", "1000"), ("nothing", "stat:value"), ("multiplier:1", "")]:
        r = stack.get("/loadout?base=%s&format=json" % bad)
        lf.check(r.status == 400 and lf.first_error(r)["field"] == "base"
                 and why in lf.first_error(r)["message"], "400 naming base for %s" % bad, r)
    r = stack.get("/loadout?base=attack:1&base=str:2&format=json")
    lf.check(r.status == 400 and lf.first_error(r)["field"] == "base", "base twice", r)


def test_bad_input_names_the_item(stack):
    (code, _), = roll(stack, "kind=armor", "head")[:1]
    cases = [
        ("item=%s:elbow" % code, "item"),
        ("item=not*a*code", "item"),
        ("item=%s&item=AAAAAAAAAAAAAAAAAAAA" % code, "item"),
        ("item=%s:feet" % code, "item"),
        ("&".join(["item=%s" % code] * 33), "item"),
        ("format=xml", "format"),
    ]
    for query, field in cases:
        r = stack.get("/loadout?" + query, headers=JSON)
        lf.check(r.status == 400 and lf.first_error(r)["field"] == field,
                 "400 naming %s for %s" % (field, query[:60]), r)
        r = stack.get("/loadout?" + query)
        lf.check(r.status == 400 and "text/html" in r.headers["content-type"],
                 "the same as an HTML page", r)
    r = stack.get("/loadout?item=%s&item=AAAAAAAAAAAAAAAAAAAA" % code, headers=JSON)
    lf.check("item 2" in lf.first_error(r)["message"], "the message says which item", r.json())
    r = stack.get("/loadout?" + "&".join(["item=%s" % code] * 32) + "&format=json")
    lf.check(r.status == 200 and len(r.json()["items"]) == 32, "32 items are fine", r)


def test_empty_loadout(stack):
    r = stack.get("/loadout")
    lf.check(r.status == 200 and "The pack is empty" in r.text, "an empty loadout", r)
    j = stack.get("/loadout?format=json").json()
    lf.check(j["items"] == [] and j["totals"]["worn"] == 0 and j["link"] == "/loadout?format=json",
             "an empty loadout in JSON", j)


def test_cards_add_to_the_loadout_they_came_from(stack):
    (helm, _), = roll(stack, "kind=armor", "head")[:1]
    (ring, _), = roll(stack, "kind=trinket", "finger")[:1]
    r = stack.get("/loadout?item=%s:head&item=%s" % (helm, ring))
    more = hrefs(r.text, "more")
    lf.check(more == ["/?loadout=%s:head,%s" % (helm, ring)], "'find more loot' carries the loadout",
             more)
    r = stack.get(more[0])
    lf.check(r.status == 200 and 'name="loadout" value="%s:head,%s"' % (helm, ring) in r.text,
             "the form keeps it as a hidden field", r.text[:3000])
    # The form's next roll, as the browser sends it, carries it on.
    r = stack.get("/generate?kind=weapon&tier=2&loadout=%s:head,%s" % (helm, ring))
    add = hrefs(r.text, "add-to-loadout")
    lf.check(len(add) == 1, "the card has 'add to loadout'", r.text[-3000:])
    new = re.search(r'href="/item/([A-Za-z0-9_-]+)"', r.text).group(1)
    lf.check(params(add[0]) == [helm + ":head", ring, new], "it keeps the loadout and adds the item",
             add[0])
    j = stack.get(add[0] + "&format=json").json()
    lf.check([i["item"]["code"] for i in j["items"]] == [helm, ring, new] and j["worn"]["head"] == 0,
             "the loadout after adding", j)
    reroll = hrefs(r.text, "reroll")
    lf.check(reroll and "loadout=" in reroll[0], "'roll again' keeps the loadout too", reroll)
    # A card without a carried loadout adds to the visitor's own (a POST
    # form, test_stash.py), never a link that would start a new one.
    r = stack.get("/generate?kind=shield&count=3")
    lf.check(hrefs(r.text, "add-to-loadout") == [] and
             len(re.findall(r'<form class="card-actions"', r.text)) == 3,
             "every card of a batch adds to the visitor's loadout", r.text[-2000:])
    r = stack.get("/generate?loadout=not%20a%20list&format=json")
    lf.check(r.status == 400 and lf.first_error(r)["field"] == "loadout", "a bad carried loadout", r)


# Places as links write them ('-'), and one in docs/api.md's '_' spelling,
# which the address takes too.
PLACES_FOR = {"one_hand": ["main-hand", "off-hand"], "two_hands": ["main-hand"],
              "head": ["head"], "body": ["body"], "hands": ["hands"], "legs": ["legs"],
              "feet": ["feet"], "off_hand": ["off-hand"], "finger": ["left_finger", "right-finger"],
              "neck": ["neck"], None: []}
STATS = ("attack", "defense", "magic", "flaming", "freezing", "shocking", "holy",
         "evil", "sneak", "crit")


def test_totals_over_random_loadouts(stack):
    """1,000 random loadouts (fixed seed) of items of every kind: the totals
    are the sums, over the items the answer says are worn, of each item's
    own JSON (/item/CODE), and no place holds two items."""
    rnd = random.Random(20261123)
    pool = []
    for kind in ("weapon", "armor", "shield", "trinket"):
        r = stack.get("/generate?kind=%s&count=20&seed=5&format=json" % kind)
        pool += [code_of(it) for it in r.json()["items"]]
    own = {c: stack.get("/item/%s?format=json" % c).json() for c in pool}
    for _ in range(1000):
        picked = rnd.sample(pool, rnd.randint(0, 12))
        query = []
        for c in picked:
            places = PLACES_FOR[own[c]["slot"]]
            if places and rnd.random() < 0.7:
                query.append("item=%s:%s" % (c, rnd.choice(places)))
            else:
                query.append("item=%s" % c)
        r = stack.get("/loadout?%s&format=json" % "&".join(query))
        lf.check(r.status == 200, "a random loadout", query, r)
        j = r.json()
        worn = [it for it in j["items"] if it["place"] != "pack"]
        held = [it["place"] for it in worn]
        lf.check(len(held) == len(set(held)), "no place holds two items", held)
        lf.check(j["totals"]["worn"] == len(worn), "worn counts the worn items", j["totals"])
        for stat in STATS:
            want = sum(stat_of(own[it["item"]["code"]], stat) for it in worn)
            lf.check(j["totals"][stat] == want, "total %s" % stat, query, j["totals"])
        lf.check(j["item_str"] == sum(own[it["item"]["code"]]["str"] for it in worn),
                 "the items' strength", query)
        lf.check(j["totals"]["value"] == sum(own[it["item"]["code"]]["value"] for it in worn),
                 "total value", query)


def test_item_strength_is_not_the_characters(stack):
    """SPEC §15: the worn items' strength (their affix points) is a total of
    its own beside the character's stats, never added to base str."""
    (code, it), = roll(stack, "kind=armor", "head")[:1]
    page = stack.get("/loadout?item=%s:head&base=str:10" % code).text
    row = re.search(r'<tr class="total total-str">.*?</tr>', page, re.S)
    lf.check(row and "= 10<" in row.group(0), "the character's strength stays its base",
             row and row.group(0))
    items = re.search(r'<p class="item-strength">.*?</p>', page, re.S)
    lf.check(items and (">%d<" % it["str"]) in items.group(0),
             "the worn items' strength apart", items and items.group(0))
    card = stack.get("/item/" + code).text
    lf.check("Rarity follows the affixes" in card and "the base price" in card,
             "the card says what rarity and value follow")
