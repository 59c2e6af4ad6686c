"""Every bad field of a proposal, login or moderation form at once (issue 29,
docs/api.md "Errors"): JSON {"errors": [...]} in the order the fields were
sent, each with its code, checks across fields after; the HTML page lists
them all in its error box and keeps every value sent. The token (403), the
login (401) and the limits (429) answer alone, before the fields.

Each test talks from loopback addresses of its own (127.0.2.N), so the
per-client limits of one test never touch another's."""

import re
import urllib.parse
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
FIELD_RE = re.compile(r'<strong class="error-field">([^<]*)</strong>')

_sources = iter(range(2, 250))
_moderator = {}


def client(stack):
    return Client(stack, "127.0.2.%d" % next(_sources))


def body(pairs):
    """A form body with the fields in this order (a dict keeps it too, but
    the order is what is tested)."""
    return "&".join("%s=%s" % (k, urllib.parse.quote(v, safe="")) for k, v in pairs)


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def post(c, path, pairs, as_json=True):
    headers = dict(FORM)
    if as_json:
        headers.update(JSON)
    return c.post(path, body(pairs), headers=headers)


def problems(r):
    b = r.json()
    check(list(b) == ["errors"], "{errors: [...]}", b)
    for e in b["errors"]:
        check(list(e) == ["field", "code", "message"] and e["message"],
              "each problem is field, code, message", e)
    return [(e["field"], e["code"]) for e in b["errors"]]


def boxed(h):
    """The fields the HTML error box names, in order."""
    return FIELD_RE.findall(h.text)


def token(c, path):
    r = c.get(path + ("&" if "?" in path else "?") + "format=json")
    check(r.status == 200, "GET %s as JSON" % path, r)
    return r.json()


def a_stat(f):
    """A stat of the form's part with its range (the first numeric field)."""
    for fd in f["fields"]:
        if "min" in fd and "max" in fd and fd["name"] not in ("tier", "classes", "value",
                                                              "value_mult"):
            return fd
    raise AssertionError("no stat in %r" % f["fields"])


def test_word_form_lists_every_bad_field_in_the_order_sent(stack):
    c = client(stack)
    f = token(c, "/submit?kind=weapon&part=prefix")
    stat = a_stat(f)
    tiered = any(fd["name"] == "tier" for fd in f["fields"])
    too_big = str(stat["max"] + 1)
    pairs = [("csrf", f["csrf"]), ("submission_id", f["submission_id"]),
             ("kind", "weapon"), ("part", "prefix"),
             (stat["name"], too_big), ("word", "x"), ("slot", "head")]
    want = [(stat["name"], "out_of_range"), ("word", "malformed"), ("slot", "not_applicable")]
    if tiered:
        pairs.append(("tier", "9"))
        want.append(("tier", "out_of_range"))
    r = post(c, "/submit", pairs)
    check(r.status == 400, "400", r)
    check(problems(r) == want, "every problem, in the order sent", problems(r), want)
    # the same in HTML: every one in the box, every value kept
    h = post(c, "/submit", pairs, as_json=False)
    check(h.status == 400, "HTML 400", h)
    check(boxed(h) == [w[0] for w in want], "the box lists them all", boxed(h))
    check('name="word" required maxlength="64" autocomplete="off" value="x"' in h.text,
          "the word kept")
    check(re.search(r'name="%s"[^>]* value="%s"' % (stat["name"], too_big), h.text),
          "the refused stat kept as sent")
    if tiered:
        check('<option value="9" selected>9 (not valid)</option>' in h.text,
              "the refused tier kept, marked")
    # no form id and no kind: listed too, with the rest
    r = post(c, "/submit", [("csrf", f["csrf"]), ("word", "x"), ("kind", "axe")])
    check(problems(r) == [("word", "malformed"), ("kind", "not_one_of"),
                          ("submission_id", "missing"), ("part", "missing")],
          "fields sent first, in their order; those not sent after", problems(r))
    h = post(c, "/submit", [("csrf", f["csrf"]), ("word", "x"), ("kind", "axe")], as_json=False)
    check(boxed(h) == ["word", "kind", "submission_id", "part"], "the box, in that order",
          boxed(h))
    check('<option value="axe" selected>axe (not valid)</option>' in h.text,
          "the refused kind kept in the chooser, marked")
    check(stack.sql("SELECT COUNT(*) FROM submission WHERE word = 'x'")[0][0] == "0",
          "nothing stored")


def test_word_form_reports_a_live_word_after_the_fields(stack):
    c = client(stack)
    words = stack.get("/words?kind=weapon&part=prefix&format=json")
    check(words.status == 200, "/words", words)
    live = words.json()["tables"][0]["words"][0]["word"]
    f = token(c, "/submit?kind=weapon&part=prefix")
    stat = a_stat(f)
    pairs = [("csrf", f["csrf"]), ("submission_id", f["submission_id"]), ("kind", "weapon"),
             ("part", "prefix"), ("word", live), (stat["name"], "x")]
    r = post(c, "/submit", pairs)
    got = problems(r)
    check(r.status == 400, "a bad field first: 400", r)
    check(got[0] == (stat["name"], "malformed") and got[-1] == ("word", "conflict"),
          "the field's problem, then the live word (a check across fields)", got)


def test_spell_form_lists_fields_then_the_effect_rule(stack):
    c = client(stack)
    f = token(c, "/submit/spell")
    # heal with 0 dice takes no sides: the effect's numbers together
    pairs = [("csrf", f["csrf"]), ("submission_id", f["submission_id"]),
             ("effect1", "heal 0 6 3"), ("name", "x"), ("mana", "0"), ("level", "x"),
             ("tier", "3")]
    want = [("name", "malformed"), ("mana", "out_of_range"), ("level", "malformed"),
            ("effect1", "out_of_range")]
    r = post(c, "/submit/spell", pairs)
    check(r.status == 400 and problems(r) == want, "every problem, the rule last",
          problems(r), want)
    h = post(c, "/submit/spell", pairs, as_json=False)
    check(h.status == 400 and boxed(h) == [w[0] for w in want], "the box lists them all",
          boxed(h))
    for kept in ('name="name" required maxlength="64" autocomplete="off" value="x"',
                 'name="mana" required min="1" max="500" step="1" value="0"',
                 'name="level" required min="1" max="9" step="1" value="x"',
                 'value="heal 0 6 3"'):
        check(kept in h.text, "the page keeps %r" % kept)
    # the form's parts: two params that are no numbers, each named
    r = post(c, "/submit/spell", [("csrf", f["csrf"]), ("submission_id", f["submission_id"]),
                                  ("name", "Zzfizzle"), ("mana", "5"), ("level", "1"),
                                  ("tier", "1"), ("effect1_kind", "heal"),
                                  ("effect1_p1", "two"), ("effect1_p2", "6x")])
    check(problems(r) == [("effect1_p1", "malformed"), ("effect1_p2", "malformed")],
          "each bad param, not a missing effect", problems(r))


def test_name_form_lists_both_fields(stack):
    c = client(stack)
    f = token(c, "/submit/name")
    pairs = [("csrf", f["csrf"]), ("name", "R2D2"), ("submission_id", "zz")]
    r = post(c, "/submit/name", pairs)
    check(r.status == 400 and problems(r) == [("name", "malformed"),
                                              ("submission_id", "malformed")],
          "both, in the order sent", problems(r))
    h = post(c, "/submit/name", pairs, as_json=False)
    check(h.status == 400 and boxed(h) == ["name", "submission_id"], "the box lists both",
          boxed(h))
    check('name="name" required maxlength="64" autocomplete="off" value="R2D2"' in h.text,
          "the name kept")


def test_the_token_answers_alone_before_the_fields(stack):
    c = client(stack)
    f = token(c, "/submit/spell")
    r = post(c, "/submit/spell", [("csrf", "0" * 64), ("submission_id", f["submission_id"]),
                                  ("name", "x"), ("mana", "0")])
    check(r.status == 403 and problems(r) == [("csrf", "csrf")], "403 alone", problems(r))


def test_login_lists_name_and_password(stack):
    c = client(stack)
    t = c.get("/login", headers=JSON).json()["csrf"]
    pairs = [("csrf", t), ("name", "no such name!"), ("password", "")]
    r = post(c, "/login", pairs)
    check(r.status == 400 and problems(r) == [("name", "malformed"), ("password", "missing")],
          "both problems", problems(r))
    h = post(c, "/login", pairs, as_json=False)
    check(h.status == 400 and boxed(h) == ["name", "password"], "the box lists both", boxed(h))
    check('autocomplete="username" value="no such name!"' in h.text, "the name kept")
    # a wrong token answers alone
    r = post(c, "/login", [("csrf", "0" * 64), ("name", "x y"), ("password", "")])
    check(r.status == 403 and problems(r) == [("csrf", "csrf")], "403 alone", problems(r))
    # refused fields are not checks of a password: no back-off
    for _ in range(8):
        post(c, "/login", pairs)
    r = post(c, "/login", [("csrf", t), ("name", "nobody-" + uuid.uuid4().hex[:8]),
                           ("password", "wrong-password")])
    check(r.status == 401, "still a check, not a 429", r)


def moderator(stack):
    if not _moderator:
        _moderator["name"] = "errtester"
        _moderator["password"] = "pw-" + uuid.uuid4().hex
        stack.add_moderator(_moderator["name"], _moderator["password"])
    c = client(stack)
    t = c.get("/login", headers=JSON).json()["csrf"]
    r = c.post("/login", {"csrf": t, "name": _moderator["name"],
                          "password": _moderator["password"]}, headers=JSON)
    check(r.status == 200, "login", r)
    return c, r.json()["csrf"]


def test_moderation_lists_every_bad_field(stack):
    c, csrf = moderator(stack)
    # rejecting: no number and no reason
    pairs = [("csrf", csrf), ("id", "x"), ("reason", "  ")]
    r = post(c, "/moderate/reject", pairs)
    check(r.status == 400 and problems(r) == [("id", "malformed"), ("reason", "missing")],
          "id and reason", problems(r))
    h = post(c, "/moderate/reject", pairs, as_json=False)
    check(h.status == 400 and boxed(h) == ["id", "reason"], "the box lists both", boxed(h))
    # editing a live word: no word, a stat out of range and one the part
    # cannot carry
    f = token(c, "/submit?kind=weapon&part=prefix")
    stat = a_stat(f)
    pairs = [("csrf", csrf), ("kind", "weapon"), ("part", "prefix"),
             (stat["name"], str(stat["max"] + 1)), ("word", "")]
    r = post(c, "/moderate/edit", pairs)
    check(r.status == 400 and problems(r) == [(stat["name"], "out_of_range"),
                                              ("word", "missing")],
          "the stat and the word, in the order sent", problems(r))
    h = post(c, "/moderate/edit", pairs, as_json=False)
    check(h.status == 400 and boxed(h) == [stat["name"], "word"], "the box lists both",
          boxed(h))
    check('<option value="weapon" selected>weapon</option>' in h.text and
          '<option value="prefix" selected>prefix</option>' in h.text,
          "kind and part kept")
    check('name="%s" step="1" value="%d"' % (stat["name"], stat["max"] + 1) in h.text,
          "the stat kept")
    # a wrong token answers alone, before the fields
    r = post(c, "/moderate/reject", [("csrf", "0" * 64), ("id", "x"), ("reason", "")])
    check(r.status == 403 and problems(r) == [("csrf", "csrf")], "403 alone", problems(r))
    # without a session: 401 alone
    r = post(client(stack), "/moderate/reject", [("id", "x"), ("reason", "")])
    check(r.status == 401 and problems(r) == [(None, "unauthorized")], "401 alone",
          problems(r))
