"""Scrolls (a blueprint kind) and wands (an affix kind
that holds a spell), in HTML, JSON and batches; part independence through
the form; a proposed spell approved and then rolled on a scroll; and scroll
and wand codes that answer the same bytes after the catalog changes (a
scroll word edited, a spell retired, a training name added, which retrains
the name chain)."""

import json
import re
import uuid

import lf
from lf import check
from test_items import gen, item_bytes, later
from test_spells import moderator, client, new_name, propose, spells_json, wait_for

# the parts as JSON keys (docs/api.md: snake_case); the form's fields keep
# their names (attribute[tube-material]), which every shared link carries
SCROLL_PARTS = ["type", "tube_quality", "tube_material", "paper_material", "paper_condition",
                "writing_quality", "writing_detail"]
NAME_RE = re.compile(r"^Scroll of \w{4,12}$")


def catalog(stack, rev=""):
    d = stack.get_json("/catalog.json" + rev).json()
    return {(t["kind"], t["part"]): t["rows"] for t in d["tables"]}, d


def marks(stack):
    tables, _ = catalog(stack)
    return {r["word"]: r["mark"] for part in ("paper_condition", "writing_quality")
            for r in tables[("scroll", part.replace("_", "-"))] if "mark" in r}


def test_scroll_json_html_and_batch(stack):
    mk = marks(stack)
    check(len(mk) == 16 and set(mk.values()) == {"good", "bad"}, "the shipped marks", mk)
    items = gen(stack, "kind=scroll&seed=11&count=60")
    check(len(items) == 60, "a batch of 60 scrolls", len(items))
    seen_conj = set()
    for it in items:
        p = it["parts"]
        check(it["kind"] == "scroll" and it["slot"] is None, "a scroll", it)
        check(sorted(p) == sorted(SCROLL_PARTS) and all(p[k] for k in SCROLL_PARTS),
              "every blueprint part lands", it)
        check(NAME_RE.match(it["name"]) and it["name"] == "Scroll of " + it["given_name"],
              "Scroll of <given name>", it)
        sp = it["spell"]
        check(sp and sp["tier"] == it["tier"] and sp["text"].startswith(sp["name"] + " — "),
              "a spell of the scroll's tier, in words", it)
        conj = "and" if mk[p["paper_condition"]] == mk[p["writing_quality"]] else "but"
        seen_conj.add(conj)
        article = "An" if p["tube_quality"][0] in "aeiou" else "A"
        want = "%s %s %s tube holds the scroll. %s %s %s %s writing %s." % (
            article, p["tube_quality"], p["tube_material"], p["paper_material"].capitalize(),
            p["paper_condition"], conj, p["writing_quality"], p["writing_detail"])
        check(it["description"] == want, "the description, and/but by the marks", it, want)
        check(it["value"] >= 1 and it["code"] and "charges" not in it, "value and code", it)
    check(seen_conj == {"and", "but"}, "both conjunctions in 60 scrolls", seen_conj)

    one = stack.get("/generate?kind=scroll&seed=11")
    first = items[0]
    check(one.status == 200 and first["name"] in one.text, "the HTML card", one)
    for text in ["scroll.svg", 'class="description"', "Holds", first["spell"]["name"],
                 "Grade", first["parts"]["type"].capitalize(), "{:,} gp".format(first["value"])]:
        check(text in one.text, "the card shows %r" % text, one.text[:3000])
    check(first["description"].replace("'", "&#39;") in one.text, "the description on the card")


def test_requesting_one_part_changes_only_it(stack):
    """Same seed with and without attribute[tube-material]=ivory, then each
    other part: only that part and the value differ."""
    tables, _ = catalog(stack)
    for part in SCROLL_PARTS[1:]:
        # the export (format 1) and the form's field name spell the part with '-'
        field = part.replace("_", "-")
        word = sorted(r["word"] for r in tables[("scroll", field)] if r["active"])[0]
        q = "attribute%%5B%s%%5D=%s" % (field, word.replace(" ", "+"))
        if part == "tube_material":
            q, word = "attribute%5Btube-material%5D=ivory", "ivory"
        a = gen(stack, "kind=scroll&seed=2026&count=20")
        b = gen(stack, "kind=scroll&seed=2026&count=20&" + q)
        differed = 0
        for x, y in zip(a, b):
            check(y["parts"][part] == word, "the requested word", y)
            differed += x["parts"][part] != word
            for k in ["name", "tier", "spell", "given_name", "str", "seed"]:
                check(x[k] == y[k], "%s unchanged by a %s request" % (k, part), x, y)
            for k in SCROLL_PARTS:
                if k != part:
                    check(x["parts"][k] == y["parts"][k], "%s unchanged" % k, x, y)
            if x["parts"][part] == word:
                check(x == y or dict(x, code=None, link=None, unhonoured=None, reroll=None)
                      == dict(y, code=None, link=None, unhonoured=None, reroll=None),
                      "the same word: the same scroll", x, y)
        check(differed >= 10, "the request changed the part in most of 20", differed)


def test_wand_json_html_and_batch(stack):
    items = gen(stack, "kind=wand&tier=3&seed=5&count=100")
    elements = 0
    for it in items:
        check(it["kind"] == "wand" and it["slot"] == "one_hand", "a wand", it)
        check(it["parts"]["material"] and it["parts"]["type"], "material and type", it)
        t = it["tier"]
        check(2 + 2 * t <= it["charges"] <= 2 + 2 * t + 4, "charges by tier", it)
        check(it["spell"] and it["spell"]["tier"] == t, "a spell of its tier", it)
        check("description" not in it and "given_name" not in it, "no scroll members", it)
        elements += bool(it["parts"]["element"])
    check(0 < elements < 50, "elements are the exception (16 in 101)", elements)
    r = stack.get("/generate?kind=wand&tier=3&seed=5")
    check(r.status == 200 and items[0]["name"] in r.text and "wand.svg" in r.text
          and "Casts" in r.text and "Charges" in r.text, "the wand card", r.text[:3000])
    check(">%d</dd>" % items[0]["charges"] in r.text, "the charges on the card")


def test_words_and_export_know_the_new_kinds(stack):
    tables, d = catalog(stack)
    for part in SCROLL_PARTS:
        # the export keeps its format 1 spelling (docs/api.md)
        check(tables.get(("scroll", part.replace("_", "-"))), "the export has scroll %s" % part)
    for part in ["element", "prefix", "material", "type", "adjective", "abstract"]:
        check(tables.get(("wand", part)), "the export has wand %s" % part)
    w = stack.get("/words?kind=scroll&format=json")
    check(w.status == 200, "/words for scrolls", w)
    form = stack.get("/?kind=scroll")
    check('name="attribute[tube-material]"' in form.text and "Tube material" in form.text,
          "the form offers the scroll parts", form.text[:2000])
    r = stack.get("/generate?kind=potion&format=json")
    check(r.status == 400 and lf.first_error(r)["field"] == "kind"
          and "scroll" in lf.first_error(r)["message"], "an unknown kind names the kinds", r)


def test_approved_spell_is_rolled_on_scrolls(stack):
    """A spell proposed, approved by a moderator, then rolled: a tier-6
    scroll holds one of the tier-6 spells uniformly, so among 400 scrolls the
    new one appears (with 6 spells of tier 6 the chance it does not is
    (5/6)^400, below 10^-31)."""
    name = new_name()
    r = propose(client(stack), {"name": name, "mana": "90", "level": "9", "tier": "6",
                                "effect1": "light 9 200"})
    check(r.status in (200, 201), "proposed", r)
    m = moderator(stack)
    queue = m.get("/moderate", headers={"Accept": "application/json"}).json()
    mine = [s for s in queue["pending_spells"] if s["name"] == name]
    r = m.post("/moderate/spell/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers={"Accept": "application/json",
                        "Origin": "http://127.0.0.1:%d" % stack.port})
    check(r.status == 200, "approved", r)
    check(wait_for(lambda: [s for s in spells_json(stack)["spells"] if s["name"] == name]),
          "live")
    tier6 = len([s for s in spells_json(stack)["spells"] if s["tier"] == 6])
    check(tier6 <= 8, "a handful of tier-6 spells", tier6)
    got = []
    for seed in range(4):
        got += [it for it in gen(stack, "kind=scroll&tier=6&seed=%d&count=100" % (70 + seed))
                if it["spell"]["name"] == name]
    check(got and got[0]["spell"]["text"].startswith(name + " — 90 mana, level 9: lights"),
          "the approved spell is rolled", len(got))
    lf.settled(stack)


def test_scroll_and_wand_codes_last(stack):
    kept = {}
    items = gen(stack, "kind=scroll&seed=404&count=30") + \
        gen(stack, "kind=wand&power=2&seed=405&count=30") + \
        gen(stack, "kind=scroll&attribute%5Btube-material%5D=ivory&seed=406&count=10")
    for it in items:
        kept[it["code"]] = (item_bytes(stack, it["code"], "json"),
                            item_bytes(stack, it["code"], "html"))
        back = json.loads(kept[it["code"]][0])
        check(dict(back, reroll=None) == dict(it, reroll=None),
              "/item/CODE is the item /generate gave", it, back)
    used_spell = items[0]["spell"]["name"]
    edited = items[0]["parts"]["paper_material"]
    before = gen(stack, "kind=scroll&seed=404")[0]
    # One change set after another: the paper material's value_mult edited,
    # the first scroll's spell retired, a training name added.
    stack.edit_rows("scroll_paper_material", "word = '%s'" % edited,
                    value_mult="LEAST(400, value_mult + 7)")
    stack.change_set(["UPDATE spell SET retired_rev = @rev WHERE word = '%s' "
                      "AND retired_rev IS NULL" % used_spell])
    stack.change_set(["INSERT INTO markov_name (name, added_rev) VALUES ('Zq%s', @rev)"
                      % uuid.uuid4().hex[:6]])

    def seen():
        now = gen(stack, "kind=scroll&seed=404")[0]
        return now["code"] != before["code"] and now["spell"]["name"] != used_spell
    check(later(stack, seen) or wait_for(seen), "new rolls see the changes")
    now = gen(stack, "kind=scroll&seed=404&attribute%%5Bpaper-material%%5D=%s"
              % edited.replace(" ", "+"))[0]
    check(now["value"] != before["value"] or now["spell"] != before["spell"],
          "the edit is in new rolls", now, before)
    for code, (j, h) in kept.items():
        check(item_bytes(stack, code, "json") == j, "JSON of %s unchanged" % code)
        check(item_bytes(stack, code, "html") == h, "HTML of %s unchanged" % code)
    check(len(kept) == 70, "70 codes", len(kept))
    lf.settled(stack)


def test_marked_scroll_word_proposed_approved_and_rolled(stack):
    """A paper condition is proposed with its mark (required, good or bad),
    approved, and then decides the scroll's conjunction."""
    from test_submit import client as wclient, form, moderator as wmoderator, \
        moderator_csrf, new_word, pending_id, propose as wpropose
    c = wclient(stack)
    f = form(c, "scroll", "paper-condition")
    check({"name": "mark", "choices": ["good", "bad"], "required": True} in f["fields"],
          "the form asks for the mark", f)
    page = c.get("/submit?kind=scroll&part=paper-condition")
    check('name="mark" required' in page.text, "the HTML form has a required mark", page)
    word = "is dotted with " + new_word("zm")
    r = wpropose(c, word, "scroll", "paper-condition")
    check(r.status == 400 and lf.first_error(r)["field"] == "mark", "no mark: 400 naming it", r)
    r = wpropose(c, word, "scroll", "paper-condition", fields={"mark": "so-so"})
    check(r.status == 400 and lf.first_error(r)["field"] == "mark", "a bad mark: 400", r)
    r = wpropose(wclient(stack), new_word("zp"), "scroll", "tube-material",
                 fields={"mark": "good"})
    check(r.status == 400 and lf.first_error(r)["field"] == "mark", "no mark on a tube", r)
    r = wpropose(wclient(stack), word, "scroll", "paper-condition",
                 fields={"mark": "bad", "value_mult": "70"})
    check(r.status in (200, 201), "proposed with mark=bad", r)
    m = wmoderator(stack)
    r = m.post("/moderate/approve", {"csrf": moderator_csrf(m), "id": pending_id(stack, word)},
               headers={"Origin": "http://127.0.0.1:%d" % stack.port})
    check(r.status == 303, "approved", r)
    check(stack.sql("SELECT mark, value_mult FROM scroll_paper_condition WHERE word = '%s'"
                    % word) == [["bad", "70"]], "the row carries its mark")
    q = "kind=scroll&seed=9&attribute%%5Bpaper-condition%%5D=%s" % word.replace(" ", "+")

    def rolled():
        return gen(stack, q)[0]["parts"]["paper_condition"] == word
    check(later(stack, rolled) or wait_for(rolled), "the approved word is rolled")
    good = gen(stack, q + "&attribute%5Bwriting-quality%5D=elegant")[0]
    bad = gen(stack, q + "&attribute%5Bwriting-quality%5D=shaky")[0]
    check(" %s but elegant writing " % word in good["description"], "bad and good: but", good)
    check(" %s and shaky writing " % word in bad["description"], "bad and bad: and", bad)
    check(marks(stack)[word] == "bad", "the export has the mark")
    lf.settled(stack)


def test_scroll_requests_that_cannot_be_honoured(stack):
    it = gen(stack, "kind=scroll&seed=3&attribute%5Belement%5D=flaming"
                    "&attribute%5Btube-material%5D=mithril")[0]
    got = {(u["part"], u["word"], u["reason"]) for u in it["unhonoured"]}
    check(got == {("element", "flaming", "not_a_part"),
                  ("tube_material", "mithril", "unknown_word")}, "both are reported", got)
    plain = gen(stack, "kind=scroll&seed=3")[0]
    check(dict(it, unhonoured=None, code=None, link=None, reroll=None)
          == dict(plain, unhonoured=None, code=None, link=None, reroll=None),
          "and the scroll is rolled as if not asked", it, plain)
    w = gen(stack, "kind=weapon&seed=3&attribute%5Bpaper-condition%5D=is+pristine")[0]
    check(w["unhonoured"] == [{"part": "paper_condition", "word": "is pristine",
                               "reason": "not_a_part", "message": "not a part of this kind"}],
          "a weapon has no paper", w)
    r = stack.get("/generate?kind=scroll&attribute%5Bwriting-detail%5D=" + "x" * 300)
    check(r.status == 400 and "attribute[writing-detail]" in r.text, "an over-long word", r)
