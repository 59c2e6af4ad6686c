#!/usr/bin/python3
"""Records the daemon's answers to a broad, fixed set of requests, for a
refactoring that must keep every answer byte for byte (docs/house.md,
"Changing the structure"): run it with the old daemon and the new one into
two directories and compare them (`cmp`, or --compare).

    tests/integration/record_answers.py --daemon OLD --out /tmp/a-old
    tests/integration/record_answers.py --daemon NEW --out /tmp/a-new
    tests/integration/record_answers.py --compare /tmp/a-old /tmp/a-new
    tests/integration/record_answers.py --daemon OLD --dungeon-v1 --out DIR

Each answer is one file: the status line, the headers in order, a blank
line, the body. What changes from run to run is masked the same way in
both: the Date and Last-Modified headers, device cookies, CSRF tokens and session cookies (64 hex digits),
fresh submission ids (32 hex digits, numbered in order of appearance),
timestamps of the database, and a Retry-After counted from the clock.
Seeds are fixed everywhere but in the few requests that test the random
one: their bodies are not recorded, only status and headers.

The stack is the integration tests' (lf.Stack): MariaDB, the daemon, nginx."""

import argparse
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lf  # noqa: E402

JSON = {"Accept": "application/json"}
HEX64 = re.compile(rb"[0-9a-f]{64}")
HEX32 = re.compile(rb"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")
DATETIME = re.compile(rb"\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?")
RETRY = re.compile(rb"(?i)(retry-after: |\"retry_after\":\s*|in about )\d+")
MINUTES = re.compile(rb"(?i)\d+ (minute|second)s?")
HDR_DATE = re.compile(rb"(?im)^date: .*$")
# a kept page is a file nginx serves: its time is when the daemon wrote it
HDR_LASTMOD = re.compile(rb"(?im)^last-modified: .*$")
# a device cookie holds the time it was made, signed
DEVICE = re.compile(rb"((?:__Host-)?lf_device=)[^;\s]+")
FIXED_SIDS = set()


def mask(raw):
    """The answer with its volatile parts replaced, the same in every run."""
    raw = HDR_DATE.sub(b"Date: <date>", raw)
    raw = HDR_LASTMOD.sub(b"Last-Modified: <date>", raw)
    raw = DEVICE.sub(lambda m: m.group(1) + b"<device>", raw)
    raw = HEX64.sub(b"<hex64>", raw)
    seen = {}

    def sid(m):
        v = m.group(0)
        if v in FIXED_SIDS:
            return v
        return seen.setdefault(v, b"<sid%d>" % (len(seen) + 1))

    raw = HEX32.sub(sid, raw)
    raw = DATETIME.sub(b"<date>", raw)
    raw = RETRY.sub(lambda m: m.group(1) + b"<n>", raw)
    raw = MINUTES.sub(lambda m: b"<n> " + m.group(1), raw)
    return raw


class Recorder:
    def __init__(self, stack, out):
        self.stack = stack
        self.out = out
        self.n = 0
        os.makedirs(out, exist_ok=True)

    def save(self, name, r, body=True):
        self.n += 1
        lines = [b"%d" % r.status]
        for k, v in r.raw_headers:
            if not body and k.lower() == "content-length":
                v = "<n>"
            lines.append(("%s: %s" % (k, v)).encode())
        raw = b"\n".join(lines) + b"\n\n" + (r.body if body else b"<body not recorded>")
        safe = re.sub(r"[^A-Za-z0-9._=-]+", "_", name)[:120]
        with open(os.path.join(self.out, "%04d-%s" % (self.n, safe)), "wb") as f:
            f.write(mask(raw))
        return r

    def req(self, c, method, path, body=None, headers=None, name=None, keep_body=True):
        if isinstance(body, dict):
            body = urllib.parse.urlencode(body)
        r = c.request(method, path, body=body, headers=headers)
        tag = "json" if headers and "json" in str(headers.get("Accept", "")) else "html"
        if random_seed(path):
            keep_body = False
        return self.save(name or "%s %s %s" % (method, path, tag), r, keep_body)

    def both(self, c, method, path, body=None, name=None):
        """The same request asking for HTML and for JSON."""
        a = self.req(c, method, path, body, {}, name and name + " html")
        b = self.req(c, method, path, body, dict(JSON), name and name + " json")
        return a, b


def random_seed(path):
    """Pages that draw a seed of their own when given none."""
    p = urllib.parse.urlsplit(path)
    q = urllib.parse.parse_qs(p.query)
    if p.path in ("/", "/generate", "/map") and "seed" not in q:
        return "tileset" not in q or "w" not in q
    return False


def sid(n):
    s = "%032x" % (0xabc0000 + n)
    FIXED_SIDS.add(s.encode())
    return s


def record(stack, out):
    R = Recorder(stack, out)
    src = iter(range(2, 250))

    def client():
        return lf.Client(stack, "127.0.42.%d" % next(src))

    c = client()
    # ---- reading pages ----
    for p in ["/", "/?kind=armor", "/generate?tier=2&seed=7", "/generate?tier=3&seed=7&format=json",
              "/generate?tier=2&seed=7&count=3", "/generate?tier=2&seed=7&count=3&format=json",
              "/generate?kind=scroll&seed=11", "/generate?kind=scroll&seed=11&format=json",
              "/generate?kind=wand&tier=3&seed=5", "/generate?kind=shield&tier=3&seed=5&count=3",
              "/generate?kind=armor&count=40&seed=99&format=json",
              "/generate?tier=3&tier-variance=on&power=1&attribute%5Btype%5D=longsword&seed=42",
              "/generate?tier=2&tier-variance=on&power=2.5&seed=18446744073709551615",
              "/generate?tier=9", "/generate?tier=9&format=json", "/generate?format=xml",
              "/generate?count=0", "/generate?count=1001", "/generate?count=abc&format=json",
              "/generate?kind=potion&format=json", "/generate?kind=potion",
              "/generate?attribute[prefix]=zzznotaword&seed=3",
              "/generate?attribute[type]=testblade&format=json", "/generate?loadout=not%20a%20list&format=json",
              "/generate?seed=-1", "/generate?bogus=1", "/generate?seed=1&seed=2",
              "/catalog.json", "/catalog.json?rev=1", "/catalog.json?rev=0", "/catalog.json?rev=x",
              "/catalog.json?rev=99999", "/catalog.json?format=html",
              "/words", "/words?kind=weapon&part=prefix", "/words?kind=weapon&part=prefix&format=json",
              "/words?kind=nope", "/words?kind=weapon&part=nope&format=json", "/words?format=json",
              "/spells", "/spells?format=json", "/spells?level=2", "/spells?level=x",
              "/spells?level=x&format=json", "/spells?format=xml",
              "/map", "/map?seed=5", "/map?seed=5&format=json", "/map?w=2&h=2&tileset=solo&seed=1&format=json",
              "/map?seed=18446744073709551615&h=30&format=text&w=30", "/map?format=json&w=99",
              "/map?tileset=broken", "/map?w=1&h=1&tileset=solo&format=json", "/map?format=xml",
              "/loadout", "/loadout?format=json", "/loadout?item=AAAAAAAAAAAAAAAAAAAA",
              "/loadout?item=AAAA&format=json", "/loadout?format=xml",
              "/item/", "/item/AAAA", "/item/AAAA?format=json", "/item/%%%",
              "/healthz", "/nothing", "/generate/nothing", "/generate-nothing-here",
              "/submit?format=xml", "/login?format=xml", "/moderate?format=xml"]:
        R.req(c, "GET", p, headers={})
        R.req(c, "GET", p, headers=dict(JSON))
    # Keyed dungeons (every format, bad fields) and their codes.
    for p in ["/dungeon?w=6&h=4&seed=5", "/dungeon?w=6&h=4&seed=5&format=json",
              "/dungeon?w=6&h=4&seed=5&format=text", "/dungeon?w=6&h=4&seed=5&format=png",
              "/dungeon?w=6&h=4&seed=5&format=vtt", "/dungeon?w=10&h=10&seed=3&level=8",
              "/dungeon?w=99&seed=1", "/dungeon?seed=x&format=json", "/dungeon?format=xml",
              "/dungeon/", "/dungeon/AAAA", "/dungeon/AAAA?format=json"]:
        R.req(c, "GET", p, headers={})
    dj = c.get("/dungeon?w=6&h=4&seed=5&format=json", headers=JSON)
    dcode = dj.json().get("code") if dj.status == 200 else None
    if dcode:
        for f in ["html", "json", "text", "png", "vtt", "xml"]:
            R.req(c, "GET", "/dungeon/%s?format=%s" % (dcode, f), headers={})
        R.req(c, "POST", "/dungeon/" + dcode, body="", headers={})
    # Random seeds: status and headers only.
    for p in ["/generate", "/generate?format=json", "/map?format=json"]:
        R.req(c, "GET", p, headers={}, keep_body=False)
    # Item codes from seeded items, every kind.
    for kind in ["weapon", "armor", "shield", "trinket", "scroll", "wand"]:
        g = c.get("/generate?kind=%s&tier=4&seed=11&count=3&format=json" % kind, headers=JSON)
        for it in g.json().get("items", [])[:3]:
            code = it.get("code")
            if code:
                R.req(c, "GET", "/item/" + code, headers={})
                R.req(c, "GET", "/item/" + code + "?format=json", headers={})
                R.req(c, "GET", "/item/" + code + "?format=xml", headers={})
                R.req(c, "HEAD", "/item/" + code, headers={})
                R.req(c, "GET", "/loadout?item=" + code, headers={})
                R.req(c, "GET", "/loadout?item=%s:head&format=json" % code, headers={})
    # Loadouts of many items, as JSON: every kind, their places chosen by
    # the rules or given, a base, up to the 32 a loadout may hold.
    codes = []
    for kind in ["weapon", "armor", "shield", "trinket", "scroll", "wand"]:
        for seed in (3, 29):
            g = c.get("/generate?kind=%s&tier=0&seed=%d&count=6&format=json" % (kind, seed),
                      headers=JSON)
            codes += [it["code"] for it in g.json().get("items", []) if it.get("code")]
    for n in (2, 5, 12, 32):
        q = "&".join("item=" + code for code in codes[:n])
        R.req(c, "GET", "/loadout?%s&format=json" % q, headers={})
        R.req(c, "GET", "/loadout?%s&base=attack:3,defense:2,str:10&format=json" % q, headers={})
        R.req(c, "GET", "/loadout?" + "&".join("item=" + code for code in codes[n:n + n])
              + "&format=json", headers={})
    R.req(c, "GET", "/loadout?item=%s:main-hand&item=%s:off_hand&format=json"
          % (codes[0], codes[1]), headers={})
    # Methods and bodies the router and pages refuse.
    for m, p in [("DELETE", "/"), ("PUT", "/generate"), ("POST", "/"), ("POST", "/item/AAAA"),
                 ("POST", "/catalog.json"), ("POST", "/words"), ("POST", "/spells"), ("POST", "/map"),
                 ("POST", "/loadout"), ("GET", "/logout"), ("DELETE", "/login"), ("PUT", "/submit"),
                 ("PATCH", "/submit/spell"), ("OPTIONS", "/submit/name"), ("HEAD", "/"),
                 ("HEAD", "/generate?seed=3"), ("HEAD", "/words"), ("HEAD", "/moderate")]:
        R.req(c, m, p, body="" if m in ("POST", "PUT", "PATCH") else None, headers={})
        R.req(c, m, p, body="" if m in ("POST", "PUT", "PATCH") else None, headers=dict(JSON))
    R.both(c, "POST", "/generate", "tier=2&seed=7")
    R.both(c, "POST", "/generate", "tier=2&seed=7&count=2&format=json")
    R.both(c, "POST", "/generate", "tier=99")
    R.both(c, "POST", "/generate", "%zz")
    R.req(c, "POST", "/generate", "tier=2&seed=7", {"Content-Type": "text/plain"})
    R.req(c, "POST", "/generate", "x" * 70000, {})

    # ---- proposals: the word form ----
    w = client()
    R.req(w, "GET", "/submit", headers={})
    f = R.req(w, "GET", "/submit", headers=dict(JSON)).json()
    R.req(w, "GET", "/submit?kind=armor&part=prefix", headers={})
    R.req(w, "GET", "/submit?kind=nope", headers={})
    R.req(w, "GET", "/submit?kind=weapon&part=nope&format=json", headers={})
    R.req(w, "GET", "/submit?received=%s" % sid(999), headers={})
    csrf = f["csrf"]
    base = {"csrf": csrf, "kind": "weapon", "part": "prefix"}
    cases = [
        ("good", dict(base, submission_id=sid(1), word="Zorbish", attack="2", crit="1")),
        ("again", dict(base, submission_id=sid(1), word="Zorbish", attack="2", crit="1")),
        ("pending", dict(base, submission_id=sid(2), word="zorbish", attack="1")),
        ("live", dict(base, submission_id=sid(3), word="Sharp", attack="1")),
        ("bad stat", dict(base, submission_id=sid(4), word="Qwerk", attack="999")),
        ("stat not carried", dict(base, submission_id=sid(5), word="Qwerk", value_mult="abc")),
        ("no word", dict(base, submission_id=sid(6), word="")),
        ("long word", dict(base, submission_id=sid(7), word="x" * 100)),
        ("bad kind", dict(base, submission_id=sid(8), word="Qwerk", kind="potion")),
        ("bad part", dict(base, submission_id=sid(9), word="Qwerk", part="bogus")),
        ("bad sid", dict(base, submission_id="xyz", word="Qwerk")),
        ("no csrf", {k: v for k, v in dict(base, submission_id=sid(10), word="Qwerk").items() if k != "csrf"}),
        ("wrong csrf", dict(base, csrf="0" * 64, submission_id=sid(11), word="Qwerk")),
        ("unknown field", dict(base, submission_id=sid(12), word="Qwerk", bogus="1")),
        ("armor suffix", dict(base, kind="armor", part="suffix", submission_id=sid(13), word="of Zorbs", defense="1")),
        ("good html", dict(base, submission_id=sid(14), word="Glimmerous", attack="1")),
    ]
    for what, body in cases:
        R.req(w, "POST", "/submit", body, dict(JSON), "submit json " + what)
    for what, body in cases[2:]:
        R.req(w, "POST", "/submit", dict(body, submission_id=sid(100 + len(what))), {}, "submit html " + what)
    R.req(w, "GET", "/submit?received=%s" % sid(1), headers={})
    R.req(w, "GET", "/submit?received=%s&format=json" % sid(1), headers={})
    R.req(w, "POST", "/submit", "%zz", {}, "submit bad body")
    R.req(w, "POST", "/submit", "kind=weapon", {"Content-Type": "text/plain"}, "submit text/plain")
    R.req(w, "POST", "/submit", urllib.parse.urlencode(cases[0][1]),
          {"Origin": "http://evil.example"}, "submit other origin")

    # ---- the spell and name forms ----
    for path, good, bad in [
        ("/submit/spell",
         {"name": "Zorbfire", "mana": "10", "level": "2", "tier": "2", "effect1": "light 4 100"},
         [("bad mana", {"mana": "x"}), ("no name", {"name": ""}), ("bad effect", {"effect1": "nonsense"}),
          ("level high", {"level": "99"}), ("live", {"name": "Fireball"})]),
        ("/submit/name", {"name": "Qzxbrightwater"},
         [("empty", {"name": ""}), ("digits", {"name": "abc123"}), ("long", {"name": "q" * 80}),
          ("known", {"name": "Aldric"})]),
    ]:
        s = client()
        R.req(s, "GET", path, headers={})
        fj = R.req(s, "GET", path, headers=dict(JSON)).json()
        R.req(s, "GET", path + "?received=" + sid(998), headers={})
        R.req(s, "GET", path + "?bogus=1", headers=dict(JSON))
        tok = fj["csrf"]
        k = 200 + len(path)
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k)), dict(JSON), path + " good json")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k)), dict(JSON), path + " again json")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k)), {}, path + " again html")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k + 1)), dict(JSON), path + " pending json")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k + 2)), {}, path + " pending html")
        R.req(s, "GET", path + "?received=" + sid(k), headers={})
        R.req(s, "GET", path + "?received=" + sid(k) + "&format=json", headers={})
        for i, (what, change) in enumerate(bad):
            body = dict(good, csrf=tok, submission_id=sid(k + 10 + i))
            body.update(change)
            R.req(s, "POST", path, body, dict(JSON), path + " " + what + " json")
            R.req(s, "POST", path, body, {}, path + " " + what + " html")
        R.req(s, "POST", path, dict(good, csrf="0" * 64, submission_id=sid(k + 30)), {}, path + " wrong csrf")
        R.req(s, "POST", path, dict(good, submission_id=sid(k + 31)), dict(JSON), path + " no csrf")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id="nothex"), dict(JSON), path + " bad sid")
        R.req(s, "POST", path, dict(good, csrf=tok, submission_id=sid(k + 32), bogus="1"), {}, path + " bogus")
        R.req(s, "POST", path, "%zz", {}, path + " bad body")

    # ---- the hourly limit ----
    lim = client()
    ft = lim.get("/submit", headers=JSON).json()["csrf"]
    for i in range(22):
        R.req(lim, "POST", "/submit", {"csrf": ft, "submission_id": sid(300 + i), "kind": "weapon",
                                       "part": "prefix", "word": "Limitword%c" % (97 + i), "attack": "1"},
              dict(JSON) if i % 2 else {}, "limit %d" % i)
    R.req(lim, "POST", "/submit/name", {"csrf": ft, "submission_id": sid(320), "name": "Qzxlimited"},
          dict(JSON), "limit name")
    R.req(lim, "POST", "/submit/spell", {"csrf": ft, "submission_id": sid(321), "name": "Limitspell",
                                         "mana": "10", "level": "2", "tier": "2",
                                         "effect1": "light 4 100"}, {}, "limit spell")

    # ---- login ----
    stack.add_moderator("recmod", "recorder-password")
    stack.add_moderator("recmod2", "recorder-password2")
    lg = client()
    R.req(lg, "GET", "/login", headers={})
    t = R.req(lg, "GET", "/login", headers=dict(JSON)).json()["csrf"]
    R.req(lg, "POST", "/login", {"csrf": t, "name": "recmod", "password": "wrong"}, {}, "login wrong html")
    R.req(lg, "POST", "/login", {"csrf": t, "name": "recmod", "password": "wrong"}, dict(JSON), "login wrong json")
    R.req(lg, "POST", "/login", {"csrf": t, "name": "nobody", "password": "wrong"}, dict(JSON), "login nobody")
    R.req(lg, "POST", "/login", {"csrf": t, "name": "", "password": "x"}, dict(JSON), "login no name")
    R.req(lg, "POST", "/login", {"csrf": t, "name": "recmod"}, {}, "login no password")
    R.req(lg, "POST", "/login", {"csrf": "0" * 64, "name": "recmod", "password": "recorder-password"}, {},
          "login wrong csrf")
    R.req(lg, "POST", "/login", {"name": "recmod", "password": "recorder-password"}, dict(JSON), "login no csrf")
    R.req(lg, "POST", "/login", "%zz", {}, "login bad body")
    R.req(lg, "POST", "/login", {"csrf": t, "name": "x" * 300, "password": "x"}, dict(JSON), "login long name")
    # The back-off (per source address or per name, as the daemon keeps it):
    # a client of its own, so that the logins below are not locked out.
    lk = client()
    tk = lk.get("/login", headers=JSON).json()["csrf"]
    for i in range(6):
        R.req(lk, "POST", "/login", {"csrf": tk, "name": "lockme", "password": "w%d" % i}, dict(JSON), "lock %d" % i)
    R.req(lk, "POST", "/login", {"csrf": tk, "name": "lockme", "password": "x"}, {}, "locked html")
    R.req(lk, "POST", "/login", {"csrf": tk, "name": "LOCKME", "password": "x"}, dict(JSON), "locked json")
    # Not logged in: every moderation page.
    anon = client()
    for p in ["/moderate", "/moderate/approve", "/moderate/nothing", "/moderate/spell/approve"]:
        R.req(anon, "GET", p, headers={})
        R.req(anon, "POST", p, "id=1", dict(JSON))
    R.req(anon, "POST", "/logout", "", {}, "logout anon")
    R.req(anon, "POST", "/logout", "", dict(JSON), "logout anon json")
    m = client()
    t = m.get("/login", headers=JSON).json()["csrf"]
    R.req(m, "POST", "/login", {"csrf": t, "name": "recmod", "password": "recorder-password"}, {}, "login ok html")
    R.req(m, "GET", "/login", headers={})
    q = R.req(m, "GET", "/moderate", headers=dict(JSON)).json()
    R.req(m, "GET", "/moderate", headers={})
    mc = q["csrf"]
    ids = {r["word"]: r["id"] for r in q["pending"]}
    spell_ids = [r["id"] for r in q["pending_spells"]]
    name_ids = [r["id"] for r in q["pending_names"]]
    R.req(m, "GET", "/moderate?approved=1", headers={})
    R.req(m, "GET", "/moderate?rejected=2", headers={})
    R.req(m, "GET", "/moderate?bogus=1", headers={})
    R.req(m, "GET", "/moderate/nothing", headers={})
    R.req(m, "GET", "/moderate/nothing", headers=dict(JSON))
    R.req(m, "GET", "/moderate/approve", headers={})
    R.req(m, "GET", "/moderate/approve", headers=dict(JSON))
    R.req(m, "POST", "/moderate", "", {}, "moderate post queue")
    R.req(m, "PUT", "/moderate/reject", "", dict(JSON), "moderate put reject")
    # Decisions with bad input.
    for path in ["/moderate/approve", "/moderate/reject", "/moderate/spell/approve", "/moderate/spell/reject",
                 "/moderate/name/approve", "/moderate/name/reject", "/moderate/retire", "/moderate/edit"]:
        for what, body in [("no csrf", {"id": "1", "reason": "x"}), ("wrong csrf", {"id": "1", "csrf": "0" * 64}),
                           ("bad id", {"id": "x", "csrf": mc, "reason": "x"}),
                           ("no id", {"csrf": mc, "reason": "x"}),
                           ("no reason", {"id": "99999", "csrf": mc}),
                           ("long reason", {"id": "99999", "csrf": mc, "reason": "r" * 201}),
                           ("unknown id", {"id": "99999", "csrf": mc, "reason": "because"}),
                           ("bogus field", {"id": "99999", "csrf": mc, "bogus": "1"}),
                           ("bad kind", {"csrf": mc, "kind": "x", "part": "prefix", "word": "Sharp"}),
                           ("bad part", {"csrf": mc, "kind": "weapon", "part": "x", "word": "Sharp"}),
                           ("no word", {"csrf": mc, "kind": "weapon", "part": "prefix"}),
                           ("not live", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Nonesuchy", "attack": "1"}),
                           ("no stat", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Sharp"}),
                           ("bad stat", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Sharp", "attack": "999"}),
                           ("stat not carried", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Sharp", "hands": "1"})]:
            R.req(m, "POST", path, body, dict(JSON), path + " " + what + " json")
            R.req(m, "POST", path, body, {}, path + " " + what + " html")
        R.req(m, "POST", path, "%zz", {}, path + " bad body")
    # Decisions that go through.
    if "Zorbish" in ids:
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["Zorbish"], "attack": "99"}, dict(JSON), "approve bad stat")
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["Zorbish"], "tier": "9"}, dict(JSON), "approve bad tier")
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["Zorbish"], "attack": "3"}, dict(JSON), "approve json")
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["Zorbish"]}, dict(JSON), "approve again json")
        R.req(m, "POST", "/moderate/reject", {"csrf": mc, "id": ids["Zorbish"], "reason": "x"}, {}, "reject decided html")
    if "Glimmerous" in ids:
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["Glimmerous"]}, {}, "approve html")
    for wd, i in sorted(ids.items()):
        if wd.startswith("Limitword") and wd < "Limitwordd":
            R.req(m, "POST", "/moderate/reject", {"csrf": mc, "id": i, "reason": "no <b>thanks</b>"},
                  dict(JSON) if wd.endswith("a") else {}, "reject " + wd)
    if "of Zorbs" in ids:
        R.req(m, "POST", "/moderate/approve", {"csrf": mc, "id": ids["of Zorbs"], "defense": "2"}, {}, "approve armor")
    # A word rejected now is refused for 30 days; a live one is live.
    R.req(w, "POST", "/submit", dict(base, submission_id=sid(400), word="Limitworda", attack="1"), dict(JSON), "submit rejected json")
    R.req(w, "POST", "/submit", dict(base, submission_id=sid(401), word="Limitworda", attack="1"), {}, "submit rejected html")
    R.req(w, "POST", "/submit", dict(base, submission_id=sid(402), word="zorbish", attack="1"), dict(JSON), "submit now live json")
    for i, sp in enumerate(spell_ids):
        R.req(m, "POST", "/moderate/spell/approve" if i == 0 else "/moderate/spell/reject",
              {"csrf": mc, "id": sp, "reason": "not now"}, dict(JSON) if i % 2 == 0 else {}, "spell decide %d" % i)
        R.req(m, "POST", "/moderate/spell/approve", {"csrf": mc, "id": sp}, dict(JSON), "spell again %d" % i)
    for i, nm in enumerate(name_ids):
        R.req(m, "POST", "/moderate/name/approve" if i == 0 else "/moderate/name/reject",
              {"csrf": mc, "id": nm, "reason": "not now"}, {} if i % 2 == 0 else dict(JSON), "name decide %d" % i)
        R.req(m, "POST", "/moderate/name/reject", {"csrf": mc, "id": nm, "reason": "late"}, dict(JSON), "name again %d" % i)
    R.req(m, "POST", "/moderate/spell/approve", {"csrf": mc, "id": "99999"}, {}, "spell unknown html")
    R.req(m, "POST", "/moderate/name/approve", {"csrf": mc, "id": "99999"}, {}, "name unknown html")
    # A spell proposed again after its approval: live; a name likewise.
    s2 = client()
    t2 = s2.get("/submit/spell", headers=JSON).json()["csrf"]
    R.req(s2, "POST", "/submit/spell", {"csrf": t2, "submission_id": sid(500), "name": "Zorbfire", "mana": "10",
                                        "level": "2", "tier": "2", "effect1": "light 4 100"}, dict(JSON), "spell live")
    R.req(s2, "POST", "/submit/name", {"csrf": t2, "submission_id": sid(501), "name": "qzxbrightwater"}, {}, "name live")
    # Word edit and retire.
    R.req(m, "POST", "/moderate/edit", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Zorbish",
                                        "attack": "4", "crit": "2"}, dict(JSON), "edit json")
    R.req(m, "POST", "/moderate/edit", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Zorbish",
                                        "attack": "5"}, {}, "edit html")
    R.req(m, "POST", "/moderate/retire", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Zorbish"}, {}, "retire html")
    R.req(m, "POST", "/moderate/retire", {"csrf": mc, "kind": "weapon", "part": "prefix", "word": "Zorbish"}, dict(JSON), "retire again")
    R.req(m, "POST", "/moderate/retire", {"csrf": mc, "kind": "armor", "part": "suffix", "word": "of Zorbs"}, dict(JSON), "retire json")
    lf.settled(stack)
    R.req(m, "GET", "/words?kind=weapon&part=prefix&format=json", headers={}, name="words after")
    R.req(m, "GET", "/catalog.json", headers={}, name="catalog after")
    R.req(m, "GET", "/catalog.json?rev=1", headers={}, name="catalog rev1 after")
    R.req(m, "GET", "/spells?format=json", headers={}, name="spells after")
    R.req(m, "GET", "/generate?tier=2&seed=7&format=json", headers={}, name="generate after")
    R.req(m, "GET", "/moderate", headers={}, name="queue after html")
    R.req(m, "GET", "/moderate", headers=dict(JSON), name="queue after json")
    # Logout.
    R.req(m, "POST", "/logout", {"csrf": "0" * 64}, {}, "logout wrong csrf")
    R.req(m, "POST", "/logout", {"csrf": mc}, dict(JSON), "logout json")
    R.req(m, "GET", "/moderate", headers={}, name="queue after logout")
    m2 = client()
    t3 = m2.get("/login", headers=JSON).json()["csrf"]
    R.req(m2, "POST", "/login", {"csrf": t3, "name": "recmod2", "password": "recorder-password2"}, dict(JSON), "login ok json")
    mc2 = m2.get("/moderate", headers=JSON).json()["csrf"]
    R.req(m2, "POST", "/logout", {"csrf": mc2}, {}, "logout html")

    # ---- the database stopped ----
    m3 = client()
    t4 = m3.get("/login", headers=JSON).json()["csrf"]
    m3.post("/login", {"csrf": t4, "name": "recmod2", "password": "recorder-password2"})
    mc3 = m3.get("/moderate", headers=JSON).json()["csrf"]
    d = client()
    td = d.get("/submit", headers=JSON).json()["csrf"]
    stack.db_stop()
    try:
        for p in ["/", "/generate?tier=2&seed=7", "/catalog.json", "/catalog.json?rev=1", "/words",
                  "/spells", "/map?seed=5", "/login", "/submit", "/submit/spell", "/submit/name",
                  "/submit?received=" + sid(1), "/moderate"]:
            R.req(d, "GET", p, headers={}, name="dbdown " + p)
            R.req(d, "GET", p, headers=dict(JSON), name="dbdown json " + p)
        R.req(d, "POST", "/submit", dict(base, csrf=td, submission_id=sid(600), word="Downword", attack="1"), {}, "dbdown submit")
        R.req(d, "POST", "/submit", dict(base, csrf=td, submission_id=sid(601), word="Downword", attack="1"), dict(JSON), "dbdown submit json")
        R.req(d, "POST", "/submit/spell", {"csrf": td, "submission_id": sid(602), "name": "Downspell", "mana": "10",
                                           "level": "2", "tier": "2", "effect1": "light 4 100"}, {}, "dbdown spell")
        R.req(d, "POST", "/submit/name", {"csrf": td, "submission_id": sid(603), "name": "Qzxdown"}, dict(JSON), "dbdown name")
        R.req(d, "POST", "/login", {"csrf": td, "name": "recmod", "password": "recorder-password"}, {}, "dbdown login")
        R.req(d, "POST", "/login", {"csrf": td, "name": "recmod", "password": "x"}, dict(JSON), "dbdown login json")
        for path in ["/moderate", "/moderate/approve", "/moderate/retire", "/logout"]:
            R.req(m3, "POST" if path != "/moderate" else "GET", path,
                  {"csrf": mc3, "id": "1"} if path != "/moderate" else None, {}, "dbdown mod " + path)
            R.req(m3, "POST" if path != "/moderate" else "GET", path,
                  {"csrf": mc3, "id": "1"} if path != "/moderate" else None, dict(JSON), "dbdown mod json " + path)
    finally:
        stack.db_start()
    return R.n


# Keyed dungeons whose codes are of version 1 (docs/dungeons.md): each answers
# the bytes it answered when it was made, in every format, forever. Their
# answers were recorded with the daemon before dungeon codes of version 2
# (--dungeon-v1 DIR) and tests/integration/test_dungeon.py compares them.
DUNGEON_V1_INPUTS = ["w=6&h=4&seed=5", "w=10&h=10&seed=3&level=8",
                     "w=9&h=7&seed=21&tileset=walls&level=12&hallways=20",
                     "w=5&h=6&seed=2&tileset=crumbling&level=20&hallways=90"]
DUNGEON_FORMATS = [("json", "json"), ("html", "html"), ("text", "txt"), ("png", "png"),
                   ("vtt", "dd2vtt")]


def dungeon_html_part(body):
    """The dungeon's part of its HTML page (the map, its caption and the
    key: dungeon.tpl's figure and list), without the page around it, which
    follows the site's layout (docs/api.md, "Permanent links")."""
    start = body.index(b'<figure class="dungeon keyed">')
    return body[start:body.index(b"</ol>", start) + len(b"</ol>")]


def dungeon_answer(stack, code, fmt):
    """The answer of /dungeon/CODE in one format, and the bytes it promises."""
    r = stack.get("/dungeon/%s?format=%s" % (code, fmt))
    return r, dungeon_html_part(r.body) if fmt == "html" and r.status == 200 else r.body


def record_dungeon_v1(stack, out):
    os.makedirs(out, exist_ok=True)
    n = 0
    for q in DUNGEON_V1_INPUTS:
        code = stack.get("/dungeon?%s&format=json" % q).json()["code"]
        for fmt, ext in DUNGEON_FORMATS:
            r, body = dungeon_answer(stack, code, fmt)
            assert r.status == 200, (code, fmt, r.status)
            with open(os.path.join(out, "%s.%s" % (code, ext)), "wb") as f:
                f.write(body)
            n += 1
    return n


def mask_again(raw):
    """What a mask added since a recording was made hides in it too."""
    return DEVICE.sub(b"<device>", HDR_LASTMOD.sub(b"", raw))


def compare(a, b):
    fa, fb = sorted(os.listdir(a)), sorted(os.listdir(b))
    same = diff = 0
    for n in sorted(set(fa) | set(fb)):
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        if os.path.exists(pa) and os.path.exists(pb):
            with open(pa, "rb") as x, open(pb, "rb") as y:
                # masked again: recordings made before a mask was added
                if mask_again(x.read()) == mask_again(y.read()):
                    same += 1
                    continue
        diff += 1
        print("DIFFERS:", n)
    print("%d answers identical, %d differ" % (same, diff))
    return diff == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon")
    ap.add_argument("--out")
    ap.add_argument("--compare", nargs=2)
    ap.add_argument("--dungeon-v1", action="store_true",
                    help="record only the answers of version-1 dungeon codes")
    a = ap.parse_args()
    if a.compare:
        sys.exit(0 if compare(*a.compare) else 1)
    st = lf.Stack(a.daemon, workers=1).start()
    try:
        n = (record_dungeon_v1 if a.dungeon_v1 else record)(st, a.out)
    finally:
        st.stop()
    print("%d answers recorded in %s" % (n, a.out))


if __name__ == "__main__":
    main()
