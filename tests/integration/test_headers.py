"""Security headers on every answer of the daemon, through nginx:
every status it gives carries a Content-Security-Policy that allows
no inline script, X-Content-Type-Options nosniff, a ban on framing
(frame-ancestors 'none' or X-Frame-Options DENY) and a Referrer-Policy that
keeps URLs on the site; every cookie it sets is HttpOnly and SameSite.
Static files (served by nginx alone) are held to nosniff."""

import http.client

from lf import check

FORM = "application/x-www-form-urlencoded"
# Referrer policies that never send a URL to another site in full.
REFERRER_OK = {"no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin",
               "origin", "origin-when-cross-origin"}
# (method, target, headers, body, expected status): each status the daemon
# gives, in both formats where a format applies.
DAEMON_ANSWERS = [
    ("GET", "/", {}, None, 200),
    ("HEAD", "/", {}, None, 200),
    ("GET", "/healthz", {}, None, 200),
    ("GET", "/generate?tier=2&seed=5", {}, None, 200),
    ("GET", "/generate?kind=shield&count=3", {"Accept": "application/json"}, None, 200),
    ("POST", "/generate", {"Content-Type": FORM}, b"tier=1&format=json", 200),
    ("GET", "/generate?tier=9", {}, None, 400),
    ("GET", "/generate?tier=9&format=json", {}, None, 400),
    ("POST", "/generate", {"Content-Type": FORM}, b"x" * 9000, 413),
    ("GET", "/generate-nothing-here", {}, None, 404),
    ("GET", "/generate/nothing", {"Accept": "application/json"}, None, 404),
    ("POST", "/", {"Content-Type": FORM}, b"tier=1", 405),
    ("PUT", "/healthz", {"Content-Type": FORM}, b"", 405),
    ("POST", "/generate", {"Content-Type": "text/plain"}, b"tier=1", 415),
    ("POST", "/generate?format=json", {"Content-Type": "application/json"}, b"{}", 415),
]


class Raw:
    """An answer with its headers as a list, repeated ones kept."""

    def __init__(self, status, headers):
        self.status = status
        self.headers = headers

    def all(self, name):
        return [v for k, v in self.headers if k.lower() == name]

    def one(self, name):
        values = self.all(name)
        check(len(values) == 1, "exactly one %s header" % name, self)
        return values[0]

    def __repr__(self):
        return "<%d %r>" % (self.status, self.headers)


def fetch(stack, method, target, headers=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
    try:
        conn.request(method, target, body=body, headers=headers or {})
        r = conn.getresponse()
        r.read()
        return Raw(r.status, r.getheaders())
    finally:
        conn.close()


def csp_directives(value):
    """{directive: [sources]} of a policy; names lower-cased."""
    out = {}
    for part in value.split(";"):
        words = part.split()
        if words:
            out.setdefault(words[0].lower(), [w.lower() for w in words[1:]])
    return out


def check_security_headers(r, what):
    csps = r.all("content-security-policy")
    check(csps, "%s: a Content-Security-Policy" % what, r)
    framing_banned = False
    for value in csps:
        d = csp_directives(value)
        scripts = d.get("script-src", d.get("default-src"))
        check(scripts is not None, "%s: the CSP restricts scripts (script-src or default-src)"
              % what, value)
        check("'unsafe-inline'" not in scripts and "*" not in scripts,
              "%s: the CSP allows no inline (or any-origin) script" % what, value)
        framing_banned = framing_banned or d.get("frame-ancestors") == ["'none'"]
    check(r.one("x-content-type-options").strip().lower() == "nosniff",
          "%s: X-Content-Type-Options nosniff" % what, r)
    xfo = r.all("x-frame-options")
    framing_banned = framing_banned or [v.strip().upper() for v in xfo] == ["DENY"]
    check(framing_banned, "%s: frame-ancestors 'none' or X-Frame-Options DENY" % what, r)
    policy = r.one("referrer-policy").split(",")[-1].strip().lower()
    check(policy in REFERRER_OK, "%s: a Referrer-Policy that keeps URLs on the site" % what, r)


def check_cookies(r, what):
    """Every Set-Cookie is HttpOnly and SameSite (Strict or Lax). Returns how
    many there were."""
    cookies = r.all("set-cookie")
    for c in cookies:
        attrs = [a.strip().lower() for a in c.split(";")[1:]]
        name = c.split("=", 1)[0].strip()
        check("httponly" in attrs, "%s: cookie %s is HttpOnly" % (what, name), c)
        check(any(a in ("samesite=strict", "samesite=lax") for a in attrs),
              "%s: cookie %s is SameSite=Strict or Lax" % (what, name), c)
    return len(cookies)


def test_every_daemon_status_carries_the_security_headers(stack):
    for method, target, headers, body, status in DAEMON_ANSWERS:
        what = "%s %s" % (method, target)
        r = fetch(stack, method, target, headers, body)
        check(r.status == status, "%s answers %d" % (what, status), r)
        check_security_headers(r, "%s (%d)" % (what, status))
        check_cookies(r, what)


def test_cookies_are_httponly_and_samesite(stack):
    """The pages that may set a cookie (a session for proposing words or
    moderating). Checked when they exist and when they set one: before the
    crowd-sourcing pages land there is nothing to check, and that is said."""
    seen, answered = 0, []
    for target in ("/submit", "/login", "/moderate", "/words"):
        r = fetch(stack, "GET", target)
        answered.append("%s %d" % (target, r.status))
        if r.status != 404:
            check_security_headers(r, "GET %s (%d)" % (target, r.status))
        seen += check_cookies(r, "GET " + target)
    if not seen:
        print("    note: no cookie set yet (%s); the check applies once one is"
              % ", ".join(answered))
    else:
        print("    %d cookie(s) checked (%s)" % (seen, ", ".join(answered)))


def test_static_files_are_not_sniffed(stack):
    for target in ("/static/style.css", "/static/favicon.svg"):
        r = fetch(stack, "GET", target)
        check(r.status == 200, "GET %s answers 200" % target, r)
        check(r.one("x-content-type-options").strip().lower() == "nosniff",
              "GET %s: X-Content-Type-Options nosniff" % target, r)
        check_cookies(r, "GET " + target)
