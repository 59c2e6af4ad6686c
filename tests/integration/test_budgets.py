"""Budgets a stranger could spend for everyone (docs/moderation.md,
docs/operations.md): the kept files and the page cache's shelves, the
logins of a browser that has logged in before (device cookies) during a
flood of guesses from many addresses, and the bounds on proposals.

Clients talk from addresses 127.0.77.N (and 127.0.78.N for floods) of
their own, apart from the other tests', so nginx's per-address limits
never mix them."""

import os
import shutil
import signal
import threading
import time
import urllib.parse
import uuid

import pytest

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
FREE = 5  # backoff.h LOGIN_FREE_FAILURES

_sources = iter(range(2, 250))
_flood = iter(range(2, 250))


def client(stack):
    return Client(stack, "127.0.77.%d" % next(_sources))


def new_moderator(stack, prefix):
    name, password = prefix + "-" + uuid.uuid4().hex[:12], "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    return name, password


def login(c, name, password, extra_cookie=None):
    r = c.get("/login", headers=JSON)
    check(r.status == 200, "GET /login", r)
    headers = dict(JSON)
    if extra_cookie:
        # a device cookie another browser holds, shown beside this one's own
        own = c.cookies.header("127.0.0.1", c.stack.port, "/login")
        headers["Cookie"] = "; ".join(x for x in (own, extra_cookie) if x)
        body = {"csrf": r.json()["csrf"], "name": name, "password": password}
        return c.stack.request("POST", "/login", body=urllib.parse.urlencode(
            body), headers=headers, source=c.source)
    return c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
                  headers=headers)


def device_of(c):
    value = c.cookies.get("lf_device")
    check(value, "a device cookie after the login", dict(c.cookies._live()))
    return "lf_device=" + value


def test_a_device_cookie_logs_in_during_a_flood_from_many_addresses(stack):
    name, password = new_moderator(stack, "echo")
    browser = client(stack)
    r = login(browser, name, password)
    check(r.status == 200, "the first login", r)
    device = device_of(browser)

    n = 80
    guessers = [Client(stack, "127.0.78.%d" % next(_flood)) for _ in range(n)]
    tokens = [g.get("/login", headers=JSON).json()["csrf"] for g in guessers]
    out = [None] * n
    start = threading.Barrier(n + 1)

    def guess(i):
        start.wait()
        out[i] = guessers[i].post("/login", {"csrf": tokens[i], "name": name,
                                             "password": "wrong-%d" % i}, headers=JSON)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(n)]
    stack.http_timeout = 120
    try:
        for t in threads:
            t.start()
        start.wait()
        time.sleep(0.05)  # sequencing only: the guesses are sent first
        t0 = time.monotonic()
        mine = login(client(stack), name, password, extra_cookie=device)
        took = time.monotonic() - t0
        for t in threads:
            t.join()
    finally:
        stack.http_timeout = 10
    print("device-cookie login during the flood: %d in %.3f s" % (mine.status, took))
    check(mine.status == 200 and mine.json()["moderator"] == name,
          "the browser that logged in before logs in during the flood", mine)
    check(None not in out and {r.status for r in out} <= {401, 429, 503},
          "the flood is refused", sorted({r.status for r in out if r}))


def test_a_device_cookie_skips_its_address_back_off_and_has_its_own(stack):
    name, password = new_moderator(stack, "foxtrot")
    browser = client(stack)
    check(login(browser, name, password).status == 200, "the first login")
    device = device_of(browser)
    # an address in back-off after FREE wrong guesses
    shared = client(stack)
    for i in range(FREE):
        check(login(shared, name, "wrong-%d" % i).status == 401, "guess %d: 401" % i)
    r = login(Client(stack, shared.source), name, password)
    check(r.status == 429 and r.headers.get("retry-after", "").isdigit(),
          "without a device cookie: the address's back-off, as before", r)
    r = login(Client(stack, shared.source), name, password, extra_cookie=device)
    check(r.status == 200, "with the device cookie: in at once from that address", r)
    # a device cookie for another moderator is worth nothing for this one
    other, other_pw = new_moderator(stack, "golf")
    r = login(Client(stack, shared.source), other, other_pw, extra_cookie=device)
    check(r.status == 429, "another name with this cookie: untrusted, the back-off", r)
    # a forged one neither
    forged = "lf_device=d" + "0" * 112
    r = login(Client(stack, shared.source), name, password, extra_cookie=forged)
    check(r.status == 429, "a forged device cookie: untrusted", r)
    # the cookie fails FREE times (from an address of its own): locked on its own
    elsewhere = client(stack)
    for i in range(FREE):
        r = login(Client(stack, elsewhere.source), name, "wrong-%d" % i, extra_cookie=device)
        check(r.status == 401, "a wrong password with the cookie: 401", r)
    r = login(Client(stack, shared.source), name, password, extra_cookie=device)
    check(r.status == 429, "the cookie in back-off: untrusted, the address's back-off", r)
    # its failures were the cookie's, not the address's
    r = login(Client(stack, elsewhere.source), name, password)
    check(r.status == 200, "the cookie's address was not counted", r)


# ---- proposals ----

PENDING_MAX = 2000  # dbmod.h PROPOSALS_PENDING_MAX
LATIN, CYRILLIC = "aceopx", "\u0430\u0441\u0435\u043e\u0440\u0445"


def letters(alphabet, n):
    return "".join(alphabet[int(c, 16) % len(alphabet)] for c in uuid.uuid4().hex[:n])


def word_form(c):
    r = c.get("/submit?kind=weapon&part=prefix&format=json")
    check(r.status == 200, "GET /submit as JSON", r)
    return r.json()


def propose_word(c, word, form=None):
    f = form or word_form(c)
    return c.post("/submit", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                              "kind": "weapon", "part": "prefix", "word": word}, headers=JSON)


def pending(stack):
    return int(stack.sql("SELECT 0" + "".join(
        " + (SELECT COUNT(*) FROM %s WHERE status = 'pending')" % t
        for _, t in lf.PROPOSAL_TYPES))[0][0])


def test_pending_proposals_have_a_global_bound(stack):
    fill = PENDING_MAX - pending(stack)
    check(fill > 0, "room below the bound to start with", fill)
    # Many clients' proposals, each within its own hourly limit: made as
    # rows here, as 2000 posts from rotating addresses would make them.
    stack.sql("INSERT INTO name_submission (submission_id, name, client_hash) "
              "SELECT MD5(CONCAT('capfill', seq)), CONCAT('Capfill', seq), "
              "UNHEX(SHA2(CONCAT('capfill', seq), 256)) FROM seq_1_to_%d" % fill)
    try:
        check(pending(stack) == PENDING_MAX, "the queue at the bound")
        c = client(stack)
        r = propose_word(c, "Zq" + letters(LATIN, 10))
        check(r.status == 503 and r.headers.get("retry-after", "").isdigit()
              and "moderation queue is full" in lf.first_error(r)["message"],
              "a new proposal: 503 with Retry-After, naming why", r)
        check(pending(stack) == PENDING_MAX, "nothing stored past the bound")
    finally:
        stack.sql("DELETE FROM name_submission WHERE name LIKE 'Capfill%'")
    r = propose_word(client(stack), "Zq" + letters(LATIN, 10))
    check(r.status == 201, "below the bound again: stored", r)


def test_one_submission_id_is_one_form(stack):
    c = client(stack)
    f = word_form(c)
    check(propose_word(c, "Zq" + letters(LATIN, 10), f).status == 201, "the word")
    # the same id through the name form and the spell form
    r = c.post("/submit/name", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                "name": "Qzq" + letters(LATIN, 8)}, headers=JSON)
    check(r.status == 409 and lf.first_error(r)["field"] == "submission_id",
          "the word form's id through the name form: 409 on submission_id", r)
    r = c.post("/submit/spell", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                 "name": "Spell Zq" + letters(LATIN, 8), "mana": "12",
                                 "level": "2", "tier": "1", "effect1": "light 4 100"},
               headers=JSON)
    check(r.status == 409 and lf.first_error(r)["field"] == "submission_id",
          "through the spell form: 409 on submission_id", r)
    stored = stack.sql("SELECT 0" + "".join(
        " + (SELECT COUNT(*) FROM %s WHERE submission_id = '%s')" % (t, f["submission_id"])
        for _, t in lf.PROPOSAL_TYPES))
    check(stored == [["1"]], "stored once", stored)
    # the same form again with the same id: "already received", as before
    r = propose_word(c, "ignored", f)
    check(r.status == 200, "the word form again: 200, already received", r)


def moderator_session(stack):
    name, password = new_moderator(stack, "hotel")
    m = client(stack)
    check(login(m, name, password).status == 200, "the moderator logs in")
    return m, m.get("/moderate", headers=JSON).json()["csrf"]


def test_look_alikes_of_pending_and_approved_proposals(stack):
    tail = letters(LATIN, 10)
    latin = "B" + tail
    cyrillic = "\u0412" + tail.translate(str.maketrans(LATIN, CYRILLIC))
    check(propose_word(client(stack), latin).status == 201, "the Latin word")
    r = propose_word(client(stack), cyrillic)
    check(r.status == 409 and lf.first_error(r)["field"] == "word",
          "its Cyrillic look-alike while it waits: 409 on word", r)
    check(int(stack.sql("SELECT COUNT(*) FROM submission WHERE word = '%s'" % cyrillic)[0][0])
          == 0, "not stored")
    # Two that were stored before this check (or at once): the first
    # approved, the second is refused at its approval.
    cols = [row[0] for row in stack.sql("SHOW COLUMNS FROM submission")
            if row[0] not in ("id", "submission_id", "word", "pending_key", "created_at")]
    stack.sql("INSERT INTO submission (submission_id, word, %s) SELECT MD5('%s'), '%s', %s "
              "FROM submission WHERE word = '%s'"
              % (", ".join(cols), cyrillic, cyrillic, ", ".join(cols), latin))
    ids = dict((w, i) for i, w in stack.sql("SELECT id, word FROM submission WHERE word IN "
                                             "('%s', '%s')" % (latin, cyrillic)))
    check(len(ids) == 2, "both pending", ids)
    m, csrf = moderator_session(stack)
    r = m.post("/moderate/approve", {"csrf": csrf, "id": ids[latin]}, headers=JSON)
    check(r.status == 200, "the Latin word approved", r)
    r = m.post("/moderate/approve", {"csrf": csrf, "id": ids[cyrillic]}, headers=JSON)
    check(r.status == 409 and latin in lf.first_error(r)["message"],
          "its look-alike's approval: 409 naming the approved word", r)
    check(stack.sql("SELECT status FROM submission WHERE word = '%s'" % cyrillic)
          == [["pending"]], "still pending, for a rejection")


# ---- kept files ----

KEPT_BYTES_MAX = 64 << 20  # kept.h
KEPT_REVISION_BYTES_MAX = 16 << 20


@pytest.fixture
def own_stack(request):
    """A stack of its own: a fresh revision no page was kept for yet, and
    worker processes this test kills."""
    s = lf.Stack(request.config.getoption("--daemon"))
    try:
        s.start()
        yield s
    finally:
        s.stop()
        shutil.rmtree(s.var, ignore_errors=True)


def worker_pids(stack):
    with open(os.path.join(stack.var, "run", "daemon.pid")) as f:
        master = int(f.read().strip())
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master and fields[0] != "Z":
                kids.append(int(entry))
    return sorted(kids)


def kept_bytes(stack):
    """Bytes of the files in the live revision's directory, and its path."""
    top = os.path.realpath(os.path.join(stack.var, "kept", "current"))
    total = 0
    for root, _, files in os.walk(top):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total, top


def map_flood(stack, first, n, threads=4):
    """n seeded maps (HTML, ~80 KB each), each a new file for nginx."""
    seeds = iter(range(first, first + n))
    lock = threading.Lock()

    def run():
        while True:
            with lock:
                seed = next(seeds, None)
            if seed is None:
                return
            r = stack.get("/map?w=30&h=30&seed=%d" % seed)
            check(r.status == 200, "a seeded map", r)

    ts = [threading.Thread(target=run) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()


def test_seeded_pages_leave_the_revision_pages_their_files(own_stack):
    stack = own_stack
    # more than both worker processes' whole budget used to be (2 x 64 MB)
    map_flood(stack, 10**6, 1800)
    spent, top = kept_bytes(stack)
    check(spent <= KEPT_BYTES_MAX - KEPT_REVISION_BYTES_MAX, "the seeds' share holds", spent)
    for path, name in [("/words", "words/_.html"), ("/spells", "spells/_.html"),
                       ("/catalog.json", "catalog/_.json")]:
        check(stack.get(path).status == 200, "GET " + path)
        check(os.path.exists(os.path.join(top, name)),
              "%s kept after the flood" % path, sorted(os.listdir(top)))
    # the worker processes killed and started again: the count is the
    # directory's, not theirs
    before = worker_pids(stack)
    for pid in before:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = worker_pids(stack)
        if len(now) == len(before) and not set(now) & set(before) and \
                stack.get("/healthz").status == 200:
            break
        time.sleep(0.2)
    map_flood(stack, 2 * 10**6, 600)
    after, top2 = kept_bytes(stack)
    check(top2 == top, "the same revision", top, top2)
    check(after <= KEPT_BYTES_MAX and after - spent < 1 << 20,
          "no more than the bound on disk after the restart", spent, after)
