"""Cheap requests an attacker can repeat (issue 31) against the real stack:
one hourly proposal limit over every form, the login back-off per source as
well as per name, the password checks kept off the generating threads, and
look-alike letters in proposed words.

Each test talks from loopback addresses of its own (127.0.31.N), so that
the per-client limits of one test never touch another's."""

import uuid

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
