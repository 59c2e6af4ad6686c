"""Backup and restore: on a stack of its own, fill what only the
crowd makes (words, spells and training names approved through moderation,
pending and rejected proposals of every form, the moderation log), back up
with `deploy/stack.sh backup`, drop the database, restore with
`deploy/stack.sh restore`: the catalog revision, every /item/CODE answer
and every pending proposal are what they were (the items asked of the daemon
itself, past nginx's cache)."""

import os
import shutil
import socket
import subprocess
import uuid

import pytest

import lf
from lf import Client, check
from test_fcgi_allow import fcgi_request, read_all
from test_ops import fcgi_answer

JSON = {"Accept": "application/json"}
_sources = iter(range(2, 250))
PASSWORD = "pw-" + uuid.uuid4().hex


@pytest.fixture(scope="module")
def own_stack(request):
    s = lf.Stack(request.config.getoption("--daemon"))
    try:
        s.start()
        yield s
    finally:
        s.stop()
    shutil.rmtree(s.var, ignore_errors=True)


def client(stack):
    return Client(stack, "127.0.6.%d" % next(_sources))


def letters(n=8):
    return "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:n])


def moderator(stack):
    c = client(stack)
    r = c.get("/login", headers=JSON)
    r = c.post("/login", {"csrf": r.json()["csrf"], "name": "backup", "password": PASSWORD})
    check(r.status == 303, "the moderator logs in", r)
    return c


def propose_word(stack, word):
    c = client(stack)
    f = c.get("/submit?kind=weapon&part=prefix&format=json").json()
    r = c.post("/submit", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                           "kind": "weapon", "part": "prefix", "word": word,
                           "attack": "2", "crit": "1"}, headers=JSON)
    check(r.status == 201, "word proposal stored", r)


def propose_spell(stack, name):
    c = client(stack)
    f = c.get("/submit/spell", headers=JSON).json()
    r = c.post("/submit/spell", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                 "name": name, "mana": "12", "level": "2", "tier": "1",
                                 "effect1": "light 4 100"}, headers=JSON)
    check(r.status == 201, "spell proposal stored", r)


def propose_name(stack, name):
    c = client(stack)
    f = c.get("/submit/name", headers=JSON).json()
    r = c.post("/submit/name", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                "name": name}, headers=JSON)
    check(r.status == 201, "name proposal stored", r)


def propose_trap(stack, name):
    c = client(stack)
    f = c.get("/submit/trap", headers=JSON).json()
    r = c.post("/submit/trap", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                "name": name, "effect": "a net drops on whoever opens the door",
                                "level_min": "1", "level_max": "5"}, headers=JSON)
    check(r.status == 201, "trap proposal stored", r)


def raw_sql(stack, statement):
    """The rows as the client prints them, as bytes: some columns are
    binary (client hashes)."""
    return subprocess.run(
        ["mariadb", "--socket=" + os.path.join(stack.var, "run", "mysqld.sock"), "-uroot",
         "--batch", "--skip-column-names", "lootforge", "-e", statement],
        check=True, capture_output=True).stdout


def one(stack, sql):
    rows = stack.sql(sql)
    check(len(rows) == 1, "one row", sql, rows)
    return rows[0][0]


def decide(stack, m, path, fields):
    csrf = m.get("/moderate", headers=JSON).json()["csrf"]
    r = m.post(path, dict(fields, csrf=csrf),
               headers=dict(JSON, Origin="http://127.0.0.1:%d" % stack.port))
    check(r.status == 200, "%s answers 200" % path, r)


def fill(stack):
    stack.add_moderator("backup", PASSWORD)
    m = moderator(stack)
    words = ["zz" + letters() for _ in range(3)]
    spells = ["Spell Zz" + letters() for _ in range(3)]
    names = ["Zz" + letters() for _ in range(3)]
    for w in words:
        propose_word(stack, w)
    for s in spells:
        propose_spell(stack, s)
    for n in names:
        propose_name(stack, n)
    traps = ["zz " + letters() + " net" for _ in range(3)]
    for t in traps:
        propose_trap(stack, t)
    # The first of each approved, the second rejected, the third pending.
    decide(stack, m, "/moderate/approve",
           {"id": one(stack, "SELECT id FROM submission WHERE word = '%s'" % words[0]),
            "attack": "3", "crit": "1", "defense": "0", "magic": "0", "sneak": "0"})
    decide(stack, m, "/moderate/reject",
           {"id": one(stack, "SELECT id FROM submission WHERE word = '%s'" % words[1]),
            "reason": "not a prefix"})
    decide(stack, m, "/moderate/spell/approve",
           {"id": one(stack, "SELECT id FROM spell_submission WHERE word = '%s'" % spells[0])})
    decide(stack, m, "/moderate/spell/reject",
           {"id": one(stack, "SELECT id FROM spell_submission WHERE word = '%s'" % spells[1]),
            "reason": "too bright"})
    decide(stack, m, "/moderate/name/approve",
           {"id": one(stack, "SELECT id FROM name_submission WHERE name = '%s'" % names[0])})
    decide(stack, m, "/moderate/name/reject",
           {"id": one(stack, "SELECT id FROM name_submission WHERE name = '%s'" % names[1]),
            "reason": "not a name"})
    decide(stack, m, "/moderate/dressing/approve",
           {"id": one(stack, "SELECT id FROM dressing_submission WHERE name = '%s'" % traps[0])})
    decide(stack, m, "/moderate/dressing/reject",
           {"id": one(stack, "SELECT id FROM dressing_submission WHERE name = '%s'" % traps[1]),
            "reason": "too gentle"})
    return words[0]


def item_codes(stack, word):
    """Codes of items of every kind, and some with the approved word."""
    codes = []
    for kind in ("weapon", "armor", "shield", "trinket", "scroll", "wand"):
        r = stack.get("/generate?kind=%s&count=10&seed=%d&format=json" % (kind, len(codes) + 1))
        check(r.status == 200, "a roll of %s" % kind, r)
        codes += [it["code"] for it in r.json()["items"] if it.get("code")]
    r = stack.get("/generate?kind=weapon&count=5&seed=3&attribute%%5Bprefix%%5D=%s&format=json"
                  % word)
    check(r.status == 200, "a roll with the approved word", r)
    mine = [it["code"] for it in r.json()["items"]
            if it.get("code") and it["parts"].get("prefix") == word]
    check(mine, "the approved word is live and in items", r.json()["items"][:2])
    print("    %d item codes to compare" % len(codes + mine))
    return codes + mine


def daemon_get(stack, path):
    """GET path from the daemon itself, over its FastCGI socket: nginx keeps
    /item/ answers, and its cache must not answer for the restored daemon."""
    s = socket.socket(socket.AF_UNIX)
    s.connect(os.path.join(stack.var, "run", "fcgi.sock"))
    try:
        s.sendall(fcgi_request(path))
        out, _ = read_all(s)
    finally:
        s.close()
    return fcgi_answer(out)


def state(stack, codes, m):
    """Everything the restore must bring back."""
    items = {}
    for code in codes:
        status, body = daemon_get(stack, ("/item/" + code).encode())
        check(status == 200, "/item/%s from the daemon" % code, status, body[:200])
        items[code] = body
    return {
        "revision": stack.sql("SELECT revision FROM catalog_revision WHERE id = 1"),
        "served_revision": stack.get_json("/catalog.json").json()["revision"],
        "items": items,
        "pending": [raw_sql(stack, "SELECT * FROM %s WHERE status = 'pending' ORDER BY id" % t)
                    for _, t in lf.PROPOSAL_TYPES],
        # The moderator's session is in the database, so it survives too.
        "queue": {k: v for k, v in m.get("/moderate", headers=JSON).json().items()
                  if k != "csrf"},
        "log": raw_sql(stack, "SELECT * FROM moderation_log ORDER BY id"),
    }


def test_backup_wipe_restore_gives_back_the_same_site(own_stack):
    stack = own_stack
    word = fill(stack)
    lf.settled(stack)
    codes = item_codes(stack, word)
    m = moderator(stack)
    before = state(stack, codes, m)
    check(all(before["pending"]) and before["log"].count(b"\n") >= 8, "pending proposals of every form "
          "and the decisions logged", before["pending"], before["log"])

    dump = os.path.join(stack.var, "backup.sql.gz")
    subprocess.run([lf.STACK, "backup", dump, "--var", stack.var], check=True, cwd=lf.ROOT)
    check(os.stat(dump).st_mode & 0o077 == 0, "the dump is for its owner only")

    # The wipe: the database is gone, and readiness says so.
    subprocess.run(["mariadb", "--socket=" + os.path.join(stack.var, "run", "mysqld.sock"),
                    "-uroot", "-e", "DROP DATABASE lootforge"], check=True)
    r = stack.get("/readyz")
    check(r.status == 503 and r.json()["database"]["ok"] is False, "degraded without it", r)

    subprocess.run([lf.STACK, "restore", dump, "--var", stack.var], check=True, cwd=lf.ROOT)
    lf.settled(stack)
    after = state(stack, codes, m)
    check(after["revision"] == before["revision"], "the same catalog revision",
          before["revision"], after["revision"])
    check(after["served_revision"] == before["served_revision"], "served too")
    diff = [c for c in codes if after["items"][c] != before["items"][c]]
    check(not diff, "every /item/CODE answers the same bytes (%d codes)" % len(codes), diff[:3])
    check(after["pending"] == before["pending"], "every pending proposal is back")
    check(after["queue"] == before["queue"], "and the moderation queue lists the same")
    check(after["log"] == before["log"], "the moderation log is whole")
    check(stack.get("/readyz").status == 200, "ready again")
