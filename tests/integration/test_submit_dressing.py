"""Proposals of the dungeon's dressing rows over HTTP (SPEC §16,
docs/moderation.md "Dungeon dressing"): a trap at /submit/trap, an occupant
at /submit/occupant, a room's feature, sound or smell at /submit/dressing,
each moderated like the words. An approved row is a dungeon_dressing row of
a new catalog revision: /catalog.json lists it at that revision and not at
the one before, and fresh dungeons at its level draw it.

Clients talk from 127.0.44.N: the per-client limits of other tests' clients
never touch these."""

import random
import re
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
SID_RE = re.compile(r'name="submission_id" value="([0-9a-f]{32})"')
CSRF_RE = re.compile(r'name="csrf" value="([0-9a-f]{64})"')
_sources = iter(range(10, 250))
_mod = {}

# Latin letters that have a Cyrillic twin in the look-alike table, and the twins.
TWINS = {" ": " ", "a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440",
         "x": "\u0445", "y": "\u0443", "i": "\u0456", "s": "\u0455", "h": "\u043d",
         "k": "\u043a", "m": "\u043c", "t": "\u0442"}

FORMS = {
    "/submit/trap": lambda n: {"name": n, "effect": "a hidden spring flings whoever "
                               "treads on it against the far wall",
                               "level_min": "19", "level_max": "20"},
    "/submit/occupant": lambda n: {"name": n, "plural": n + "s", "level_min": "3",
                                   "level_max": "7", "number_min": "2", "number_max": "4"},
    # a phrase whose letters all have twins, so that its look-alike is one script
    "/submit/dressing": lambda n: {"kind": "feature", "text": n + " " + n[::-1]},
}
KINDS = {"/submit/trap": "trap", "/submit/occupant": "occupant", "/submit/dressing": "feature"}


def client(stack):
    return Client(stack, "127.0.44.%d" % next(_sources))


def new_name():
    """Lower-case Latin letters, each with a Cyrillic twin, unlikely to exist."""
    rnd = random.Random(uuid.uuid4().int)
    return "".join(rnd.choice("aceopxyiskmt") for _ in range(10))


def twin(name):
    return "".join(TWINS[c] for c in name)


def moderator(stack):
    if not _mod:
        _mod["name"], _mod["password"] = "dressmod", "pw-" + uuid.uuid4().hex
        stack.add_moderator(_mod["name"], _mod["password"])
    return lf.signed_in(client(stack), _mod["name"], _mod["password"])


def propose(c, path, fields, as_json=True):
    f = c.get(path, headers=JSON).json()
    body = {"csrf": f["csrf"], "submission_id": f["submission_id"]}
    body.update({k: v for k, v in fields.items() if v is not None})
    return c.post(path, body, headers=JSON if as_json else {})


def catalog(stack, rev=None):
    r = stack.get("/catalog.json" + ("?rev=%d" % rev if rev else "?format=json"), headers=JSON)
    check(r.status == 200, "/catalog.json answers", r)
    return r.json()


def dressing(export, kind):
    return {row[2]: row for row in export.get("dungeon_dressing", []) if row[1] == kind}


def pending(m, name):
    queue = m.get("/moderate", headers=JSON).json()
    mine = [d for d in queue["pending_dressing"] if d["name"] == name]
    return queue, mine


def test_each_form_get_and_good_post(stack):
    for path, make in FORMS.items():
        c = client(stack)
        page = c.get(path)
        check(page.status == 200 and ('action="%s"' % path) in page.text, "the form", path, page)
        sid, csrf = SID_RE.search(page.text).group(1), CSRF_RE.search(page.text).group(1)
        desc = c.get(path, headers=JSON)
        check(desc.status == 200 and desc.json()["csrf"] and desc.json()["fields"],
              "JSON: the form's description", path, desc)
        name = new_name()
        body = dict(make(name), csrf=csrf, submission_id=sid)
        r = c.post(path, body)
        check(r.status == 303 and r.headers.get("location") == path + "?received=" + sid,
              "stored: 303 to its received page", path, r)
        got = c.get(r.headers["location"])
        check(got.status == 200 and "pending" in got.text, "the received page", path, got)
        again = c.post(path, body, headers=JSON)
        check(again.status == 200 and again.json()["already_received"]
              and again.json()["dressing_submission"]["kind"] == KINDS[path],
              "a resent form is stored once", path, again)
        check(stack.sql("SELECT COUNT(*) FROM dressing_submission WHERE submission_id = '%s'"
                        % sid) == [["1"]], "one row", path)
        # JSON clients: 201 with the row
        r = propose(client(stack), path, make(new_name()))
        row = r.json().get("dressing_submission", {})
        check(r.status == 201 and row.get("status") == "pending"
              and row.get("kind") == KINDS[path], "JSON: 201 with the row", path, r)
    page = client(stack).get("/submit")
    for path in FORMS:
        check(('href="%s"' % path) in page.text, "/submit links to " + path)


BAD = {
    "/submit/trap": [
        ({"name": None}, "name"), ({"name": ""}, "name"), ({"name": "pit2"}, "name"),
        ({"name": "a" * 33}, "name"), ({"name": "<b>pit"}, "name"),
        ({"effect": None}, "effect"), ({"effect": "ow"}, "effect"),
        ({"effect": "x" * 161}, "effect"), ({"effect": "a line\nand another"}, "effect"),
        ({"effect": "<script>alert(1)</script> burns"}, "effect"),
        ({"level_min": "0"}, "level_min"), ({"level_min": "x"}, "level_min"),
        ({"level_max": "21"}, "level_max"), ({"level_min": "9", "level_max": "3"}, "level_max"),
    ],
    "/submit/occupant": [
        ({"name": None}, "name"), ({"name": "orc9"}, "name"), ({"plural": "b" * 33}, "plural"),
        ({"plural": "or cs!"}, "plural"),
        ({"level_min": "21"}, "level_min"), ({"number_min": "0"}, "number_min"),
        ({"number_max": "21"}, "number_max"),
        ({"number_min": "5", "number_max": "2"}, "number_max"),
    ],
    "/submit/dressing": [
        ({"kind": "door"}, "kind"), ({"kind": None}, "kind"), ({"text": None}, "text"),
        ({"text": "ab"}, "text"), ({"text": "a " + "b" * 64}, "text"),
        ({"text": "a <b>bold</b> pillar"}, "text"), ({"text": "a pillar\tand tab"}, "text"),
    ],
}


def test_bad_fields_are_400_naming_each(stack):
    for path, cases in BAD.items():
        c = client(stack)
        for change, field in cases:
            body = dict(FORMS[path](new_name()), **change)
            r = propose(c, path, body)
            fields = [e["field"] for e in r.json().get("errors", [])]
            check(r.status == 400 and field in fields, "400 naming %s for %r at %s"
                  % (field, change, path), r)
        # every problem at once
        blank = {k: "" for k in FORMS[path]("x")}
        blank.update({"level_min": "0"} if "level_min" in blank else {"kind": "door"})
        r = propose(c, path, blank)
        check(r.status == 400 and len(r.json()["errors"]) >= 2, "every problem listed", path, r)
        # HTML: the form again, as typed
        r = propose(c, path, dict(FORMS[path]("zzq9"), text="ab"), as_json=False)
        check(r.status == 400 and ('action="%s"' % path) in r.text, "HTML: the form again",
              path, r)
    check(stack.sql("SELECT COUNT(*) FROM dressing_submission WHERE name LIKE '%zzq9%' "
                    "OR name = 'pit2'") == [["0"]], "nothing stored")


def test_csrf_missing_is_403(stack):
    for path, make in FORMS.items():
        c = client(stack)
        name = new_name()
        body = dict(make(name), submission_id=uuid.uuid4().hex)
        r = c.post(path, body, headers=JSON)
        check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "403 without a token",
              path, r)
        r = c.post(path, dict(body, csrf="0" * 64), headers=JSON)
        check(r.status == 403, "403 with a wrong token", path, r)
        check(stack.sql("SELECT COUNT(*) FROM dressing_submission WHERE submission_id = '%s'"
                        % body["submission_id"]) == [["0"]], "nothing stored", path)


def test_duplicate_and_lookalike(stack):
    for path, make in FORMS.items():
        name = new_name()
        r = propose(client(stack), path, make(name))
        check(r.status == 201, "stored", path, r)
        # the same again from someone else: waits already
        r = propose(client(stack), path, make(name))
        check(r.status == 409, "a pending duplicate is 409", path, r)
        # the same in Cyrillic look-alikes: a look-alike of one that waits
        look = make(name)
        look.update({k: twin(look[k]) for k in ("name", "text") if k in look})
        if "plural" in look:
            look["plural"] = twin(look["plural"])
        r = propose(client(stack), path, look)
        check(r.status == 409 and "looks like" in lf.first_error(r)["message"],
              "a look-alike of a pending one is 409", path, r)
    # a look-alike of a live row: Cyrillic "ріт" for the shipped trap "pit"
    r = propose(client(stack), "/submit/trap", FORMS["/submit/trap"](twin("pit")))
    check(r.status == 400 and lf.first_error(r)["field"] == "name"
          and lf.first_error(r)["code"] == "confusable", "a look-alike of a live trap", r)
    # a live row's name is 409
    r = propose(client(stack), "/submit/trap", FORMS["/submit/trap"]("Pit"))
    check(r.status == 409 and lf.first_error(r)["field"] == "name", "a live trap is 409", r)


def test_trap_approved_then_drawn_by_dungeons(stack):
    name = new_name()
    r = propose(client(stack), "/submit/trap", FORMS["/submit/trap"](name))
    check(r.status == 201, "stored", r)
    before = catalog(stack)
    check(name not in dressing(before, "trap"), "not a trap yet")
    m = moderator(stack)
    queue, mine = pending(m, name)
    check(len(mine) == 1 and queue["dressing_total"] >= 1 and mine[0]["kind"] == "trap",
          "the queue lists it", queue.get("pending_dressing"))
    page = m.get("/moderate")
    check(name in page.text and 'action="/moderate/dressing/approve"' in page.text,
          "the queue page shows it with an approve form")
    r = m.post("/moderate/dressing/approve", {"id": mine[0]["id"]}, headers=JSON)
    check(r.status == 403, "approving needs the session's token", r)
    r = m.post("/moderate/dressing/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 200 and r.json()["approved"]["status"] == "approved", "approved", r)
    row_id = r.json()["approved"]["dressing_id"]
    rows = stack.sql("SELECT kind, name, effect, level_min, level_max, added_rev FROM "
                     "dungeon_dressing WHERE id = %d AND retired_rev IS NULL" % row_id)
    check(len(rows) == 1 and rows[0][:5] == ["trap", name, FORMS["/submit/trap"](name)["effect"],
                                              "19", "20"], "a live dungeon_dressing row", rows)
    rev = int(rows[0][5])
    check(rev > before["revision"], "in a change set of its own", rev, before["revision"])
    log = stack.sql("SELECT moderator, action, word_id FROM moderation_log "
                    "WHERE dressing_submission_id = %d" % mine[0]["id"])
    check(log == [["dressmod", "approve", str(row_id)]], "logged", log)
    r = m.post("/moderate/dressing/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 409 and lf.first_error(r)["field"] == "id", "deciding twice is 409", r)
    try:
        lf.settled(stack)
        check(name in dressing(catalog(stack, rev), "trap"), "exported at its revision")
        check(name not in dressing(catalog(stack, rev - 1), "trap"), "not at the one before")
        seen = None
        for seed in range(1, 300):
            d = stack.get("/dungeon?w=12&h=8&level=20&seed=%d&format=json" % seed,
                          headers=JSON).json()
            traps = list(d.get("traps", []))
            for room in d.get("rooms", []):
                traps += room.get("traps", [])
            if any(t["name"] == name for t in traps):
                seen = seed
                break
        check(seen, "a dungeon at its level draws it")
        # a look-alike of it, live now, is refused by the form
        r = propose(client(stack), "/submit/trap", FORMS["/submit/trap"](twin(name)))
        check(r.status == 400 and lf.first_error(r)["code"] == "confusable",
              "a look-alike of the approved trap", r)
    finally:
        stack.retire("dungeon_dressing", "id = %d" % row_id)
        lf.settled(stack)


def test_occupant_and_feature_approved_are_exported(stack):
    m = moderator(stack)
    ids = []
    try:
        for path in ("/submit/occupant", "/submit/dressing"):
            name = new_name()
            r = propose(client(stack), path, FORMS[path](name))
            check(r.status == 201, "stored", path, r)
            text = r.json()["dressing_submission"]["name"]
            queue, mine = pending(m, text)
            check(len(mine) == 1, "queued", path, queue.get("pending_dressing"))
            r = m.post("/moderate/dressing/approve", {"csrf": queue["csrf"],
                                                      "id": mine[0]["id"]}, headers=JSON)
            check(r.status == 200, "approved", path, r)
            ids.append(r.json()["approved"]["dressing_id"])
            rev = int(stack.sql("SELECT added_rev FROM dungeon_dressing WHERE id = %d"
                                % ids[-1])[0][0])
            lf.settled(stack)
            got = dressing(catalog(stack, rev), KINDS[path]).get(text)
            check(got and got[0] == ids[-1], "exported", path, got)
            if path == "/submit/occupant":
                check(got[3] == name + "s" and got[5:9] == [3, 7, 2, 4], "as proposed", got)
    finally:
        if ids:
            stack.retire("dungeon_dressing", "id IN (%s)" % ",".join(map(str, ids)))
            lf.settled(stack)


def test_rejected(stack):
    name = new_name()
    r = propose(client(stack), "/submit/occupant", FORMS["/submit/occupant"](name))
    check(r.status == 201, "stored", r)
    m = moderator(stack)
    queue, mine = pending(m, name)
    r = m.post("/moderate/dressing/reject", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "reason", "a reason is needed", r)
    r = m.post("/moderate/dressing/reject", {"csrf": queue["csrf"], "id": mine[0]["id"],
                                             "reason": "not scary"}, headers=JSON)
    check(r.status == 200 and r.json()["rejected"]["status"] == "rejected", "rejected", r)
    check(stack.sql("SELECT COUNT(*) FROM dungeon_dressing WHERE name = '%s'" % name)
          == [["0"]], "no catalog row")
    check(stack.sql("SELECT action, reason FROM moderation_log WHERE dressing_submission_id = %d"
                    % mine[0]["id"]) == [["reject", "not scary"]], "logged with its reason")
    r = m.post("/moderate/dressing/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 409, "a rejected proposal cannot be approved after", r)
    r = client(stack).post("/moderate/dressing/approve", {"id": "1"}, headers=JSON)
    check(r.status == 401, "moderators only", r)
