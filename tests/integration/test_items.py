"""Items that last (SPEC §6, docs/items.md). Codes kept
at two revisions give byte-identical answers after a word is approved
through the moderation routes, a word is retired, a word's stats are
edited, and a migration-like change set edits a shipped row; new rolls see
each change a second later. Also: the cache headers, 304, bad codes."""

import json
import os
import subprocess
import time
import urllib.parse

import lf
from lf import check
from test_submit import client, moderator, new_word, pending_id, propose, sql_str

KINDS = ["weapon", "armor", "shield", "trinket"]


def later(stack, probe):
    """The probe, once every worker serves the changed catalog (nothing is
    timed: lf.settled waits for the database's revision)."""
    lf.settled(stack)
    return probe()


def gen(stack, query):
    r = stack.get("/generate?" + query + "&format=json")
    check(r.status == 200, "generate " + query, r)
    body = r.json()
    return body["items"] if "items" in body else [body]


def item_bytes(stack, code, fmt):
    r = stack.get("/item/%s?format=%s" % (code, fmt))
    check(r.status == 200, "GET /item/%s as %s" % (code, fmt), r)
    return r.body


def keep(stack, items, kept, html_every=10):
    """Fetches each item's code and keeps its JSON (and, for some, HTML)."""
    for n, it in enumerate(items):
        code = it["code"]
        check(code and it["link"] == "/item/%s?format=json" % code, "a code and its link", it)
        body = item_bytes(stack, code, "json")
        # The permanent answer is the item /generate gave, link for link;
        # "roll again" lists the code's inputs, which /generate lists as sent.
        back = json.loads(body)
        check(dict(back, reroll=None) == dict(it, reroll=None),
              "/item/CODE is the item /generate gave", it, body)
        kept[code] = {"json": body,
                      "html": item_bytes(stack, code, "html") if n % html_every == 0 else None}


def test_codes_last_through_every_kind_of_change(stack):
    kept = {}
    # Words of this test's own, so that other tests' words stay as they are.
    mine = {"retire": new_word("zr"), "edit": new_word("ze")}
    stack.change_set(["INSERT INTO weapon_prefix (word, attack, crit, added_rev) VALUES "
                      "(%s, 2, 1, @rev), (%s, 1, 2, @rev)"
                      % (sql_str(mine["retire"]), sql_str(mine["edit"]))])
    lf.settled(stack)

    # 100 items at the first revision: every kind, tiers, variance, powers, requests.
    for n, kind in enumerate(KINDS):
        keep(stack, gen(stack, "kind=%s&tier=%d&tier-variance=%s&power=%s&seed=%d&count=20"
                        % (kind, n + 1, "on" if n % 2 else "off", ["1", "2.5", "0.75", "10"][n],
                           1000 + n)), kept)
    keep(stack, gen(stack, "attribute%%5Bprefix%%5D=%s&seed=5&count=10" % mine["retire"]), kept)
    keep(stack, gen(stack, "attribute%%5Bprefix%%5D=%s&seed=6&count=10" % mine["edit"]), kept)
    rev_a = {json.loads(v["json"])["code"] for v in kept.values()}

    # A word approved through the moderation routes.
    c = client(stack)
    approved = new_word("za")
    r = propose(c, approved, fields={"attack": "3", "crit": "2"})
    check(r.status in (200, 201), "proposed", r)
    m = moderator(stack)
    csrf = m.get("/moderate", headers={"Accept": "application/json"}).json()["csrf"]
    r = m.post("/moderate/approve", {"csrf": csrf, "id": pending_id(stack, approved),
                                     "attack": "3", "crit": "2"},
               headers={"Origin": "http://127.0.0.1:%d" % stack.port})
    check(r.status == 303, "approved", r)
    check(later(stack, lambda: gen(stack, "attribute%%5Bprefix%%5D=%s" % approved)[0]["parts"]["prefix"]
                == approved), "the approved word is rolled a second later")

    # 100 more at the revision after the approval, the new word among them.
    for n, kind in enumerate(KINDS):
        keep(stack, gen(stack, "kind=%s&power=3&seed=%d&count=20" % (kind, 2000 + n)), kept)
    keep(stack, gen(stack, "attribute%%5Bprefix%%5D=%s&seed=7&count=20" % approved), kept)
    check(len(kept) == 200, "200 distinct codes", len(kept))
    check(len({json.loads(v["json"])["code"][:6] for v in kept.values()}) >= 2,
          "codes of more than one revision")

    # Retire a word and edit a word's stats through the moderation routes,
    # and a migration-like change set that edits a shipped row (undone at the
    # end, in a change set of its own).
    before_edit = gen(stack, "attribute%%5Bprefix%%5D=%s&seed=6" % mine["edit"])[0]
    hdrs = {"Origin": "http://127.0.0.1:%d" % stack.port, "Accept": "application/json"}
    target = {"csrf": csrf, "kind": "weapon", "part": "prefix"}
    r = m.post("/moderate/retire", dict(target, word=mine["retire"]), headers=hdrs)
    check(r.status == 200 and r.json()["retired"]["revision"] > 0, "retired", r)
    r = m.post("/moderate/retire", dict(target, word=mine["retire"]), headers=hdrs)
    check(r.status == 404 and lf.first_error(r)["field"] == "word", "not live any more", r)
    r = m.post("/moderate/edit", dict(target, word=mine["edit"], crit="99"), headers=hdrs)
    check(r.status == 400 and lf.first_error(r)["field"] == "crit", "crit out of range", r)
    r = m.post("/moderate/edit", dict(target, word=mine["edit"], hands="1"), headers=hdrs)
    check(r.status == 400 and lf.first_error(r)["field"] == "hands", "not a prefix stat", r)
    r = m.post("/moderate/edit", dict(target, word=mine["edit"], crit="4"),
               headers={"Origin": hdrs["Origin"]})
    check(r.status == 303 and r.headers["location"] == "/words?kind=weapon&part=prefix",
          "an edit from the form goes to the word list", r)
    check(stack.sql("SELECT action FROM moderation_log ORDER BY id DESC LIMIT 2")
          == [["edit"], ["retire"]], "both are in the moderation log")
    shipped = stack.sql("SELECT word, crit FROM armor_prefix WHERE retired_rev IS NULL "
                        "AND active = 1 ORDER BY id LIMIT 1")[0]
    before_migration = gen(stack, "kind=armor&attribute%%5Bprefix%%5D=%s&seed=8"
                           % urllib.parse.quote(shipped[0]))[0]
    stack.edit_rows("armor_prefix", "word = %s" % sql_str(shipped[0]), crit="crit + 5")
    try:
        def changes_seen():
            gone = gen(stack, "attribute%%5Bprefix%%5D=%s&seed=5" % mine["retire"])[0]
            edited = gen(stack, "attribute%%5Bprefix%%5D=%s&seed=6" % mine["edit"])[0]
            migrated = gen(stack, "kind=armor&attribute%%5Bprefix%%5D=%s&seed=8"
                           % urllib.parse.quote(shipped[0]))[0]
            return (gone["unhonoured"] and gone["unhonoured"][0]["reason"] == "unknown_word"
                    and edited["stats"]["crit"] == before_edit["stats"]["crit"] + 2
                    and edited["code"] != before_edit["code"]
                    and migrated["stats"]["crit"] == before_migration["stats"]["crit"] + 5)
        check(later(stack, changes_seen), "new rolls see the retirement, the edit and the migration")

        # Every kept code answers byte for byte what it answered before.
        for code, was in kept.items():
            check(item_bytes(stack, code, "json") == was["json"],
                  "the same JSON for %s" % code)
            if was["html"] is not None:
                check(item_bytes(stack, code, "html") == was["html"],
                      "the same HTML for %s" % code)
    finally:
        stack.edit_rows("armor_prefix", "word = %s" % sql_str(shipped[0]), crit=shipped[1])
        stack.retire("weapon_prefix", "word IN (%s, %s)" % (sql_str(mine["edit"]),
                                                          sql_str(approved)))


def test_immutable_answers_and_conditional_requests(stack):
    it = gen(stack, "kind=shield&seed=99")[0]
    path = "/item/" + it["code"]
    for fmt, ctype in [("json", "application/json"), ("html", "text/html")]:
        r = stack.get(path + "?format=" + fmt)
        check(r.status == 200 and r.headers["content-type"].startswith(ctype), fmt, r)
        check(r.headers.get("cache-control") == "public, max-age=31536000, immutable",
              "immutable", r.headers)
        etag = r.headers.get("etag", "")
        check(etag.startswith('"') and etag.endswith('"') and not etag.startswith('W/'),
              "a strong ETag", r.headers)
        again = stack.get(path + "?format=" + fmt, headers={"If-None-Match": etag})
        check(again.status == 304 and again.body == b"", "304 on a match", again)
        other = stack.get(path + "?format=" + fmt, headers={"If-None-Match": '"nope"'})
        check(other.status == 200 and other.body == r.body, "200 on no match", other)
    j = stack.get(path + "?format=json").headers["etag"]
    h = stack.get(path + "?format=html").headers["etag"]
    check(j != h, "the formats have their own ETags", j, h)
    # The Accept header chooses the format when format= is absent.
    check(stack.get_json(path).body == stack.get(path + "?format=json").body, "Accept: JSON")
    # nginx keeps the answer (deploy/nginx-dev.conf.in), one per format asked.
    fresh = gen(stack, "kind=trinket&seed=4242")[0]["code"]
    seen = [stack.get("/item/%s?format=json" % fresh).headers.get("x-cache") for _ in range(2)]
    check(seen == ["MISS", "HIT"], "nginx caches /item/CODE", seen)
    seen = [stack.get("/item/" + fresh).headers.get("x-cache") for _ in range(2)]
    check(seen == ["MISS", "HIT"], "the HTML has an entry of its own", seen)
    seen = [stack.get("/item/AAAA").headers.get("x-cache") for _ in range(2)]
    check(seen == ["MISS", "MISS"], "a 404 is not cached", seen)
    # Random rolls are not to be stored.
    check(stack.get("/generate?format=json").headers.get("cache-control") == "no-store",
          "a random roll is no-store")


def test_bad_codes_are_404_in_the_clients_format(stack):
    good = gen(stack, "seed=3")[0]["code"]
    flipped = good[:-1] + ("A" if good[-1] != "A" else "B")
    for code in ["", "x", "AAAA", "not-a-code", good + "A", good[:-2], flipped,
                 "A" * 200, good[:4] + "!" + good[5:]]:
        r = stack.get_json("/item/" + urllib.parse.quote(code, safe="%!"))
        check(r.status == 404 and r.headers["content-type"] == "application/json",
              "JSON 404 for %r" % code, r)
        msg = lf.first_error(r)["message"]
        check(msg.startswith("No item has this code") or "no such page" in msg.lower()
              or code == "", "a message for %r" % code, msg)
        check(r.headers.get("cache-control") == "no-store", "an error is not cached", r.headers)
    r = stack.get("/item/AAAA")
    check(r.status == 404 and r.headers["content-type"].startswith("text/html")
          and "No item has this code" in r.text, "HTML 404", r)
    r = stack.get("/item/%s?format=xml" % good)
    check(r.status == 400, "a bad format= is a 400", r)
    r = stack.request("POST", "/item/" + good, body="")
    check(r.status == 405, "POST is not allowed", r)


def words_of(export, kind, part):
    for t in export["tables"]:
        if t["kind"] == kind and t["part"] == part:
            return {r["word"]: r for r in t["rows"]}
    return {}


def test_catalog_export_at_any_revision(stack):
    word = new_word("zx")
    stack.change_set(["INSERT INTO weapon_abstract (word, holy, added_rev) VALUES (%s, 2, @rev)"
                      % sql_str(word)])
    lf.settled(stack)
    now = stack.get_json("/catalog.json")
    check(now.status == 200 and now.headers.get("cache-control") == "no-store",
          "the current export changes, so it is not stored", now)
    rev = now.json()["revision"]
    row = words_of(now.json(), "weapon", "abstract").get(word)
    check(row and row["stats"]["holy"] == 2 and row["added_rev"] == rev and row["value_mult"]
          and row["id"] > 0, "the new row with its stats, id and value_mult", row)
    types = words_of(now.json(), "weapon", "type")
    check(all(r["tier"] and r["value"] >= 1 for r in types.values()), "types carry tier, value")

    stack.retire("weapon_abstract", "word = %s" % sql_str(word))
    lf.settled(stack)
    check(word not in words_of(stack.get_json("/catalog.json").json(), "weapon", "abstract"),
          "retired: not in the current export")
    old = stack.get("/catalog.json?rev=%d" % rev)
    check(old.status == 200 and old.json()["revision"] == rev
          and words_of(old.json(), "weapon", "abstract").get(word) == row,
          "the export at the old revision still lists it, unchanged", old)
    check(old.headers.get("cache-control") == "public, max-age=31536000, immutable",
          "an export at a revision never changes", old.headers)
    again = stack.get("/catalog.json?rev=%d" % rev, headers={"If-None-Match": old.headers["etag"]})
    check(again.status == 304, "304 on a match", again)
    for bad, status in [("0", 400), ("abc", 400), ("-1", 400), ("99999999999", 404)]:
        r = stack.get("/catalog.json?rev=" + bad)
        check(r.status == status and lf.first_error(r)["field"] == "rev", "rev=" + bad, r)


def test_proposals_carry_their_worth(stack):
    c = client(stack)
    word = new_word("zv")
    r = propose(c, word, fields={"attack": "1", "value_mult": "401"})
    check(r.status == 400 and lf.first_error(r)["field"] == "value_mult", "x4.01 is too dear", r)
    r = propose(c, word, fields={"attack": "1", "value": "50"})
    check(r.status == 400 and lf.first_error(r)["field"] == "value", "a prefix has no value", r)
    r = propose(c, word, fields={"attack": "1", "value_mult": "250"})
    check(r.status in (200, 201), "proposed with its value_mult", r)
    m = moderator(stack)
    listed = m.get("/moderate", headers={"Accept": "application/json"}).json()
    mine = [p for p in listed["pending"] if p["word"] == word]
    check(mine and mine[0]["value_mult"] == 250, "the queue shows it", mine)
    r = m.post("/moderate/approve", {"csrf": listed["csrf"], "id": pending_id(stack, word),
                                     "attack": "1", "value_mult": "300"},
               headers={"Origin": "http://127.0.0.1:%d" % stack.port})
    check(r.status == 303, "approved at x3.00", r)
    lf.settled(stack)
    words = stack.get_json("/words?kind=weapon&part=prefix").json()["tables"][0]["words"]
    row = [w for w in words if w["word"] == word]
    check(row and row[0]["value_mult"] == 3.0, "live at the moderator's x3.00", row)
    plain = gen(stack, "attribute%5Btype%5D=dagger&seed=11")[0]
    dear = gen(stack, "attribute%%5Btype%%5D=dagger&attribute%%5Bprefix%%5D=%s&seed=11" % word)[0]
    check(plain["value"] >= 1 and dear["value"] > plain["value"], "the prefix raises the price",
          plain["value"], dear["value"])
    stack.retire("weapon_prefix", "word = %s" % sql_str(word))


def cli_items(stack, export_path, codes):
    """The lootforge command's JSON for codes, one line each."""
    cli = os.path.join(os.path.dirname(stack.daemon), "lootforge")
    check(os.access(cli, os.X_OK), "the lootforge command is built next to the daemon", cli)
    out = subprocess.run([cli, "item", "--catalog", export_path] + codes, check=True,
                         capture_output=True)
    return out.stdout.split(b"\n")[:-1]


def test_the_library_makes_the_sites_items(stack, tmp_path):
    """1,000 codes over every kind and two revisions: the lootforge command,
    fed /catalog.json?rev=R, prints byte for byte what /item/CODE answers."""
    revs = []
    for round_ in range(2):
        # The codes and the export must be of one revision: when the
        # daemon takes up a change set meanwhile (an earlier test's, seen
        # by the poller a moment later), the round is made again.
        for _ in range(5):
            before = stack.get_json("/catalog.json").json()["revision"]
            codes = []
            for n, kind in enumerate(KINDS + ["scroll", "wand"]):
                for q in ["tier=%d&tier-variance=on&power=%s" % (n % 5 + 2,
                                                                 ["1", "2.5"][round_]),
                          "power=%s" % ["0.5", "7"][round_]]:
                    codes += [it["code"] for it in gen(stack, "kind=%s&%s&seed=%d&count=40"
                                                       % (kind, q, 31 * n + round_))]
            codes += [it["code"] for it in gen(stack, "attribute%%5Bprefix%%5D=runed&"
                                               "attribute%%5Btype%%5D=dagger&seed=%d&count=100"
                                               % round_)]
            rev = stack.get_json("/catalog.json").json()["revision"]
            if rev == before:
                break
            time.sleep(0.5)
        export = tmp_path / ("catalog-%d.json" % rev)
        export.write_bytes(stack.get("/catalog.json?rev=%d" % rev).body)
        revs.append((rev, export, codes[:500]))
        if round_ == 0:  # a change set between the two rounds
            stack.change_set(["INSERT INTO weapon_prefix (word, attack, added_rev) "
                              "VALUES (%s, 1, @rev)" % sql_str(new_word("zl"))])
            lf.settled(stack)
    check(revs[0][0] != revs[1][0], "two revisions", revs)
    total = 0
    for rev, export, codes in revs:
        lines = cli_items(stack, str(export), codes)
        check(len(lines) == len(codes), "one line per code", len(lines))
        for code, line in zip(codes, lines):
            check(stack.get("/item/%s?format=json" % code).body == line,
                  "the command's JSON is the site's for %s" % code, line)
            total += 1
    check(total == 1000, "1,000 codes", total)
    # A code of another revision than the export is refused, not misread.
    cli = os.path.join(os.path.dirname(stack.daemon), "lootforge")
    r = subprocess.run([cli, "item", "--catalog", str(revs[1][1]), revs[0][2][0]],
                       capture_output=True)
    check(r.returncode == 1 and b"revision" in r.stderr, "another revision's code", r)
    # generate: the same fields as /generate give the same JSON.
    r = subprocess.run([cli, "generate", "--catalog", str(revs[1][1]), "--kind", "shield",
                        "--tier", "3", "--seed", "5", "--count", "3"], capture_output=True,
                       check=True)
    site = stack.get("/generate?kind=shield&tier=3&seed=5&count=3&format=json").body
    check(r.stdout == site + b"\n", "generate prints the site's batch", r.stdout[:200], site[:200])
