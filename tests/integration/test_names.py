"""Proposals of Markov training names
(docs/moderation.md "Training names"). A name proposed at /submit/name,
approved by a moderator, is a markov_name row of a new catalog revision:
/catalog.json lists it among the training names at that revision and not at
the one before. Rejections, every kind of bad input (a 4xx naming `name`),
CSRF, moderators only, a duplicate pending proposal.

Clients talk from 127.0.15.N: the per-client limits of other tests' clients
never touch these."""

import re
import time
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
SID_RE = re.compile(r'name="submission_id" value="([0-9a-f]{32})"')
CSRF_RE = re.compile(r'name="csrf" value="([0-9a-f]{64})"')
_sources = iter(range(10, 250))
_mod = {}


def client(stack):
    return Client(stack, "127.0.15.%d" % next(_sources))


def sql_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def new_name():
    """Letters only, unlikely to exist: "Qzxk" and eight letters from a uuid."""
    return "Qzx" + "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:8])


def wait_for(probe, seconds=10.0, step=0.1):
    """probe() once it holds, or its last value after `seconds` (what loads
    is tested here, not how fast: that promise is test_generate's)."""
    deadline = time.monotonic() + seconds
    while True:
        got = probe()
        if got or time.monotonic() > deadline:
            return got
        time.sleep(step)


def settled(stack):
    lf.settled(stack)


def moderator(stack):
    if not _mod:
        _mod["name"], _mod["password"] = "namemod", "pw-" + uuid.uuid4().hex
        stack.add_moderator(_mod["name"], _mod["password"])
    return lf.signed_in(client(stack), _mod["name"], _mod["password"])


def propose(c, name, as_json=True):
    f = c.get("/submit/name", headers=JSON).json()
    body = {"csrf": f["csrf"], "submission_id": f["submission_id"]}
    if name is not None:
        body["name"] = name
    return c.post("/submit/name", body, headers=JSON if as_json else {})


def catalog(stack, rev=None):
    r = stack.get("/catalog.json" + ("?rev=%d" % rev if rev else ""), headers=JSON)
    check(r.status == 200, "/catalog.json answers", r)
    return r.json()


def training(export):
    return {n["name"]: n for n in export["markov_names"]}


def test_proposed_name_approved_then_trained_at_the_new_revision(stack):
    c = client(stack)
    name = new_name()
    page = c.get("/submit/name")
    check(page.status == 200 and 'action="/submit/name"' in page.text, "the name form", page)
    sid, csrf = SID_RE.search(page.text).group(1), CSRF_RE.search(page.text).group(1)
    fields = {"csrf": csrf, "submission_id": sid, "name": name}
    r = c.post("/submit/name", fields)
    check(r.status == 303 and r.headers.get("location") == "/submit/name?received=" + sid,
          "stored: 303 to its received page", r)
    got = c.get(r.headers["location"])
    check(got.status == 200 and name in got.text and "pending" in got.text,
          "the received page", got)
    again = c.post("/submit/name", fields, headers=JSON)
    check(again.status == 200 and again.json()["already_received"],
          "a resent form is stored once", again)
    check(stack.sql("SELECT COUNT(*) FROM name_submission WHERE name = %s" % sql_str(name))
          == [["1"]], "one row")
    before = catalog(stack)
    check(name not in training(before), "not a training name yet")

    m = moderator(stack)
    queue = m.get("/moderate", headers=JSON).json()
    mine = [n for n in queue["pending_names"] if n["name"] == name]
    check(len(mine) == 1 and queue["name_total"] >= 1, "the queue lists it",
          queue["pending_names"])
    html = m.get("/moderate")
    check(name in html.text and 'action="/moderate/name/approve"' in html.text,
          "the queue page shows it with an approve form")
    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=dict(JSON, Origin="http://127.0.0.1:%d" % stack.port))
    check(r.status == 200 and r.json()["approved"]["status"] == "approved", "approved", r)
    markov_id = r.json()["approved"]["markov_name_id"]
    rows = stack.sql("SELECT name, added_rev, retired_rev IS NULL FROM markov_name "
                     "WHERE id = %d" % markov_id)
    check(len(rows) == 1 and rows[0][0] == name and rows[0][2] == "1", "a live markov_name row",
          rows)
    rev = int(rows[0][1])
    check(rev > before["revision"], "added in a change set of its own", rev, before["revision"])
    check(stack.sql("SELECT COUNT(*) FROM markov_name WHERE added_rev = %d" % rev) == [["1"]],
          "the change set holds that one row")
    log = stack.sql("SELECT moderator, action, word_id, stats_after FROM moderation_log "
                    "WHERE name_submission_id = %d" % mine[0]["id"])
    check(log == [["namemod", "approve", str(markov_id), name]], "the decision is logged", log)

    now = wait_for(lambda: (lambda e: e if e["revision"] >= rev else None)(catalog(stack)))
    check(now and name in training(now), "the current catalog trains on it", now and now["revision"])
    at = training(catalog(stack, rev))
    check(name in at and at[name]["id"] == markov_id and at[name]["added_rev"] == rev,
          "listed among the training names at the new revision", at.get(name))
    check(name not in training(catalog(stack, rev - 1)), "and not at the one before")

    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": mine[0]["id"]},
               headers=JSON)
    check(r.status == 409 and lf.first_error(r)["field"] == "id", "deciding twice is 409", r)
    # Live now: proposing it again, in any case, is 409 naming the field.
    for spelled in (name, name.upper()):
        r = propose(client(stack), spelled)
        check(r.status == 409 and lf.first_error(r)["field"] == "name",
              "a live name is 409 (%s)" % spelled, r)
    stack.retire("markov_name", "id = %d" % markov_id)
    settled(stack)


def test_proposed_name_rejected(stack):
    c = client(stack)
    name = new_name()
    r = propose(c, name)
    check(r.status == 201 and r.json()["name_submission"]["name"] == name, "stored", r)
    m = moderator(stack)
    queue = m.get("/moderate", headers=JSON).json()
    sub = [n for n in queue["pending_names"] if n["name"] == name][0]
    r = m.post("/moderate/name/reject", {"csrf": queue["csrf"], "id": sub["id"]}, headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "reason", "a reason is needed", r)
    r = m.post("/moderate/name/reject", {"csrf": queue["csrf"], "id": sub["id"],
                                         "reason": "sounds like a sneeze"}, headers=JSON)
    check(r.status == 200 and r.json()["rejected"]["status"] == "rejected", "rejected", r)
    check(stack.sql("SELECT COUNT(*) FROM markov_name WHERE name = %s" % sql_str(name))
          == [["0"]], "no markov_name row")
    check(stack.sql("SELECT action, reason FROM moderation_log WHERE name_submission_id = %d"
                    % sub["id"]) == [["reject", "sounds like a sneeze"]], "logged with its reason")
    check(name not in training(catalog(stack)), "not trained on")
    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": sub["id"]}, headers=JSON)
    check(r.status == 409, "a rejected proposal cannot be approved after", r)
    # Rejected names wait 30 days, as words do.
    r = propose(client(stack), name.lower())
    check(r.status == 409 and lf.first_error(r)["field"] == "name"
          and "rejected" in lf.first_error(r)["message"], "a rejected name waits", r)


def test_bad_names_are_4xx_naming_the_field(stack):
    c = client(stack)
    shipped = "Zorvyn" if "Zorvyn" in training(catalog(stack)) else \
        sorted(training(catalog(stack)))[0]
    cases = [(None, 400), ("", 400), ("   ", 400), ("Ab", 400), ("a" * 25, 400),
             ("Qzx" + "b" * 300, 400), ("Zorvyn2", 400), ("R2D2", 400), ("Two Words", 400),
             ("Tal'Ves'sa", 400), ("-Qzxab", 400), ("<b>Qzx", 400),
             (shipped, 409), (shipped.lower(), 409)]
    for name, status in cases:
        r = propose(c, name)
        check(r.status == status and lf.first_error(r)["field"] == "name",
              "%d naming name for %r" % (status, name), r)
    # The same in HTML: the form again, with the reason and the name as typed.
    r = propose(c, "Zorvyn2", as_json=False)
    check(r.status == 400 and "not digits" in r.text and 'value="Zorvyn2"' in r.text,
          "the HTML form shows why", r)
    check(stack.sql("SELECT COUNT(*) FROM name_submission WHERE client_hash IS NOT NULL AND "
                    "name IN ('Zorvyn2', 'Two Words', 'Ab')") == [["0"]], "nothing stored")
    # Without the form's token nothing is stored.
    name = new_name()
    r = c.post("/submit/name", {"csrf": "0" * 64, "submission_id": "a" * 32, "name": name},
               headers=JSON)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "403 without the token", r)
    check(stack.sql("SELECT COUNT(*) FROM name_submission WHERE name = %s" % sql_str(name))
          == [["0"]], "nothing stored without the token")


def test_duplicate_pending_name(stack):
    name = new_name()
    r = propose(client(stack), name)
    check(r.status == 201, "the first proposal is stored", r)
    for spelled in (name, name.upper()):
        r = propose(client(stack), spelled)
        check(r.status == 409 and lf.first_error(r)["field"] == "name"
              and "waits for a moderator" in lf.first_error(r)["message"],
              "a pending name is 409 (%s)" % spelled, r)
    # Accents count: the same letters with one accented are another name.
    other = name[:-1] + "é"
    r = propose(client(stack), other)
    check(r.status == 201, "an accented spelling is another name", r)
    check(stack.sql("SELECT COUNT(*) FROM name_submission WHERE status = 'pending' AND "
                    "name = %s" % sql_str(name)) == [["1"]], "one pending row for the name")


def test_moderation_of_names_needs_a_moderator_and_the_token(stack):
    name = new_name()
    r = propose(client(stack), name)
    check(r.status == 201, "stored", r)
    sub = stack.sql("SELECT id FROM name_submission WHERE name = %s" % sql_str(name))[0][0]
    anon = client(stack)
    for path in ("/moderate/name/approve", "/moderate/name/reject"):
        r = anon.post(path, {"id": sub, "reason": "x"}, headers=JSON)
        check(r.status == 401, "%s without a login is 401" % path, r)
    m = moderator(stack)
    for path in ("/moderate/name/approve", "/moderate/name/reject"):
        r = m.post(path, {"csrf": "0" * 64, "id": sub, "reason": "x"}, headers=JSON)
        check(r.status == 403 and lf.first_error(r)["field"] == "csrf",
              "%s without the session's token is 403" % path, r)
        r = m.get(path, headers=JSON)
        check(r.status == 405, "%s takes POST only" % path, r)
    check(stack.sql("SELECT status FROM name_submission WHERE id = %s" % sub) == [["pending"]],
          "still pending")
    queue = m.get("/moderate", headers=JSON).json()
    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": "x"}, headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "id", "a bad id is 400", r)
    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": "4000000000"},
               headers=JSON)
    check(r.status == 404 and lf.first_error(r)["field"] == "id", "no such proposal is 404", r)
    # Approving a name that went live meanwhile (in another case) is 409.
    stack.change_set(["INSERT INTO markov_name (name, added_rev) VALUES (%s, @rev)"
                      % sql_str(name.upper())])
    r = m.post("/moderate/name/approve", {"csrf": queue["csrf"], "id": sub}, headers=JSON)
    check(r.status == 409 and lf.first_error(r)["field"] == "name", "live meanwhile: 409", r)
    check(stack.sql("SELECT COUNT(*) FROM markov_name WHERE name = %s" % sql_str(name))
          == [["0"]], "no second row")
    stack.retire("markov_name", "name = %s" % sql_str(name.upper()))
    settled(stack)
