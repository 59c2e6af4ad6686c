"""GET /spells in HTML and JSON, the shipped spells of
migration 0012, and a bad spell row refused at load with one log line
while the rest of the catalog (a good spell of the same change set
included) goes live."""

import re
import time

import lf
from lf import check

JSON = {"Accept": "application/json"}


def sql_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def wait_for(probe, seconds=10.0, step=0.1):
    """probe() once it holds, or its last value after `seconds`. These tests
    are about what loads, not how fast: the one-second promise of a change
    is test_generate's, and a busy machine may take longer."""
    deadline = time.monotonic() + seconds
    while True:
        got = probe()
        if got or time.monotonic() > deadline:
            return got
        time.sleep(step)


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
          and skip["effects"][1]["params"] == [4, 2, 10, 0, 0]
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
    check(html.index("Level 1</th>") < html.index("Level 2</th>") < html.index("Level 9</th>"),
          "levels in order")
    # One table, a row group per level, so the columns line up.
    check(html.count("<table") == 1 and html.count('<tbody class="spell-level"') == 9,
          "one table with a row group per level")
    check('<a href="/submit/spell">Propose a spell</a>' in html, "a link to propose a spell")
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
        check(lf.first_error(r)["field"] == field, "the error names %s" % field, r)
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
        d = wait_for(lambda: (lambda j: j if j["revision"] > before["revision"] else None)(
            spells_json(stack))) or spells_json(stack)
        names = {s["name"] for s in d["spells"]}
        check(d["revision"] > before["revision"], "the new revision is live", d["revision"])
        check(good in names, "the good spell of the change set is live")
        check(bad not in names and unknown not in names, "the bad rows are not", names)
        check(d["count"] == before["count"] + 1, "everything else still there", d["count"])
        check(stack.get_json("/generate?seed=1").status == 200, "items still generate")
        lines = [ev["msg"] for ev in stack.log_events() if "refused" in ev["msg"]]
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
    check(wait_for(lambda: good not in {s["name"] for s in spells_json(stack)["spells"]}),
          "a retired spell leaves /spells")


# ---- proposals and moderation (docs/moderation.md "Spells") ----------------
# Clients talk from 127.0.13.N: the per-client limits of other tests' clients
# never touch these.

import uuid  # noqa: E402

from lf import Client  # noqa: E402

SID_RE = re.compile(r'name="submission_id" value="([0-9a-f]{32})"')
CSRF_RE = re.compile(r'name="csrf" value="([0-9a-f]{64})"')
_sources = iter(range(10, 250))
_mod = {}


def client(stack):
    return Client(stack, "127.0.13.%d" % next(_sources))


def new_name():
    """Two words of letters, unlikely to exist: "Spell Zzqkxw…"."""
    return "Spell Zz" + "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:8])


def moderator(stack):
    if not _mod:
        _mod["name"], _mod["password"] = "spellmod", "pw-" + uuid.uuid4().hex
        stack.add_moderator(_mod["name"], _mod["password"])
    return lf.signed_in(client(stack), _mod["name"], _mod["password"])


def propose(c, fields, as_json=True):
    f = c.get("/submit/spell", headers=JSON).json()
    body = {"csrf": f["csrf"], "submission_id": f["submission_id"]}
    body.update(fields)
    return c.post("/submit/spell", body, headers=JSON if as_json else {})


def test_spell_proposal_checked_like_the_loader(stack):
    c = client(stack)
    name = new_name()
    base = {"name": name, "mana": "12", "level": "2", "tier": "1", "effect1": "light 4 100"}
    for change, field in [({"mana": "501"}, "mana"), ({"level": "0"}, "level"),
                          ({"tier": "7"}, "tier"), ({"name": "x"}, "name"),
                          ({"effect1": ""}, "effect1"),
                          ({"effect2": "damage 2 6 0 0 9"}, "effect2"),
                          ({"effect3": "fireball 8 6"}, "effect3"),
                          ({"effect1": "light 4 100 7"}, "effect1")]:
        fields = dict(base)
        fields.update(change)
        r = propose(c, fields)
        check(r.status == 400 and lf.first_error(r)["field"] == field,
              "400 naming %s for %r" % (field, change), r)
    check(stack.sql("SELECT COUNT(*) FROM spell_submission WHERE word = %s" % sql_str(name))
          == [["0"]], "nothing stored")
    # Without the form's token nothing is stored either.
    r = c.post("/submit/spell", dict(base, csrf="0" * 64, submission_id="a" * 32),
               headers=JSON)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "403 without the token", r)


def test_spell_by_parts_flat_heal(stack):
    """The form sends each effect by its parts; the seed's own example, a flat
    heal of 10 plus 1 per level (dice 0), is accepted and stored as a cell."""
    c = client(stack)
    name = new_name()
    r = propose(c, {"name": name, "mana": "6", "level": "1", "tier": "1",
                    "effect1_kind": "heal", "effect1_p1": "0", "effect1_p2": "",
                    "effect1_p3": "10", "effect1_p4": "1", "effect1_p5": "",
                    "effect2_kind": "", "effect2_p1": ""})
    check(r.status == 201 and r.json()["spell_submission"]["effects"] == "heal 0 0 10 1",
          "stored by parts", r)
    r = propose(c, {"name": new_name(), "mana": "6", "level": "1", "tier": "1",
                    "effect1_kind": "heal", "effect1_p1": "0", "effect1_p2": "6",
                    "effect1_p3": "10"})
    check(r.status == 400 and lf.first_error(r)["field"] == "effect1"
          and "sides" in lf.first_error(r)["message"], "sides without dice: 400", r)
    page = c.get("/spells")
    check('href="/submit/spell"' in page.text, "/spells links to the form")


def test_proposed_spell_approved_then_listed(stack):
    c = client(stack)
    name = new_name()
    page = c.get("/submit/spell")
    check(page.status == 200 and 'action="/submit/spell"' in page.text, "the spell form", page)
    sid, csrf = SID_RE.search(page.text).group(1), CSRF_RE.search(page.text).group(1)
    fields = {"csrf": csrf, "submission_id": sid, "name": name, "mana": "14", "level": "3",
              "tier": "2", "effect1": "teleport 6", "effect2": "", "effect3": "buff 4 2 10"}
    r = c.post("/submit/spell", fields)
    check(r.status == 303 and r.headers.get("location") == "/submit/spell?received=" + sid,
          "stored: 303 to its received page", r)
    got = c.get(r.headers["location"])
    check(got.status == 200 and name in got.text and "pending" in got.text
          and "teleport 6; buff 4 2 10" in got.text, "the received page", got)
    again = c.post("/submit/spell", fields, headers=JSON)
    check(again.status == 200 and again.json()["already_received"], "a resent form is stored once",
          again)
    check(name not in {s["name"] for s in spells_json(stack)["spells"]}, "not live yet")

    m = moderator(stack)
    queue = m.get("/moderate", headers=JSON).json()
    mine = [s for s in queue["pending_spells"] if s["name"] == name]
    check(len(mine) == 1 and mine[0]["text"] == "%s — 14 mana, level 3: teleports the caster "
          "up to 6 squares; raises stealth by 2 for 10 turns." % name, "the queue lists it",
          queue["pending_spells"])
    html = m.get("/moderate")
    check(name in html.text and 'action="/moderate/spell/approve"' in html.text,
          "the queue page shows it with an approve form")
    r = m.post("/moderate/spell/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=dict(JSON, Origin="http://127.0.0.1:%d" % stack.port))
    check(r.status == 200 and r.json()["approved"]["status"] == "approved", "approved", r)
    spell_id = r.json()["approved"]["spell_id"]
    check(stack.sql("SELECT word, mana, level, tier FROM spell WHERE id = %d" % spell_id)
          == [[name, "14", "3", "2"]], "a spell row")
    check(stack.sql("SELECT ord, effect, p1, p2, p3 FROM spell_effect WHERE spell_id = %d "
                    "ORDER BY ord" % spell_id)
          == [["1", "teleport", "6", "0", "0"], ["2", "buff", "4", "2", "10"]], "its effects")
    log = stack.sql("SELECT moderator, action, word_id FROM moderation_log "
                    "WHERE spell_submission_id = %d" % mine[0]["id"])
    check(log == [["spellmod", "approve", str(spell_id)]], "the decision is logged", log)
    listed = wait_for(lambda: [s for s in spells_json(stack)["spells"] if s["name"] == name])
    check(len(listed) == 1 and listed[0]["id"] == spell_id and listed[0]["level"] == 3,
          "the approved spell is listed on /spells", listed)
    check(name in stack.get("/spells?level=3").text, "and on the HTML page")
    r = m.post("/moderate/spell/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 409, "deciding twice is 409", r)
    r = propose(client(stack), {"name": name, "mana": "1", "level": "1", "tier": "1",
                                "effect1": "light 1 1"})
    check(r.status == 409 and lf.first_error(r)["field"] == "name", "a live name is 409", r)
    stack.retire("spell", "id = %d" % spell_id)


def test_proposed_spell_rejected(stack):
    c = client(stack)
    name = new_name()
    r = propose(c, {"name": name, "mana": "3", "level": "1", "tier": "1",
                    "effect1": "create_object 1 3"})
    check(r.status == 201, "stored", r)
    m = moderator(stack)
    queue = m.get("/moderate", headers=JSON).json()
    sub = [s for s in queue["pending_spells"] if s["name"] == name][0]
    r = m.post("/moderate/spell/reject", {"csrf": queue["csrf"], "id": sub["id"]}, headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "reason", "a reason is needed", r)
    r = m.post("/moderate/spell/reject", {"csrf": queue["csrf"], "id": sub["id"],
                                          "reason": "three ducks is too many ducks"},
               headers=JSON)
    check(r.status == 200 and r.json()["rejected"]["status"] == "rejected", "rejected", r)
    check(stack.sql("SELECT COUNT(*) FROM spell WHERE word = %s" % sql_str(name)) == [["0"]],
          "no spell row")
    r = m.post("/moderate/spell/approve", {"csrf": "0" * 64, "id": sub["id"]}, headers=JSON)
    check(r.status == 403, "a moderator's POST needs the session's token", r)
