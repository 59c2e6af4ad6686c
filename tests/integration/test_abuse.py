"""Cheap requests an attacker can repeat against the real stack:
one hourly proposal limit over every form, the login back-off per source as
well as per name, the password checks kept off the generating threads, and
look-alike letters in proposed words.

Each test talks from loopback addresses of its own (127.0.31.N), so that
the per-client limits of one test never touch another's."""

import threading
import time
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
_sources = iter(range(10, 250))


def client(stack):
    return Client(stack, "127.0.31.%d" % next(_sources))


def letters(n=10):
    return "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:n])


def propose_word(c):
    f = c.get("/submit?kind=weapon&part=prefix&format=json").json()
    return c.post("/submit", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                              "kind": "weapon", "part": "prefix", "word": "zq" + letters()},
                  headers=JSON)


def propose_spell(c):
    f = c.get("/submit/spell", headers=JSON).json()
    return c.post("/submit/spell", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                    "name": "Spell Zq" + letters(8), "mana": "12",
                                    "level": "2", "tier": "1", "effect1": "light 4 100"},
                  headers=JSON)


def propose_name(c):
    f = c.get("/submit/name", headers=JSON).json()
    return c.post("/submit/name", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                   "name": "Qzq" + letters(8)}, headers=JSON)


def test_one_hourly_limit_over_every_proposal_form(stack):
    # Each form counted its own set (words: words; spells: words and
    # spells; names: all three), so names, then spells, then words let
    # 3 x 20 through. In that order: 20 accepted in all, then 429 on each.
    c = client(stack)
    limit = 20  # the daemon's default --submit-limit
    forms = [propose_name] * 7 + [propose_spell] * 7 + [propose_word] * 6
    for i, f in enumerate(forms):
        r = f(c)
        check(r.status == 201, "proposal %d of %d (%s) accepted" % (i + 1, limit, f.__name__), r)
    for f in (propose_name, propose_spell, propose_word):
        r = f(c)
        check(r.status == 429, "the 21st proposal (%s) is 429" % f.__name__, r)
        check(r.headers.get("retry-after", "").isdigit(), "with Retry-After", r.headers)


FREE = 5  # backoff.h LOGIN_FREE_FAILURES


def login(c, name, password):
    r = c.get("/login", headers=JSON)
    check(r.status == 200, "GET /login", r)
    return c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
                  headers=JSON)


def rows(stack, table):
    return int(stack.sql("SELECT COUNT(*) FROM %s" % table)[0][0])


def test_guesses_from_one_address_do_not_lock_the_moderator_out(stack):
    # The back-off was per name: about four guesses an hour from anywhere
    # kept a moderator out for good. Now it is per source address.
    name, password = "mod-" + uuid.uuid4().hex[:10], "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    x = client(stack)
    answers = [login(x, name, "guess-%d" % i).status for i in range(FREE + 3)]
    check(answers == [401] * FREE + [429] * 3, "X: %d checked, then in back-off" % FREE, answers)
    r = login(client(stack), name, password)
    check(r.status == 200 and r.json()["moderator"] == name,
          "the right password from another address logs in", r)
    r = login(x, name, password)
    check(r.status == 429 and r.headers.get("retry-after", "").isdigit(),
          "X stays throttled, even with the right password", r)


def test_made_up_names_write_no_row_each(stack):
    # Every attempt wrote a moderation_log row and a login_throttle row per
    # name (666 and 388 after the attack). Unknown names now write neither:
    # one row for the source, whatever the number of names.
    before = [rows(stack, t) for t in ("moderation_log", "login_throttle")]
    x = client(stack)
    answers = [login(x, "nobody-" + uuid.uuid4().hex[:10], "wrong-password").status
               for _ in range(12)]
    check(answers == [401] * FREE + [429] * (12 - FREE), "the source backs off", answers)
    after = [rows(stack, t) for t in ("moderation_log", "login_throttle")]
    check(after == before, "no log or throttle row per made-up name", before, after)
    check(rows(stack, "login_source") >= 1, "the source's row")


def logins_at_once(stack, n, then=None, name=None):
    """n logins at once for made-up names (or for name, a moderator's, with
    a wrong password), each from an address of its own (so no back-off
    stops them), each answered no sooner than a real password check would
    be; then() is called while they are under way. The answers, and how
    many logins had been answered when then() returned."""
    clients = [client(stack) for _ in range(n)]
    tokens = [c.get("/login", headers=JSON).json()["csrf"] for c in clients]
    out = [None] * n
    done = []
    start = threading.Barrier(n + 1)

    def guess(i):
        start.wait()
        out[i] = clients[i].post("/login", {"csrf": tokens[i],
                                            "name": name or "nobody-" + letters(),
                                            "password": "wrong-password"}, headers=JSON)
        done.append(i)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(n)]
    # Up to 64 real checks queue in the lanes (32 per worker process), each
    # an Argon2 hash: on a loaded machine (or under ASan) the last answer
    # may take longer than the usual 10 s. What is asserted is the answers,
    # not their time.
    stack.http_timeout = 120
    try:
        for t in threads:
            t.start()
        start.wait()
        seen = None
        if then:
            time.sleep(0.03)  # sequencing only: the logins are sent first
            then()
            seen = len(done)
        for t in threads:
            t.join()
    finally:
        stack.http_timeout = 10
    check(None not in out, "every login answered", out)
    return out, seen


def test_password_checks_do_not_hold_the_threads_that_generate(stack):
    # Each login for a made-up name held a worker thread for as long as a
    # password check (~65 ms): 12 at once kept the stack's 4 threads busy
    # for 3 rounds and /generate waited behind them. Now a worker only
    # reads a login and queues it for its process's slow lane, so
    # /generate is answered while the logins are still being checked one
    # after another.
    n = 12
    got = {}

    def generate():
        got["r"] = stack.get("/generate?format=json")

    out, seen = logins_at_once(stack, n, generate)
    check(got["r"].status == 200, "/generate answered", got["r"])
    check(all(r.status in (401, 503) for r in out), "the logins are refused",
          [r.status for r in out])
    check(seen <= n // 3, "/generate answered before most logins (%d of %d were)" % (seen, n))


def test_a_full_slow_lane_answers_503_at_once(stack):
    # The slow lane's queue is bounded (lane.h LANE_QUEUE_MAX, per worker
    # process): logins beyond it are refused at once, naming the reason.
    # Real checks (a moderator's name, wrong passwords) fill it: each runs
    # Argon2 on the lane's thread.
    name = "mod-" + uuid.uuid4().hex[:10]
    stack.add_moderator(name, "pw-" + uuid.uuid4().hex)
    out, _ = logins_at_once(stack, 100, name=name)
    busy = [r for r in out if r.status == 503]
    check(busy and all(r.headers.get("retry-after") == "1" and "waiting to be checked"
                       in lf.first_error(r)["message"] for r in busy),
          "some 503 with Retry-After: 1, naming the reason", sorted(r.status for r in out))
    check(set(r.status for r in out) <= {401, 503}, "the others checked: 401",
          sorted(r.status for r in out))


def test_made_up_names_do_not_fill_the_slow_lane(stack):
    # An unknown name's answer waits as long as a real check, but it is
    # held by the lane without its thread (lane_later), so a burst of them
    # is all checked (401), none turned away (503). 24, fewer than one
    # lane's queue (LANE_QUEUE_MAX, 32): the accepts need not be spread
    # evenly over the two worker processes (40 once put more than 32 on one).
    out, _ = logins_at_once(stack, 24)
    check([r.status for r in out] == [401] * 24, "every made-up name answered 401",
          sorted(r.status for r in out))


def propose_word_as(c, word):
    f = c.get("/submit?kind=weapon&part=prefix&format=json").json()
    return c.post("/submit", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                              "kind": "weapon", "part": "prefix", "word": word}, headers=JSON)


def test_look_alike_letters_are_400_naming_the_field(stack):
    c = client(stack)
    before = int(stack.sql("SELECT COUNT(*) FROM submission")[0][0])
    for word, why in [("balanced\u3164", "invisible"), ("b\u0430lanced", "scripts"),
                      ("hea\u03bdy", "scripts"),
                      ("\U0001D41B\U0001D41A\U0001D425\U0001D41A\U0001D427\U0001D41C\U0001D41E"
                       "\U0001D41D", "styled"), ("\uff48\uff45\uff41\uff56\uff59", "styled")]:
        r = propose_word_as(c, word)
        check(r.status == 400 and lf.first_error(r)["field"] == "word"
              and why in lf.first_error(r)["message"], "%r: 400 on word (%s)" % (word, why), r)
    # A word of Latin letters only that looks like a live word: a live
    # weapon prefix with its first i made dotless (ı, U+0131).
    live = [w for (w,) in stack.sql("SELECT word FROM weapon_prefix WHERE retired_rev IS NULL "
                                    "AND word LIKE '%i%' AND word NOT LIKE '% %'")]
    check(live, "a live prefix with an i")
    fake = live[0].replace("i", "\u0131", 1)
    r = propose_word_as(c, fake)
    check(r.status == 400 and lf.first_error(r)["field"] == "word"
          and live[0] in lf.first_error(r)["message"], "a look-alike of a live word: 400", r)
    f = c.get("/submit/name", headers=JSON).json()
    r = c.post("/submit/name", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                "name": "Qz\u0430" + letters(6)}, headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "name", "a mixed name: 400", r)
    check(int(stack.sql("SELECT COUNT(*) FROM submission")[0][0]) == before, "nothing stored")
