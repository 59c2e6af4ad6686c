"""The two links of a card, GET / with a query, a kind
without an active base, and "random" refused as a proposed word. Clients
that propose talk from 127.0.0.251 and up, apart from test_submit's."""

import re
import time
import urllib.parse

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}


def is_json(r):
    return r.headers.get("content-type", "").startswith("application/json")


def is_html(r):
    return r.headers.get("content-type", "").startswith("text/html")


def test_link_gives_the_same_item_and_reroll_a_new_one(stack):
    r = stack.get_json("/generate?tier=3&power=2&attribute%5Bprefix%5D=sharp")
    check(r.status == 200, "generate", r)
    item = r.json()
    link, reroll = item["link"], item["reroll"]
    # SPEC §6: the permanent link is /item/CODE; a JSON answer's links ask for JSON.
    check(link == "/item/%s?format=json" % item["code"], "link is the item's code", item)
    check("seed=" not in reroll and reroll.endswith("&format=json"), "reroll carries no seed",
          item)
    check(urllib.parse.parse_qs(urllib.parse.urlsplit(reroll).query)
          == {"kind": ["weapon"], "tier": ["3"], "power": ["2"], "attribute[prefix]": ["sharp"],
              "format": ["json"]}, "reroll keeps every input", reroll)

    same = stack.get_json(link).json()
    check(same == item, "link: the same item, link for link", item, same)
    seeds = {stack.get_json(reroll).json()["seed"] for _ in range(3)}
    check(item["seed"] not in seeds and len(seeds) == 3, "reroll: a new seed each time", seeds)
    again = stack.get_json(reroll).json()
    check(again["parts"]["prefix"] == "sharp" and again["tier"] >= 1, "reroll keeps the inputs",
          again)

    # The HTML card has both, and following them behaves the same way.
    html = stack.get("/generate?seed=77&tier=2").text
    m_link = re.search(r'<a class="permalink" href="([^"]+)"', html)
    m_reroll = re.search(r'<a class="reroll" href="([^"]+)"', html)
    check(m_link and m_reroll, "the card has both links", html[-1500:])
    link = m_link.group(1).replace("&amp;", "&")
    reroll = m_reroll.group(1).replace("&amp;", "&")
    check(link.startswith("/item/") and "?" not in link and "seed=" not in reroll, "HTML links",
          link, reroll)
    check(stack.get_json(link).json()["seed"] == "77", "HTML link: the same seed")
    check(stack.get_json(reroll).json()["seed"] != "77", "HTML reroll: another seed")


def test_index_honours_the_query(stack):
    r = stack.get("/?format=json")
    check(r.status == 200 and is_json(r) and r.json()["kind"] == "weapon", "/?format=json", r)
    r = stack.get("/?format=json&count=5&kind=shield")
    check(r.status == 200 and is_json(r), "/ with count and kind", r)
    items = r.json()["items"]
    check(len(items) == 5 and all(i["kind"] == "shield" for i in items), "5 shields", items)
    r = stack.get("/?count=5")
    check(r.status == 200 and is_html(r), "/?count=5 is HTML", r)
    check(r.text.count('class="card rarity-') == 5, "five cards on /?count=5", r.text[:300])
    r = stack.get("/?seed=5&format=json")
    check(r.json()["seed"] == "5", "/ honours seed", r)
    r = stack.get("/?tier=9&format=json")
    check(r.status == 400 and lf.first_error(r)["field"] == "tier", "/ refuses a bad tier", r)


def test_kind_without_active_base_is_503(stack):
    active = [row[0] for row in stack.sql("SELECT id FROM shield_type WHERE active = 1")]
    check(active, "the test database has active shield types")
    ids = ",".join(active)
    stack.edit_rows("shield_type", "id IN (%s)" % ids, active=0)
    try:
        lf.settled(stack)  # every worker serves the changed catalog
        r = stack.get("/generate?kind=shield&format=json")
        check(r.status == 503 and is_json(r), "JSON 503 for a kind without a base", r)
        check(lf.first_error(r)["field"] is None and lf.first_error(r)["message"], "error body", r)
        check(int(r.headers.get("retry-after", "0")) > 0, "Retry-After", r.headers)
        r = stack.get("/generate?kind=shield")
        check(r.status == 503 and is_html(r) and "<!DOCTYPE html>" in r.text, "HTML 503", r)
        check(int(r.headers.get("retry-after", "0")) > 0, "Retry-After on HTML", r.headers)
        r = stack.get_json("/generate?kind=weapon")
        check(r.status == 200, "other kinds are unaffected", r)
    finally:
        stack.edit_rows("shield_type", "active = 0 AND word IN (SELECT word FROM shield_type "
                        "WHERE id IN (%s))" % ids, active=1)
    lf.settled(stack)
    r = stack.get_json("/generate?kind=shield")
    check(r.status == 200, "shields again once a base is active", r)


def test_submit_refuses_random(stack):
    for n, word in enumerate(["random", "Random", "RANDOM"]):
        c = Client(stack, "127.0.0.%d" % (251 + n))
        f = c.get("/submit?kind=weapon&part=prefix&format=json")
        check(f.status == 200, "GET /submit", f)
        f = f.json()
        body = {"csrf": f["csrf"], "submission_id": f["submission_id"], "kind": "weapon",
                "part": "prefix", "word": word}
        r = c.post("/submit", body, headers=JSON)
        check(r.status == 400 and is_json(r), "%s is refused" % word, r)
        err = lf.first_error(r)
        check(err["field"] == "word" and "random" in err["message"], "names the field", err)
        count = int(stack.sql("SELECT COUNT(*) FROM submission WHERE word = '%s'" % word)[0][0])
        check(count == 0, "nothing stored for %s" % word)
