"""Issue 13 over HTTP: GET /spells in HTML and JSON, the shipped spells of
migration 0012, and a bad spell row refused at load with one log line
while the rest of the catalog (a good spell of the same change set
included) goes live."""

import re
import time

from lf import check

JSON = {"Accept": "application/json"}


def sql_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def spells_json(stack, query=""):
    r = stack.get("/spells" + query, headers=JSON)
    check(r.status == 200 and r.headers.get("content-type", "").startswith("application/json"),
          "/spells answers JSON", r)
    return r.json()


def test_spells_json_lists_the_shipped_spells_by_level(stack):
    d = spells_json(stack)
    names = [s["name"] for s in d["spells"]]
    check(d["count"] == len(d["spells"]) and d["count"] >= 47, "the 47 shipped spells", d["count"])
    levels = [s["level"] for s in d["spells"]]
    check(levels == sorted(levels) and set(levels) == set(range(1, 10)), "by level, 1..9", levels)
    by_name = {s["name"]: s for s in d["spells"]}
    skip = by_name.get("Shade Skip")
    check(skip is not None, "Shade Skip is listed", names)
    check(skip["text"] == "Shade Skip — 20 mana, level 3: teleports the caster up to 12 squares; "
          "raises stealth by 2 for 10 turns.", "a spell in words", skip)
    check([e["effect"] for e in skip["effects"]] == ["teleport", "buff"]
          and skip["effects"][1]["p"] == [4, 2, 10, 0, 0]
          and skip["effects"][1]["text"] == "raises stealth by 2 for 10 turns",
          "effects with params and words", skip)
    kinds = {e["effect"] for s in d["spells"] for e in s["effects"]}
    check(kinds == {"heal", "damage", "create_object", "teleport", "light", "buff", "ward",
                    "reveal"}, "every effect kind is shipped", kinds)

    nine = spells_json(stack, "?level=9")
    check(nine["count"] >= 5 and all(s["level"] == 9 for s in nine["spells"]), "level=9 filters",
          nine)
    same = spells_json(stack, "?format=json")
    check(same["count"] == d["count"], "format=json is the same list")


def test_spells_html(stack):
    r = stack.get("/spells")
    check(r.status == 200 and r.headers.get("content-type", "").startswith("text/html"),
          "/spells answers HTML", r)
    html = r.text
    check('<a href="/spells">Spells</a>' in html, "the nav links to /spells")
    check(html.index("Level 1</h3>") < html.index("Level 2</h3>") < html.index("Level 9</h3>"),
          "levels in order")
    check("Cure" in html or "Mend Scrapes" in html, "a shipped spell is shown")
    check("heals 1d6+1" in html, "effects in words")
    # A name with an apostrophe is escaped, not raw.
    check("Keymaker&#39;s Whisper" in html, "names are escaped")
    check('<a href="/spells">Spells</a>' in stack.get("/words").text, "every page's nav has it")


def test_bad_filters_name_the_field(stack):
    for q in ["?level=0", "?level=10", "?level=x", "?level=1.5", "?format=xml"]:
        r = stack.get("/spells" + q, headers=JSON)
        check(r.status == 400, "400 for %s" % q, r)
        field = q[1:].split("=")[0]
        check(r.json()["error"]["field"] == field, "the error names %s" % field, r)
    r = stack.get("/spells?level=10")
    check(r.status == 400 and "level" in r.text and "1 to 9" in r.text, "HTML 400 says why", r)
    r = stack.post("/spells", "level=1")
    check(r.status == 405 and "GET" in r.headers.get("allow", ""), "POST is 405", r)


def test_bad_spell_row_refused_at_load_rest_live(stack):
    good, bad, unknown = "Test Lantern Mote", "Test Ninth Element", "Test Fireball"
    before = spells_json(stack)
    # One change set: a good spell, one with an element out of range, and
    # one naming an effect kind no build has.
    stack.change_set([
        "INSERT INTO spell (word, mana, level, tier, added_rev) VALUES (%s, 7, 1, 1, @rev)"
        % sql_str(good),
        "INSERT INTO spell_effect (spell_id, ord, effect, p1, p2) VALUES "
        "(LAST_INSERT_ID(), 1, 'light', 2, 30)",
        "INSERT INTO spell (word, mana, level, tier, added_rev) VALUES (%s, 10, 2, 1, @rev)"
        % sql_str(bad),
        "INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, p5) VALUES "
        "(LAST_INSERT_ID(), 1, 'damage', 2, 6, 9)",
        "INSERT INTO spell (word, mana, level, tier, added_rev) VALUES (%s, 30, 4, 3, @rev)"
        % sql_str(unknown),
        "INSERT INTO spell_effect (spell_id, ord, effect, p1, p2) VALUES "
        "(LAST_INSERT_ID(), 1, 'fireball', 8, 6)",
    ])
    ids = dict((n, int(i)) for i, n in stack.sql(
        "SELECT id, word FROM spell WHERE word IN (%s, %s, %s)"
        % (sql_str(good), sql_str(bad), sql_str(unknown))))
    try:
        time.sleep(1.0)  # the daemon promises a change is live within a second
        d = spells_json(stack)
        names = {s["name"] for s in d["spells"]}
        check(d["revision"] > before["revision"], "the new revision is live", d["revision"])
        check(good in names, "the good spell of the change set is live")
        check(bad not in names and unknown not in names, "the bad rows are not", names)
        check(d["count"] == before["count"] + 1, "everything else still there", d["count"])
        check(stack.get_json("/generate?seed=1").status == 200, "items still generate")
        log = stack.log("daemon.log")
        lines = [ln for ln in log.splitlines() if "refused" in ln]
        want_bad = ('catalog: spell %d "%s" refused: effect 1: damage p5 (element) must be '
                    '1..8, got 9' % (ids[bad], bad))
        want_unknown = ('catalog: spell %d "%s" refused: effect 1: unknown effect "fireball"'
                        % (ids[unknown], unknown))
        check(any(ln.endswith(want_bad) for ln in lines), "the log names the bad row", lines)
        check(any(ln.endswith(want_unknown) for ln in lines), "and the unknown kind", lines)
        # One line per refused row per load: each line names exactly one row.
        mine = [ln for ln in lines if bad in ln or unknown in ln]
        check(all(len(re.findall(r'catalog: spell \d+ "', ln)) == 1 for ln in mine),
              "one row a line", mine)
        check(not any(good in ln for ln in lines), "the good row is not logged", lines)
        export = stack.get_json("/catalog.json").json()
        check(good in {s["name"] for s in export["spells"]}
              and bad not in {s["name"] for s in export["spells"]},
              "/catalog.json carries the loaded spells", len(export["spells"]))
        check(len(export["markov_names"]) >= 342, "and the training names",
              len(export["markov_names"]))
    finally:
        stack.retire("spell", "word IN (%s, %s, %s)" % (sql_str(good), sql_str(bad),
                                                       sql_str(unknown)))
    time.sleep(1.0)
    check(good not in {s["name"] for s in spells_json(stack)["spells"]},
          "a retired spell leaves /spells")
