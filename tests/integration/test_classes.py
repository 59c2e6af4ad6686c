"""Items that make sense (SPEC §12, docs/recipes.md
"Word classes"). 10,000 armour, shield, trinket and wand rolls with no
contradicting pair and no `worse` prefix on a masterwork item; weapons roll
as at the revision before the classes (item for item, and rates within 4
sigma); a requested contradiction is reported naming both words; the scroll
names of 1,000 scrolls by the name rules; old codes keep their items."""

import base64
import collections
import math
import struct

import lf
from lf import check
from test_items import gen, item_bytes

CLASSED = ["armor", "shield", "trinket", "wand"]
KIND_NO = {"weapon": 0, "armor": 1, "shield": 2, "trinket": 3, "scroll": 4, "wand": 5}
VOWELS = set("aeiouy")


def export(stack, rev=""):
    r = stack.get_json("/catalog.json" + rev)
    check(r.status == 200, "the export", r)
    return r.json()


def classes_of(exp):
    """{(kind, part, word): {class, ...}} of an export."""
    out = collections.defaultdict(set)
    for c in exp.get("word_classes", []):
        out[(c["kind"], c["part"], c["word"])].add(c["class"])
    return out


def class_revision(exp):
    revs = {c["added_rev"] for c in exp["word_classes"]}
    check(len(revs) == 1, "the shipped classes are one change set", revs)
    return revs.pop()


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def item_code(kind, rev, seed, tier=0):
    """docs/items.md "Byte layout (version 1)": no requested words, power 1."""
    body = bytes([1, KIND_NO[kind] | tier << 3]) + varint(0) + varint(rev) + varint(8) + \
        struct.pack("<Q", seed)
    h = 0x811C9DC5
    for b in body:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    h = (h ^ (h >> 16)) & 0xFFFF
    return base64.urlsafe_b64encode(body + struct.pack("<H", h)).rstrip(b"=").decode()


def accepts(cls, kind, typ, mat):
    t, m = cls.get((kind, "type", typ), set()), cls.get((kind, "material", mat), set())
    return not t or not m or bool(t & m)


def test_ten_thousand_rolls_make_sense(stack):
    exp = export(stack)
    cls = classes_of(exp)
    for kind in CLASSED:
        for part in ("type", "material"):
            rows = [t for t in exp["tables"] if t["kind"] == kind and t["part"] == part][0]["rows"]
            missing = [r["word"] for r in rows if (kind, part, r["word"]) not in cls]
            check(not missing, "every shipped %s %s has a class" % (kind, part), missing)
    check(not any(k == "weapon" for k, _, _ in cls), "weapons have no classes", cls)
    seen = collections.Counter()
    for kind in CLASSED:
        for batch in range(25):  # 25 x 100 = 2,500 a kind, 10,000 in all
            tier = batch % 7
            q = "kind=%s&count=100&seed=%d&power=%s%s%s" % (
                kind, 9000 + batch, "2" if batch % 2 else "1",
                "&tier=%d" % tier if tier else "", "&tier-variance=on" if batch % 3 == 0 else "")
            for it in gen(stack, q):
                p = it["parts"]
                check(accepts(cls, kind, p["type"], p["material"]),
                      "%s of %s: the type accepts the material" % (it["name"], kind), it)
                worse = p["prefix"] and "worse" in cls.get((kind, "prefix", p["prefix"]), set())
                check(not (worse and it["masterwork"]), "no worse prefix on a masterwork", it)
                seen["items"] += 1
                seen["masterwork"] += it["masterwork"]
                seen["worse"] += bool(worse)
    check(seen["items"] == 10000 and seen["masterwork"] > 300 and seen["worse"] > 300,
          "10,000 rolls, with masterworks and worse prefixes among them", seen)


def rates(items):
    c = collections.Counter()
    for it in items:
        p = it["parts"]
        c["element"] += bool(p["element"])
        c["prefix"] += p["prefix"] is not None
        c["phrase"] += p["abstract"] is not None
        c["masterwork"] += it["masterwork"]
        c["plus"] += it["plus"] > 0
    return c


def test_weapons_roll_as_before_the_classes(stack):
    exp = export(stack)
    r16 = class_revision(exp)
    before = r16 - 1
    # Item for item: the same seed at both revisions is the same weapon.
    old_items, now_items = [], []
    for seed in range(1, 1501):
        a = stack.get_json("/item/%s?format=json" % item_code("weapon", before, seed * 7919))
        b = stack.get_json("/item/%s?format=json" % item_code("weapon", r16, seed * 7919))
        check(a.status == 200 and b.status == 200, "both codes answer", a, b)
        x, y = a.json(), b.json()
        for k in ("code", "link"):
            x.pop(k)
            y.pop(k)
        check(x == y, "seed %d: the weapon of both revisions" % (seed * 7919), x, y)
        old_items.append(x)
    # Rates: 1,500 at the old revision against 5,000 of /generate now.
    for batch in range(50):
        now_items += gen(stack, "kind=weapon&count=100&seed=%d" % (77000 + batch))
    a, b = rates(old_items), rates(now_items)
    n1, n2 = len(old_items), len(now_items)
    for k in ("element", "prefix", "phrase", "masterwork", "plus"):
        p1, p2 = a[k] / n1, b[k] / n2
        p = (a[k] + b[k]) / (n1 + n2)
        sigma = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
        check(abs(p1 - p2) <= 4 * sigma, "weapon %s rate within 4 sigma" % k, p1, p2, sigma)


def test_requested_contradiction_reported(stack):
    q = "kind=armor&attribute%5Btype%5D=breastplate&attribute%5Bmaterial%5D=cloth&seed=4"
    it = gen(stack, q)[0]
    check(it["parts"]["type"] == "breastplate" and it["parts"]["material"] != "cloth",
          "the type is honoured, the material not", it)
    check(it["unhonoured"] == [{"part": "material", "word": "cloth", "reason": "contradicts",
                                "message": "cloth cannot make a breastplate"}],
          "the material is listed, naming both words", it)
    html = stack.get("/generate?" + q)
    check(html.status == 200 and "cloth cannot make a breastplate" in html.text,
          "the card says so", html.text[:2000])
    ok = gen(stack, "kind=armor&attribute%5Btype%5D=breastplate&attribute%5Bmaterial%5D=steel"
                    "&seed=4")[0]
    check(ok["parts"]["material"] == "steel" and ok["unhonoured"] == [], "a pair that fits", ok)
    # A material alone is honoured: the type is drawn among those that take it.
    for it in gen(stack, "kind=armor&attribute%5Bmaterial%5D=cloth&count=100&seed=5"):
        check(it["parts"]["material"] == "cloth" and it["unhonoured"] == [],
              "cloth alone is honoured", it)


def test_scroll_names_read_as_names(stack):
    exp = export(stack)
    training = [n["name"].lower() for n in exp["markov_names"]]
    check(len(training) >= 300, "several hundred training names", len(training))
    names = []
    for batch in range(10):
        names += [it["given_name"] for it in gen(stack, "kind=scroll&count=100&seed=%d"
                                                 % (31337 + batch))]
    counts = collections.Counter(names)
    check(len(names) == 1000 and len(counts) >= 950, "at least 95% distinct", len(counts))
    check(max(counts.values()) <= 2, "none more than twice", counts.most_common(3))
    triples = {t[i:i + 3] for t in training for i in range(len(t) - 2)}
    for name in names:
        low = name.lower()
        for i in range(len(low) - 2):
            run = [ch in VOWELS for ch in low[i:i + 3]]
            if all(run) or not any(run):
                check(low[i:i + 3] in triples, "%s: %r only as a training name has it"
                      % (name, low[i:i + 3]))


def test_old_codes_keep_their_items(stack):
    """Codes of the revision before the classes: armour that the classes
    would now refuse still answers as it rolled, and old scroll names keep
    the old chain (order 3, names as short as 4 letters)."""
    exp = export(stack)
    before = class_revision(exp) - 1
    cls = classes_of(exp)
    contradicting = short = 0
    for seed in range(1, 401):
        it = stack.get_json("/item/%s?format=json" % item_code("armor", before, seed)).json()
        contradicting += not accepts(cls, "armor", it["parts"]["type"], it["parts"]["material"])
        sc = stack.get_json("/item/%s?format=json" % item_code("scroll", before, seed)).json()
        short += len(sc["given_name"]) < 7
        again = item_bytes(stack, item_code("armor", before, seed), "json")
        check(again == item_bytes(stack, item_code("armor", before, seed), "json"),
              "the same bytes twice")
    check(contradicting > 20, "old armour still pairs words independently", contradicting)
    check(short > 20, "old scroll names still come from the old chain", short)


def test_a_proposals_classes_flow_through_moderation_into_rolls(stack):
    from test_submit import JSON, client, moderator, new_word, pending_id, propose
    import lf
    c = client(stack)
    mat, typ = new_word("zm"), new_word("zt")
    f = stack.get_json("/submit?kind=armor&part=material&format=json").json()
    field = [x for x in f["fields"] if x["name"] == "classes"]
    check(field and field[0]["required"] and field[0]["max"] == 1
          and set(field[0]["choices"]) == {"soft", "leather", "mail", "rigid", "bone"},
          "the form asks for the material's class among the kind's", f["fields"])
    base = {"tier": "1", "defense": "1"}
    r = propose(c, mat, "armor", "material", base)
    check(r.status == 400 and lf.first_error(r)["field"] == "classes",
          "a material without a class is a 400 naming the field", r)
    r = propose(c, mat, "armor", "material", dict(base, classes="plate"))
    check(r.status == 400 and lf.first_error(r)["field"] == "classes"
          and "soft" in lf.first_error(r)["message"], "an unknown class names the choices", r)
    r = propose(c, mat, "armor", "material", dict(base, classes="soft leather"))
    check(r.status == 400 and lf.first_error(r)["field"] == "classes", "one class only", r)
    r = propose(c, mat, "armor", "material", dict(base, classes="soft"))
    check(r.status == 201 and r.json()["submission"]["classes"] == ["soft"], "stored", r)
    r = propose(c, typ, "armor", "type", dict(base, slot="body", classes="leather mail"))
    check(r.status == 201 and r.json()["submission"]["classes"] == ["leather", "mail"],
          "a type with the classes it accepts", r)

    m = moderator(stack)
    listed = m.get("/moderate", headers=JSON).json()
    mine = {p["word"]: p for p in listed["pending"] if p["word"] in (mat, typ)}
    check(mine[mat]["classes"] == ["soft"] and mine[typ]["classes"] == ["leather", "mail"],
          "the queue shows the classes", mine)
    page = m.get("/moderate")
    check('name="classes"' in page.text and 'value="leather mail"' in page.text,
          "the queue's approve form shows them, to change", page.text[:200])
    origin = {"Origin": "http://127.0.0.1:%d" % stack.port}
    r = m.post("/moderate/approve", {"csrf": listed["csrf"], "id": pending_id(stack, mat),
                                     "classes": "leather"}, headers=origin)
    check(r.status == 303, "the moderator changes the class and approves", r)
    r = m.post("/moderate/approve", {"csrf": listed["csrf"], "id": pending_id(stack, typ)},
               headers=origin)
    check(r.status == 303, "the type approved as proposed", r)
    check(stack.sql("SELECT class FROM word_class WHERE word = '%s' AND retired_rev IS NULL"
                    % mat) == [["leather"]], "one class row, the moderator's")
    lf.settled(stack)
    words = stack.get_json("/words?kind=armor&part=material").json()["tables"][0]["words"]
    check([w["classes"] for w in words if w["word"] == mat] == [["leather"]],
          "/words JSON shows the class", words)
    types = stack.get_json("/words?kind=armor&part=type").json()["tables"][0]["words"]
    check([w["classes"] for w in types if w["word"] == typ] == [["leather", "mail"]],
          "/words JSON shows a type's classes", types)
    html = stack.get("/words?kind=armor&part=material")
    check('<td class="classes">leather</td>' in html.text and "<th scope=\"col\">Class</th>"
          in html.text, "/words HTML shows the classes", html.text[:3000])

    cls = classes_of(export(stack))
    seen = set()
    for it in gen(stack, "kind=armor&attribute%%5Btype%%5D=%s&count=100&seed=3" % typ):
        check(cls[("armor", "material", it["parts"]["material"])] & {"leather", "mail"},
              "the new type takes leather and mail only", it)
        seen.add(it["parts"]["material"])
    check(mat in seen, "the new material rolls on the new type", seen)
    it = gen(stack, "kind=armor&attribute%%5Btype%%5D=robe&attribute%%5Bmaterial%%5D=%s&seed=1"
             % mat)[0]
    check(it["unhonoured"] == [{"part": "material", "word": mat, "reason": "contradicts",
                                "message": "%s cannot make a robe" % mat}],
          "a leather material cannot make a robe", it)


def test_a_proposed_worse_prefix_never_meets_masterwork(stack):
    from test_submit import JSON, client, moderator, new_word, pending_id, propose
    import lf
    c = client(stack)
    word = new_word("zw")
    r = propose(c, word, "shield", "prefix", {"defense": "-1", "classes": "dented"})
    check(r.status == 400 and lf.first_error(r)["field"] == "classes", "only worse, or empty", r)
    r = propose(c, word, "shield", "prefix", {"defense": "-1", "classes": "worse"})
    check(r.status == 201 and r.json()["submission"]["classes"] == ["worse"], "stored", r)
    m = moderator(stack)
    csrf = m.get("/moderate", headers=JSON).json()["csrf"]
    r = m.post("/moderate/approve", {"csrf": csrf, "id": pending_id(stack, word)},
               headers={"Origin": "http://127.0.0.1:%d" % stack.port})
    check(r.status == 303, "approved", r)
    lf.settled(stack)
    # At power 100 the masterwork roll wins on every roll but a zero (100/101):
    # without the rule nearly all 100 would be masterwork; with it, none.
    q = "kind=shield&power=100&count=100&seed=8&attribute%%5Bprefix%%5D=%s" % word
    items = gen(stack, q)
    check(all(it["parts"]["prefix"] == word and not it["masterwork"] for it in items),
          "a worse prefix, never masterwork", [it["name"] for it in items if it["masterwork"]])
    plain = gen(stack, "kind=shield&power=100&count=100&seed=8&attribute%5Bprefix%5D=sturdy")
    check(sum(it["masterwork"] for it in plain) > 90, "a plain prefix is masterwork at power 100")
