"""CORS and CSV (SPEC §14, docs/library.md): GET JSON answers of the public
routes say Access-Control-Allow-Origin: * (never with credentials), nothing
that changes data or needs a session does, and a preflight gets its 204;
format=csv for batches and /words is RFC 4180 with a header row that
Python's csv module reads back into the JSON's values, with a formula-looking
word neutralised."""
import csv
import io
import urllib.parse

import lf
from lf import check
from test_submit import new_word, sql_str

ORIGIN = {"Origin": "https://game.example"}
KINDS = ["weapon", "armor", "shield", "trinket", "scroll", "wand"]
STATS = ["hands", "multiplier", "attack", "defense", "magic", "flaming", "freezing",
         "shocking", "holy", "evil", "sneak", "crit"]


def acao(r):
    return r.headers.get("access-control-allow-origin")


def test_get_json_answers_allow_any_origin(stack):
    code = stack.get("/generate?kind=armor&seed=3&format=json").json()["code"]
    for path in ["/generate?kind=wand&seed=1&format=json", "/?format=json",
                 "/generate?kind=weapon&count=3&format=json", "/item/%s?format=json" % code,
                 "/catalog.json", "/words?format=json", "/spells?format=json",
                 "/map?seed=2&format=json", "/loadout?item=%s&format=json" % code,
                 "/dungeon?seed=2&format=json",
                 "/generate?kind=dragon&format=json",  # an error answer too
                 "/generate?kind=weapon&count=2&format=csv", "/words?format=csv"]:
        r = stack.get(path, headers=ORIGIN)
        check(acao(r) == "*", "Access-Control-Allow-Origin: * on", path, r.headers)
        check("access-control-allow-credentials" not in r.headers, "no credentials", path)


def test_no_cors_on_html_or_what_changes_data(stack):
    for method, path in [("GET", "/generate?seed=1"), ("GET", "/"), ("GET", "/words"),
                         ("GET", "/submit?format=json"), ("GET", "/submit"),
                         ("GET", "/submit/spell?format=json"), ("GET", "/login"),
                         ("GET", "/moderate"), ("GET", "/moderate?format=json"),
                         ("POST", "/generate?format=json"), ("POST", "/submit"),
                         ("POST", "/login"), ("POST", "/logout"), ("GET", "/healthz")]:
        body = "kind=weapon&format=json" if method == "POST" else None
        r = stack.request(method, path, body=body, headers=ORIGIN)
        check(acao(r) is None, "no Access-Control-Allow-Origin on", method, path, r.status,
              r.headers)


def test_preflight(stack):
    ask = dict(ORIGIN, **{"Access-Control-Request-Method": "GET",
                          "Access-Control-Request-Headers": "accept"})
    for path in ["/generate?kind=wand&format=json", "/item/ANYTHING", "/catalog.json",
                 "/words", "/spells", "/map", "/dungeon", "/dungeon/ANYTHING", "/loadout", "/"]:
        r = stack.request("OPTIONS", path, headers=ask)
        check(r.status == 204, "a preflight is 204 on", path, r)
        check(acao(r) == "*", "preflight origin", path, r.headers)
        check("GET" in r.headers.get("access-control-allow-methods", ""), "methods", path,
              r.headers)
        check("accept" in r.headers.get("access-control-allow-headers", "").lower(), "headers",
              path, r.headers)
        check(r.body == b"", "no body", path, r.body)
    for path in ["/submit", "/submit/name", "/login", "/logout", "/moderate", "/healthz"]:
        r = stack.request("OPTIONS", path, headers=ask)
        # 405, or /moderate's 401 to anyone without a moderator's session
        check(r.status in (405, 401) and acao(r) is None, "no preflight on", path, r.status,
              r.headers)


def rows(r):
    check(r.status == 200, "a CSV answer", r)
    check(r.headers["content-type"].startswith("text/csv"), "text/csv", r.headers)
    check(r.body.endswith(b"\r\n") and b"\n" not in r.body.replace(b"\r\n", b""),
          "rows end in CRLF, and no bare LF", r.body[:200])
    return list(csv.DictReader(io.StringIO(r.body.decode("utf-8"), newline="")))


def cell(v):
    """A string as the CSV holds it: a formula-looking one with an apostrophe."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v if v[:1] in ("=", "+", "-", "@", "\t", "\r") else v
    return v


def same(c, v, what):
    if isinstance(v, float):
        check(float(c) == v, what, c, v)
    elif isinstance(v, int) and not isinstance(v, bool):
        check(int(c) == v, what, c, v)
    else:
        check(c == cell(v), what, c, v)


def test_batch_csv_is_the_json(stack):
    n = 0
    for i, kind in enumerate(KINDS):
        q = "kind=%s&tier=%d&seed=%d&count=40" % (kind, i % 6 + 1, 900 + i)
        items = stack.get("/generate?%s&format=json" % q).json()["items"]
        got = rows(stack.get("/generate?%s&format=csv" % q))
        check(len(got) == len(items) == 40, "a row an item", len(got))
        for row, it in zip(got, items):
            for k in ["kind", "name", "seed", "tier", "slot", "str", "plus", "masterwork",
                      "value", "code"]:
                same(row[k], it[k], "%s %s" % (kind, k))
            for k in STATS:  # flat columns in CSV, nested "stats" in JSON (docs/api.md)
                same(row[k], it["stats"][k], "%s %s" % (kind, k))
            check(row["link"] + "?format=json" == it["link"] if it["code"] else True,
                  "the link", row["link"], it["link"])
            same(row["spell"], (it.get("spell") or {}).get("name"), "spell")
            same(row["charges"], it.get("charges"), "charges")
            same(row["given_name"], it.get("given_name"), "given_name")
            same(row["description"], it.get("description"), "description")
            n += 1
    check(n == 240, "240 items compared", n)
    # one item without count: a header and one row
    check(len(rows(stack.get("/generate?kind=wand&seed=4&format=csv"))) == 1, "one row")
    # errors of a CSV request are JSON, naming the field
    r = stack.get("/generate?kind=dragon&format=csv")
    check(r.status == 400 and [e["field"] for e in r.json()["errors"]] == ["kind"], "a JSON 400", r)


def test_words_csv_is_the_json(stack):
    want = stack.get("/words?format=json").json()["tables"]
    got = rows(stack.get("/words?format=csv"))
    flat = [(t["kind"], t["part"], w) for t in want for w in t["words"]]
    check(len(got) == len(flat) > 100, "a row a word", len(got), len(flat))
    for row, (kind, part, w) in zip(got, flat):
        check((row["kind"], row["part"]) == (kind, part), "the table", row, kind, part)
        same(row["word"], w["word"], "word")
        for s in STATS:
            same(row[s], w["stats"].get(s, 0.0 if s == "multiplier" else 0), s)
        for k in ["weight", "tier", "value", "value_mult", "slot", "mark"]:
            if k in w:
                same(row[k], w[k], k)
            else:
                check(row[k] == "", "empty where the JSON has no %s" % k, row)
    one = rows(stack.get("/words?kind=wand&part=type&format=csv"))
    check(one and all((r["kind"], r["part"]) == ("wand", "type") for r in one), "filtered")


def test_formula_looking_words_are_neutralised(stack):
    # A trinket's: the tests that take a table's first word ("=" sorts
    # first) read weapon tables.
    word = "=" + new_word("hyperlink")
    stack.change_set(["INSERT INTO trinket_prefix (word, magic, added_rev) VALUES (%s, 1, @rev)"
                      % sql_str(word)])
    lf.settled(stack)
    q = urllib.parse.urlencode({"kind": "trinket", "attribute[prefix]": word, "seed": 5,
                                "count": 2})
    items = stack.get("/generate?%s&format=json" % q).json()["items"]
    check(items[0]["parts"]["prefix"] == word, "the word was rolled", items[0])
    got = rows(stack.get("/generate?%s&format=csv" % q))
    check(got[0]["name"].startswith("'="), "the name is neutralised", got[0]["name"])
    check(got[0]["name"][1:] == items[0]["name"], "and otherwise the JSON's", got[0]["name"])
    words = rows(stack.get("/words?kind=trinket&part=prefix&format=csv"))
    check("'" + word in [w["word"] for w in words], "the word is neutralised in /words")
    stack.retire("trinket_prefix", "word = %s" % sql_str(word))
    lf.settled(stack)


def test_cached_answers_carry_cors_once(stack):
    """The page caches (src/web/pagecache.c) keep an answer's body and
    headers: a second, cached answer must still say Access-Control-Allow-
    Origin, and only once (a header kept and added again would be sent
    twice, which browsers refuse)."""
    code = stack.get("/generate?kind=armor&seed=3&format=json").json()["code"]
    for path in ["/words?format=json", "/words?format=csv", "/spells?format=json",
                 "/map?seed=2&format=json", "/map?seed=2&loot=3&format=json",
                 "/dungeon?seed=2&format=json", "/item/%s?format=json" % code,
                 "/catalog.json", "/generate?kind=weapon&seed=5&count=3&format=json"]:
        for n in (1, 2, 3):  # the first may fill the cache, the next ones read it
            r = stack.get(path, headers=ORIGIN)
            check(r.status == 200, path, n, r)
            said = [v for k, v in r.raw_headers if k.lower() == "access-control-allow-origin"]
            check(said == ["*"], "Access-Control-Allow-Origin: * exactly once on", path,
                  "answer", n, r.raw_headers)
