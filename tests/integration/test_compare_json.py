"""The generator's JSON items carry `compare` (SPEC §15) when the request has a
loadout, the cookie's or the form's loadout= field: what is worn in the
item's slot, each summing stat's difference and the value's. Such an answer
varies with the visitor, so no shared cache may keep it; /item/CODE never
varies at all."""

import re

import lf

JSON = {"Accept": "application/json"}


def code_of(item):
    return re.match(r"^/item/([A-Za-z0-9_-]+)", item["link"]).group(1)


def batch(stack, query, client=None):
    get = (client or stack).get
    r = get("/generate?%s&format=json" % query)
    lf.check(r.status == 200, "a batch", r)
    return r


def wear(c, code, place=None):
    tok = c.get("/stash", headers=JSON).json()["csrf"]
    fields = {"do": "wear", "code": code, "csrf": tok, "back": "/stash"}
    if place:
        fields["place"] = place
    lf.check(c.post("/stash", fields).status == 303, "worn", code)


def test_generate_json_compares_with_the_cookie(stack):
    rings = [it for it in batch(stack, "kind=trinket&count=100&seed=11").json()["items"]
             if it["slot"] == "finger"]
    a = rings[0]
    c = lf.Client(stack)
    wear(c, code_of(a), "left-finger")
    plain = batch(stack, "kind=trinket&count=100&seed=11")
    lf.check(all("compare" not in it for it in plain.json()["items"]),
             "no loadout: no compare", plain.text[:300])
    mine = batch(stack, "kind=trinket&count=100&seed=11", c)
    cc = mine.headers["cache-control"]
    lf.check("private" in cc and "no-store" in cc and "public" not in cc,
             "an answer that varies with the cookie is private", cc)
    items = mine.json()["items"]
    lf.check(all("compare" in it for it in items), "every item carries compare", items[0])
    b = [it for it in items if it["slot"] == "finger"][1]
    cmp = b["compare"]
    # a ring goes to the first free finger: the right one, against nothing
    lf.check(cmp["slot"] == "finger" and cmp["worn"] == [], "against the free finger", cmp)
    for stat, d in cmp["stats"].items():
        lf.check(d == b["stats"].get(stat, 0), "its own " + stat, cmp, b)
    lf.check(cmp["value"] == b["value"], "its own value", cmp, b)


def test_generate_json_compares_with_a_carried_loadout(stack):
    weapons = [it for it in batch(stack, "kind=weapon&count=100&seed=11").json()["items"]
               if it["slot"] == "one_hand"]
    a, b = weapons[0], weapons[1]
    one = batch(stack, "kind=weapon&seed=%s&loadout=%s:main-hand" % (b["seed"], code_of(a)))
    cc = one.headers["cache-control"]
    lf.check("private" in cc or "no-store" in cc, "not kept by a shared cache", cc)
    j = one.json()
    lf.check("compare" in j, "a single item carries compare too", j)
    cmp = j["compare"]
    if j["slot"] == "one_hand":
        lf.check(cmp["worn"] == [code_of(a)], "against the main hand", cmp)
        for stat, d in cmp["stats"].items():
            lf.check(d == j["stats"].get(stat, 0) - a["stats"].get(stat, 0), "delta " + stat)
        lf.check(cmp["value"] == j["value"] - a["value"], "value delta", cmp)
    r = stack.get("/generate?kind=weapon&loadout=nonsense!&format=json")
    lf.check(r.status == 400 and lf.first_error(r)["field"] == "loadout", "a bad list", r)


def test_item_page_never_varies_with_a_loadout(stack):
    (it,) = [i for i in batch(stack, "kind=armor&count=5&seed=4").json()["items"]][:1]
    c = lf.Client(stack)
    wear(c, code_of(it))
    other = batch(stack, "kind=armor&count=5&seed=9").json()["items"][0]
    for fmt in ("", "?format=json"):
        path = "/item/" + code_of(other) + fmt
        a = stack.get(path)
        b = c.get(path)
        lf.check(a.status == 200 and a.body == b.body, "the same bytes with a loadout", fmt)
        lf.check("compare" not in b.text.split('"reroll"')[0] if fmt else True,
                 "no compare in the permanent JSON", b.text[:400])
        lf.check("immutable" in b.headers["cache-control"], "still immutable", b.headers)


def test_generate_cards_show_the_comparison(stack):
    """The HTML cards show what the JSON's compare says: each summing stat's
    difference, green (up) or red (down), the value's, and an Equip; none
    without a loadout."""
    weapons = [it for it in batch(stack, "kind=weapon&count=100&seed=21").json()["items"]
               if it["slot"] == "one_hand"]
    a = weapons[0]
    c = lf.Client(stack)
    wear(c, code_of(a), "main-hand")
    plain = stack.get("/generate?kind=weapon&seed=%s" % weapons[1]["seed"])
    lf.check(plain.status == 200 and 'class="compared"' not in plain.text,
             "no loadout: no comparison on the card")
    page = c.get("/generate?kind=weapon&seed=%s" % weapons[1]["seed"])
    j = c.get("/generate?kind=weapon&seed=%s&format=json" % weapons[1]["seed"]).json()
    lf.check(page.status == 200 and "private" in page.headers["cache-control"], "a private page",
             page.headers)
    box = re.search(r'<div class="compared">.*?</div>', page.text, re.S)
    lf.check(box, "the card compares", page.text[-3000:])
    box = box.group(0)
    shown = {m.group(3): (1 if m.group(1) == "up" else -1) * int(m.group(2))
             for m in re.finditer(r'<li class="delta (up|down) stat-[a-z]+"><span class="n">'
                                  r'[+\u2212](\d+)</span> ([a-z]+)</li>', box)}
    want = {s: d for s, d in j["compare"]["stats"].items() if d}
    lf.check(shown == want, "each stat's difference as the JSON's", shown, want)
    lf.check(code_of(a) in box and 'value="wear"' in box, "against the worn weapon, with Equip",
             box)
