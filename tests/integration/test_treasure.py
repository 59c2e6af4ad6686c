"""Treasure on its own (SPEC §16, docs/treasure.md): /treasure rolls coins
by denomination, gems, art objects and items from the dungeon's hoard
tables and budget; its total in gold pieces is the sum of its parts and
within the level's budget; a gem or an art object is worth the same by
name at every level; /treasure/CODE answers the same bytes forever, through
nginx too, in HTML, JSON and CSV; a bad field is a 400 naming it."""

import base64
import csv
import io
import json

import pytest

import lf
from lf import check
from test_canonical import Site, not_kept, site  # noqa: F401 (the fixture)

COIN_GP = {"cp": 0.01, "sp": 0.1, "gp": 1, "pp": 10}


@pytest.fixture(autouse=True, scope="module")
def settled_first(stack):
    lf.settled(stack)


def treasure(stack, query):
    r = stack.get("/treasure?" + query + "&format=json")
    check(r.status == 200, "GET /treasure?" + query, r)
    return r.json()


def budgets(stack):
    rows = stack.sql("SELECT level, budget_per_room, hoard_pct FROM dungeon_treasure "
                     "WHERE retired_rev IS NULL")
    return {int(l): (int(b), int(h)) for l, b, h in rows}


def parts_sum(t):
    p = t["parts"]
    coins = 0
    for c in p["coins"]:
        check(c["denomination"] in COIN_GP and c["count"] > 0, "a denomination", c)
        check(abs(c["count"] * COIN_GP[c["denomination"]] - c["value"]) < 1e-6,
              "a coin's value is its count's", c)
        coins += c["value"]
    valuables = sum(v["value"] for v in p["gems"]) + sum(v["value"] for v in p["art"])
    items = sum(i["value"] for i in p["items"])
    return coins, coins + valuables, coins + valuables + items


def test_totals_are_their_parts_and_within_budget(stack):
    rows = budgets(stack)
    for level in range(1, 21):
        per_room, hoard_pct = rows[level]
        for kind in ("hoard", "individual"):
            for seed in range(6):
                party = 1 + (seed + level) % 8
                t = treasure(stack, "level=%d&type=%s&party=%d&seed=%d"
                             % (level, kind, party, seed * 7919 + level))
                base = per_room * 100 // hoard_pct if kind == "hoard" else per_room
                budget = max(1, base * party // 4)
                check(t["budget"] == budget, "the level's budget", level, kind, party, t["budget"])
                _, spent, total = parts_sum(t)
                check(t["spent"] == spent and spent <= t["budget"],
                      "coins, gems and art within the budget", level, kind, t)
                check(t["total"] == total, "the total is the sum of its parts", level, kind, t)
                check(spent >= t["budget"] * 0.6, "most of the budget spent", level, t)
                if kind == "individual":
                    check(not t["parts"]["art"] and not t["parts"]["items"],
                          "an individual treasure holds coins and gems", t)
                else:
                    check(len(t["parts"]["items"]) + len(t["parts"]["unmade"]) == 2,
                          "a hoard's two items", t)
                    for i in t["parts"]["items"]:
                        check("stats" in i and i["value"] >= 0, "an item's stats and value", i)
                check(t["level"] == level and t["type"] == kind and t["party"] == party,
                      "the fields", t)


def test_a_valuable_is_worth_the_same_at_every_level(stack):
    worth = {}
    for level in range(1, 21):
        for seed in range(12):
            t = treasure(stack, "level=%d&type=hoard&party=8&seed=%d" % (level, seed))
            for v in t["parts"]["gems"] + t["parts"]["art"]:
                worth.setdefault(v["name"], set()).add(v["value"])
    check(len(worth) > 20, "gems and art seen", worth)
    for name, values in worth.items():
        check(len(values) == 1, "%s is worth one value" % name, values)


def test_code_is_permanent_and_names_its_fields(stack):
    t = treasure(stack, "level=7&type=individual&party=3&seed=42")
    code = t["code"]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    check(raw[:4] == bytes([1, 7, 1, 3]), "version, level, type, party", raw[:4])
    again = stack.get("/treasure/%s?format=json" % code)
    check(again.status == 200 and again.json()["code"] == code, "the code's JSON", again)
    check(again.headers.get("cache-control") == "public, max-age=31536000, immutable",
          "immutable", again.headers)
    check(again.json()["parts"] == t["parts"] and again.json()["total"] == t["total"],
          "the code's treasure is the query's", again.json(), t)
    for fmt in ("json", "csv", "text", "html"):
        a = stack.get("/treasure/%s?format=%s" % (code, fmt))
        b = stack.get("/treasure/%s?format=%s" % (code, fmt))
        check(a.status == 200 and a.body == b.body, "the same bytes twice", fmt)
    fresh = treasure(stack, "level=3")
    check(fresh["code"] != treasure(stack, "level=3")["code"], "no seed: a fresh one")
    check(stack.get(fresh["link"]).json() == fresh, "a fresh treasure's link answers it")


def test_html_prints_the_parts(stack):
    t = treasure(stack, "level=12&type=hoard&party=4&seed=9")
    r = stack.get("/treasure/%s" % t["code"], headers={"Accept": "text/html"})
    check(r.status == 200 and r.headers["content-type"].startswith("text/html"), "HTML", r)
    page = r.body.decode()
    check('href="/treasure">Treasure</a>' in page, "the nav links Treasure", page[:2000])
    check("Total: <strong>%d gp</strong>" % t["total"] in page, "the total", page)
    for v in t["parts"]["gems"] + t["parts"]["art"]:
        check(v["name"] in page, "a valuable named", v)
    for c in t["parts"]["coins"]:
        check("%d %s" % (c["count"], c["denomination"]) in page, "coins", c)
    check('class="generate"' not in page, "a code's page has no form")
    form = stack.get("/treasure?level=2", headers={"Accept": "text/html"}).body.decode()
    check('action="/treasure"' in form and "Permanent link" in form, "the form and the link")


def test_csv_rows_are_the_parts(stack):
    t = treasure(stack, "level=15&type=hoard&party=6&seed=77")
    r = stack.get("/treasure/%s?format=csv" % t["code"])
    check(r.status == 200 and r.headers["content-type"].startswith("text/csv"), "CSV", r)
    check("treasure-%s.csv" % t["code"] in r.headers.get("content-disposition", ""),
          "a download name", r.headers)
    rows = list(csv.DictReader(io.StringIO(r.body.decode())))
    check(rows[-1]["part"] == "total" and int(rows[-1]["value_gp"]) == t["total"], "total", rows)
    check(sum(int(x["value_gp"]) for x in rows[:-1]) == t["total"], "rows sum to total", rows)
    check(len([x for x in rows if x["part"] == "gem"]) == len(t["parts"]["gems"]), "gems", rows)


@pytest.mark.parametrize("query,field", [("level=0", "level"), ("level=21", "level"),
                                         ("type=x", "type"), ("party=9", "party"),
                                         ("party=0", "party"), ("seed=-1", "seed"),
                                         ("format=pdf", "format")])
def test_bad_fields_are_named(stack, query, field):
    r = stack.get("/treasure?%s&format=json" % query if field != "format"
                  else "/treasure?" + query)
    check(r.status == 400, "400 for " + query, r)
    if field != "format":
        check(lf.first_error(r)["field"] == field, "names the field", query, r.body)
    else:
        check(b"format" in r.body, "names format", r.body)


def test_bad_codes(stack):
    d = stack.get("/dungeon?w=4&h=4&seed=5&format=json").json()["code"]
    for code in ["garbage", "AAAA", d, "A" * 60]:
        r = stack.get("/treasure/%s?format=json" % code)
        check(r.status == 404, "a bad code is a 404", code, r)
        check(r.headers.get("cache-control") != "public, max-age=31536000, immutable",
              "not kept", r.headers)


def test_code_through_nginx_is_kept_and_canonical(site):  # noqa: F811
    status, _, body = site.get("/treasure?level=5&type=hoard&party=4&format=json")
    check(status == 200, "%s: /treasure" % site.name, status, body[:200])
    code = json.loads(body)["code"]
    path = "/treasure/%s?format=json" % code
    first = site.get(path)
    second = site.get(path)
    check(first[0] == 200 and second[0] == 200 and first[2] == second[2],
          "%s: the same bytes" % site.name, first[:2], second[:2])
    check(second[1].get("x-cache") == "HIT", "%s: kept by nginx" % site.name, second[1])
    target = "/treasure/%s?f%%6frmat=json" % code
    not_kept(site, target, site.get(target), path)
    status, h, _ = site.get("/treasure/%s?format=json&utm=1" % code)
    check(status == 200 and h.get("cache-control") == "no-store", "unknown names: no-store", h)
