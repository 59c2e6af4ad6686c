"""The visitor's own state (SPEC §15): a cookie holding the current loadout,
the stash and the recent rolls, changed only by CSRF-checked POSTs to
/stash, listed by GET /stash in HTML, JSON and CSV; bad or stale content
is dropped entry by entry, never an error page; nothing of it is kept by
a shared cache."""

import html
import re
import urllib.parse

import lf

JSON = {"Accept": "application/json"}


def code_of(item):
    return re.match(r"^/item/([A-Za-z0-9_-]+)", item["link"]).group(1)


def roll(stack, query, want=None, n=1):
    r = stack.get("/generate?%s&count=100&seed=11&format=json" % query)
    lf.check(r.status == 200, "a batch", r)
    items = [it for it in r.json()["items"] if want is None or it["slot"] == want]
    lf.check(len(items) >= n, "enough items", query, want)
    return [code_of(it) for it in items[:n]]


def token(c):
    r = c.get("/stash", headers=JSON)
    lf.check(r.status == 200, "GET /stash in JSON", r)
    return r.json()["csrf"]


def act(c, tok, **fields):
    fields.setdefault("back", "/stash")
    r = c.post("/stash", dict(fields, csrf=tok))
    return r


def state(c):
    r = c.get("/stash", headers=JSON)
    lf.check(r.status == 200 and "no-store" in r.headers["cache-control"]
             and "private" in r.headers["cache-control"], "the stash is private, no-store", r)
    return r.json()


def test_keep_list_and_clear(stack):
    c = lf.Client(stack)
    tok = token(c)
    a, b = roll(stack, "kind=weapon", n=2)
    r = act(c, tok, do="keep", code=a, back="/generate?kind=weapon")
    lf.check(r.status == 303 and r.headers["location"].endswith("/generate?kind=weapon"),
             "keep answers 303 back to the page of the form", r)
    lf.check(any(n == "lf_visitor" for n, _, _ in r.set_cookies), "the cookie is written", r)
    act(c, tok, do="keep", code=b)
    s = state(c)
    lf.check([e["code"] for e in s["stash"]] == [b, a], "newest first", s)
    page = c.get("/stash")
    lf.check(page.status == 200 and "/item/" + a in page.text and "/item/" + b in page.text,
             "the page lists both with their links", page.text[:2000])
    csv = c.get("/stash?format=csv")
    lf.check(csv.status == 200 and "text/csv" in csv.headers["content-type"]
             and ("stash,%s,/item/%s" % (a, a)) in csv.text, "CSV", csv)
    act(c, tok, do="unkeep", code=b)
    lf.check([e["code"] for e in state(c)["stash"]] == [a], "removed", state(c))
    act(c, tok, do="clear", list="stash")
    lf.check(state(c)["stash"] == [], "cleared", state(c))


def test_csrf_and_fields(stack):
    c = lf.Client(stack)
    tok = token(c)
    (a,) = roll(stack, "kind=armor")
    r = c.post("/stash", {"do": "keep", "code": a})
    lf.check(r.status == 403 and not any(n == "lf_visitor" for n, _, _ in r.set_cookies),
             "no token: 403 and the cookie is not written", r)
    r = c.post("/stash", {"do": "keep", "code": a, "csrf": "0" * 64}, headers=JSON)
    lf.check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "a wrong token", r)
    r = act(c, tok, do="keep", code="nonsense")
    lf.check(r.status == 400 and "code" in r.text, "a bad code: 400 naming code", r)
    r = c.post("/stash", {"do": "explode", "code": a, "csrf": tok}, headers=JSON)
    lf.check(r.status == 400 and lf.first_error(r)["field"] == "do", "a bad action", r)
    # a back address of another site is not followed
    r = act(c, tok, do="keep", code=a, back="//evil.example/")
    lf.check(r.status == 303 and r.headers["location"].endswith("/stash"), "back stays here", r)


def test_wear_by_the_rules(stack):
    c = lf.Client(stack)
    tok = token(c)
    rings = roll(stack, "kind=trinket", "finger", n=3)
    (sword,) = roll(stack, "kind=weapon", "two_hands")
    for code in rings[:2] + [sword]:
        r = act(c, tok, do="wear", code=code)
        lf.check(r.status == 303, "worn", r)
    lo = state(c)["loadout"]
    places = {e["code"]: e["place"] for e in lo["items"]}
    lf.check(places == {rings[0]: "left_finger", rings[1]: "right_finger", sword: "main_hand"},
             "a ring on each finger, the sword in hand", lo)
    # the third ring sends the left one to the pack; nothing is lost
    act(c, tok, do="wear", code=rings[2])
    places = {e["code"]: e["place"] for e in state(c)["loadout"]["items"]}
    lf.check(places[rings[2]] == "left_finger" and places[rings[0]] == "pack", "rules", places)
    # the address of this loadout is the shareable one, and it builds
    j = c.get(state(c)["loadout"]["link"]).json()
    lf.check(j["worn"]["left_finger"] is not None and j["worn"]["main_hand"] is not None,
             "the loadout's address", j)
    act(c, tok, do="clear", list="loadout")
    lf.check(state(c)["loadout"]["items"] == [], "cleared", state(c))


def test_bad_cookie_is_read_entry_by_entry(stack):
    (a,) = roll(stack, "kind=weapon")
    broken = a[:-1] + ("A" if a[-1] != "A" else "B")
    for value in ["1~%s:head.%s:nowhere.<b>~%s.zz~%s" % (a, a, a, broken),
                  "0~everything~from~before",
                  "1~" + ".".join([a] * 250),
                  "%22quoted%22", "1~~" + a[:5]]:
        r = stack.get("/stash", headers={"Cookie": "lf_visitor=" + value})
        lf.check(r.status == 200, "never an error page", value, r)
        j = stack.get("/stash", headers=dict(JSON, Cookie="lf_visitor=" + value)).json()
        lf.check(r.status == 200 and len(j["stash"]) <= 50, "bounded", j)
    j = stack.get("/stash", headers=dict(JSON, Cookie="lf_visitor=1~%s:head~%s.zz~%s" % (
        a, a, broken))).json()
    lf.check([e["code"] for e in j["stash"]] == [a] and j["recent"] == []
             and j["loadout"]["items"] == [{"code": a, "place": "head"}],
             "what is valid stays, the rest is dropped", j)


def test_no_shared_cache_keeps_a_visitor(stack):
    """A cookie never changes /item/CODE's bytes nor what nginx keeps."""
    c = lf.Client(stack)
    tok = token(c)
    (a,) = roll(stack, "kind=trinket", "finger")
    (b,) = roll(stack, "kind=weapon")
    path = "/item/" + b
    first = stack.get(path)
    lf.check(first.status == 200 and "immutable" in first.headers["cache-control"], "item", first)
    act(c, tok, do="wear", code=a)
    act(c, tok, do="keep", code=b)
    with_cookie = c.get(path)
    lf.check(with_cookie.body == first.body, "the same bytes with a visitor cookie")
    lf.check(with_cookie.headers.get("x-cache") == "HIT", "served from nginx's cache",
             with_cookie.headers)
    lf.check(not with_cookie.set_cookies, "and no cookie set on a permanent answer", with_cookie)
    for fmt in ("", "?format=json"):
        plain = stack.get(path + fmt)
        mine = c.get(path + fmt)
        lf.check(plain.body == mine.body, "JSON too: the same bytes", fmt)
    gen = c.get("/generate?kind=weapon&seed=5")
    cc = gen.headers["cache-control"]
    lf.check("no-store" in cc and "public" not in cc, "/generate is never kept", cc)


def form_fields(form_html):
    return {html.unescape(n): html.unescape(v) for n, v in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form_html)}


def test_cards_keep_and_add_from_the_page(stack):
    """Through the page's own forms, as a browser without script: a batch's
    rows and cards carry Keep and Add to loadout; the rolls become recent
    ones; the header's Loadout then opens them all, at the shareable
    address."""
    c = lf.Client(stack)
    page = c.get("/generate?kind=trinket&count=5&seed=21")
    lf.check(page.status == 200, "a batch", page)
    cc = page.headers["cache-control"]
    lf.check("private" in cc and "no-store" in cc, "the page with a visitor's forms is private", cc)
    lf.check("Total value:" in page.text, "a batch shows its total value", page.text[:3000])
    rows = re.findall(r'<form class="row-actions".*?</form>', page.text, re.S)
    lf.check(len(rows) == 5, "each batch row has the forms", len(rows))
    f = form_fields(rows[0])
    lf.check(f["back"].startswith("/generate?") and "seed=21" in f["back"]
             and "count=5" in f["back"], "back to the same batch", f)
    r = c.post("/stash", dict(f, do="keep"))
    lf.check(r.status == 303, "kept from the row", r)
    cards = re.findall(r'<form class="card-actions".*?</form>', page.text, re.S)
    lf.check(len(cards) == 5, "each card too", len(cards))
    for card in cards[1:4]:
        r = c.post("/stash", dict(form_fields(card), do="wear"))
        lf.check(r.status == 303, "added from a card", r)
    s = state(c)
    lf.check([e["code"] for e in s["stash"]] == [f["code"]], "the kept one", s)
    lf.check(len(s["loadout"]["items"]) == 3, "three added, none replaced", s)
    # the second page's rolls (the first set the csrf cookie) are recent
    c.get("/generate?kind=weapon&seed=22")
    s = state(c)
    lf.check(len(s["recent"]) >= 1, "recent rolls", s)
    # the header reaches every tool and its Loadout opens this one
    for href in ("/loadout", "/stash", "/words", "/spells", "/map", "/dungeon", "/submit"):
        lf.check('href="%s"' % href in page.text.split("</nav>")[0], "the header links " + href)
    r = c.get("/loadout")
    lf.check(r.status == 303 and "/loadout?item=" in r.headers["location"], "yours", r)
    mine = c.get(urllib.parse.urlsplit(r.headers["location"]).path + "?" +
                 urllib.parse.urlsplit(r.headers["location"]).query)
    lf.check(mine.status == 200 and "This is your loadout" in mine.text, "it says so", mine)
    # shared into a fresh browser: "make it mine"
    other = lf.Client(stack)
    shared = other.get(r.headers["location"])
    lf.check("Make it mine" in shared.text, "a shared address offers to make it one's own")
    form = re.search(r'<form class="make-mine".*?</form>', shared.text, re.S).group(0)
    r2 = other.post("/stash", dict(form_fields(form), do="mine"))
    lf.check(r2.status == 303, "made mine", r2)
    lf.check(state(other)["loadout"]["items"] == s["loadout"]["items"], "the same loadout",
             state(other))


def test_loadout_error_page_has_a_form(stack):
    r = stack.get("/loadout?item=garbage:head")
    lf.check(r.status == 400, "a bad code", r)
    lf.check("( items)" not in r.text and "<form class=\"add\"" in r.text
             and 'class="doll"' not in r.text, "the error page keeps the add form only", r.text)


def test_compare_against_what_is_worn(stack):
    c = lf.Client(stack)
    tok = token(c)
    r = stack.get("/generate?kind=trinket&count=100&seed=11&format=json")
    rings = [it for it in r.json()["items"] if it["slot"] == "finger"]
    a, b = rings[0], rings[1]
    act(c, tok, do="wear", code=code_of(a), place="left-finger")
    j = c.get("/compare?item=%s&format=json" % code_of(b)).json()
    places = {p["place"]: p for p in j["places"]}
    lf.check(set(places) == {"left_finger", "right_finger"}, "a ring against both fingers", j)
    left, right = places["left_finger"], places["right_finger"]
    lf.check(left["worn"] == [code_of(a)] and right["worn"] == [], "what each finger holds", j)
    for stat, d in left["stats"].items():
        lf.check(d == b["stats"].get(stat, 0) - a["stats"].get(stat, 0), "delta of " + stat, d)
    for stat, d in right["stats"].items():
        lf.check(d == b["stats"].get(stat, 0), "against nothing: its own " + stat, d)
    lf.check(left["value"] == b["value"] - a["value"], "the value's difference", left, a, b)
    page = c.get("/compare?item=%s" % code_of(b))
    cc = page.headers["cache-control"]
    lf.check(page.status == 200 and "private" in cc and "no-store" in cc, "private", cc)
    ups = [k for k, d in left["stats"].items() if d > 0]
    downs = [k for k, d in left["stats"].items() if d < 0]
    for k in ups:
        lf.check(re.search(r'class="delta up stat-%s"><span class="n">\+%d<' % (
            k, left["stats"][k]), page.text), "green " + k)
    for k in downs:
        lf.check(re.search(r'class="delta down stat-%s"><span class="n">−%d<' % (
            k, -left["stats"][k]), page.text), "red " + k)
    # one-click Equip on the right finger
    form = re.findall(r'<form class="equip".*?</form>', page.text, re.S)
    lf.check(len(form) == 2, "an Equip for each finger", form)
    right_form = [f for f in form if 'value="right-finger"' in f][0]
    r = c.post("/stash", dict(form_fields(right_form), do="wear"))
    lf.check(r.status == 303, "equipped", r)
    lo = {e["code"]: e["place"] for e in state(c)["loadout"]["items"]}
    lf.check(lo == {code_of(a): "left_finger", code_of(b): "right_finger"}, "both worn", lo)
    # a two-hander against both hands
    sw = [it for it in stack.get("/generate?kind=weapon&count=100&seed=11&format=json")
          .json()["items"] if it["slot"] in ("one_hand", "two_hands")]
    one = [it for it in sw if it["slot"] == "one_hand"][:1]
    two = [it for it in sw if it["slot"] == "two_hands"][:1]
    sh = [it for it in stack.get("/generate?kind=shield&count=50&seed=3&format=json")
          .json()["items"] if it["slot"] == "off_hand"][:1]
    if one and two and sh:
        act(c, tok, do="wear", code=code_of(one[0]))
        act(c, tok, do="wear", code=code_of(sh[0]))
        j = c.get("/compare?item=%s&format=json" % code_of(two[0])).json()
        lf.check(sorted(j["compare"]["worn"]) == sorted([code_of(one[0]), code_of(sh[0])]),
                 "a two-hander against both hands", j)
    # /item/CODE links to it, the same for everyone
    it = stack.get("/item/" + code_of(b))
    lf.check('href="/compare?item=%s"' % code_of(b) in it.text, "the item's page links compare")
