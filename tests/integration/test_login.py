"""Logins under attack: the back-off per client address,
kept in the database; unknown names behaving exactly like known ones;
floods that leave a real moderator able to log in; moderators' logins in
the moderation log.

Clients talk from addresses 127.0.1.N of their own, apart from
test_submit's 127.0.0.N, so nginx's per-address limit never mixes them.
Every test makes moderators with names of its own."""

import re
import shutil
import threading
import uuid

import pytest

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
FREE = 5  # backoff.h LOGIN_FREE_FAILURES
FIRST = 30  # backoff.h LOGIN_BACKOFF_FIRST, seconds

_sources = iter(range(2, 250))


def client(stack):
    return Client(stack, "127.0.1.%d" % next(_sources))


def new_name(prefix):
    return prefix + "-" + uuid.uuid4().hex[:12]


def new_moderator(stack, prefix):
    name, password = new_name(prefix), "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    return name, password


def login(c, name, password, as_json=True):
    r = c.get("/login", headers=JSON)
    check(r.status == 200, "GET /login", r)
    return c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
                  headers=JSON if as_json else {})


def log_rows(stack, name, action):
    return int(stack.sql("SELECT COUNT(*) FROM moderation_log WHERE moderator = '%s' "
                         "AND action = '%s'" % (name, action))[0][0])


def check_locked(r, what):
    check(r.status == 429, what + ": 429", r)
    retry = r.headers.get("retry-after", "")
    check(retry.isdigit() and 0 < int(retry) <= FIRST, what + ": Retry-After in 1..30 s",
          r.headers)


def test_failed_logins_back_off_that_address_only(stack):
    a, a_pw = new_moderator(stack, "alpha")
    b, b_pw = new_moderator(stack, "bravo")
    c = client(stack)
    for i in range(FREE):
        r = login(c, a, "wrong-password-%d" % i)
        check(r.status == 401 and lf.first_error(r)["message"] == "Wrong name or password.",
              "wrong password %d: 401" % (i + 1), r)
    r = login(c, a, "wrong-password-again")
    check_locked(r, "one more wrong password")
    check("lf_session" not in c.cookies, "no session")
    check_locked(login(c, a, a_pw), "the right password from that address during the back-off")
    check_locked(login(c, b, b_pw), "another name from that address")
    r = login(c, "not a name!", "")
    check_locked(r, "bad fields from that address: the back-off answers alone, first")
    check([e["code"] for e in r.json()["errors"]] == ["rate_limited"], "only the 429", r)
    h = login(c, a, a_pw, as_json=False)
    check(h.status == 429 and 'name="password"' in h.text, "HTML 429 shows the form", h)
    # From another address both moderators log in: the guesses locked the
    # address they came from, not the name.
    r = login(client(stack), a.upper(), a_pw)
    check(r.status == 200 and r.json()["moderator"] == a, "A logs in from elsewhere", r)
    other = client(stack)
    r = login(other, b, b_pw, as_json=False)
    check(r.status == 303 and "lf_session" in other.cookies, "B logs in from elsewhere", r)
    check_locked(login(c, a, a_pw), "the guessing address stays locked")
    # The log: A's five checked failures (refusals in back-off are not
    # checks), the two successes; names and ids, nothing secret.
    check(log_rows(stack, a, "login_failed") == FREE, "A's failures logged",
          stack.sql("SELECT action, moderator FROM moderation_log WHERE moderator = '%s'" % a))
    check(log_rows(stack, a, "login") == 1 and log_rows(stack, b, "login") == 1,
          "the logins logged")
    rows = stack.sql("SELECT moderator_id IS NOT NULL, submission_id IS NULL FROM "
                     "moderation_log WHERE moderator IN ('%s', '%s')" % (a, b))
    check(rows and all(r == ["1", "1"] for r in rows), "with the moderator's id", rows)


def test_unknown_names_answer_like_known_ones(stack):
    ghost = new_name("ghost")
    c = client(stack)
    for i in range(FREE):
        r = login(c, ghost, "wrong-password-%d" % i)
        check(r.status == 401 and lf.first_error(r)["message"] == "Wrong name or password.",
              "unknown name %d: 401, same message" % (i + 1), r)
    check_locked(login(c, ghost, "anything-at-all"), "an unknown name backs off too")
    # Nothing is written per made-up name: the source's count
    # holds the failures.
    check(log_rows(stack, ghost, "login_failed") == 0, "no log rows for an unknown name")
    check(stack.sql("SELECT COUNT(*) FROM login_throttle WHERE name = '%s'" % ghost)[0][0] == "0",
          "no throttle row for an unknown name")


def test_parallel_guesses_get_only_the_free_checks(stack):
    # Guesses for one name all at once from one address: the count is
    # taken before each check, so at most FREE of them reach Argon2, the
    # rest are 429.
    name, _ = new_moderator(stack, "charlie")
    n = 12
    source = client(stack).source
    clients = [Client(stack, source) for _ in range(n)]
    tokens = [c.get("/login", headers=JSON).json()["csrf"] for c in clients]
    out = [None] * n
    start = threading.Barrier(n)

    def guess(i):
        start.wait()
        out[i] = clients[i].post("/login", {"csrf": tokens[i], "name": name,
                                            "password": "guess-number-%d" % i}, headers=JSON)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(r.status for r in out)
    check(statuses.count(401) <= FREE and set(statuses) <= {401, 429, 503}
          and statuses.count(429) >= n - FREE - statuses.count(503),
          "at most %d checked, the others refused" % FREE, statuses)
    check(log_rows(stack, name, "login_failed") == statuses.count(401), "each check logged")


@pytest.fixture(scope="module")
def wide_stack(request):
    """A second stack whose daemon has 6 workers: with the usual 2, no more
    than 2 logins are ever checked at once, and the cap of 2 checks is never
    what turns one away. Its log is read for sanitizer reports."""
    s = lf.Stack(request.config.getoption("--daemon"), workers=6)
    try:
        s.start()
        yield s
    finally:
        s.stop()
    reports = [line for line in s.log("daemon.log").splitlines()
               if re.search(r"Sanitizer|runtime error:", line)]
    assert not reports, "sanitizer reports in the wide stack's log:\n" + "\n".join(reports[:20])
    shutil.rmtree(s.var, ignore_errors=True)


def test_a_flood_of_unknown_names_leaves_room_for_a_moderator(wide_stack):
    # Made-up names, a new one each time, from 8 addresses at once (each
    # gets FREE checks, then its address is in back-off: 429), for as long
    # as the moderator tries. They used to run Argon2 and fill the 2 slots,
    # so the moderator got 503.
    stack = wide_stack
    name, password = new_moderator(stack, "delta")
    stop = threading.Event()
    flooded = threading.Semaphore(0)
    answers = []

    def flood():
        c = client(stack)
        token = c.get("/login", headers=JSON).json()["csrf"]
        for _ in range(30):  # under nginx's burst of 40 per address
            if stop.is_set():
                break
            r = c.post("/login", {"csrf": token, "name": new_name("nobody"),
                                  "password": "wrong-password"}, headers=JSON)
            answers.append(r.status)
            flooded.release()

    threads = [threading.Thread(target=flood) for _ in range(8)]
    for t in threads:
        t.start()
    try:
        for _ in range(8):  # the flood is under way
            flooded.acquire()
        results = []
        for _ in range(3):
            r = login(client(stack), name, password)
            results.append(r.status)
    finally:
        stop.set()
        for t in threads:
            t.join()
    check(results == [200, 200, 200], "the moderator logs in every time during the flood",
          results)
    check(set(answers) <= {401, 429, 503}, "the flood is refused", sorted(set(answers)))
