"""Bodies just over each limit get a 413 naming the field "body" in the
client's format: over the daemon's 8 KiB (FORM_BODY_MAX) it
answers itself, and reads up to 64 KiB of the body to find a format=json in
it; over nginx's 64 KiB (client_max_body_size) nginx answers, from what it
can see (Accept, or format= in the query; JSON unless HTML is asked for)."""

import lf

DAEMON_LIMIT = 8 * 1024
NGINX_LIMIT = 64 * 1024
PATHS = ("/generate", "/submit", "/login")


def body_of(size, fmt_in_body):
    """A form body of exactly size bytes; format=json at its end when asked
    (the part a reader that stops early would miss)."""
    tail = "&format=json" if fmt_in_body else "&x=y"
    return ("pad=" + "a" * size)[:size - len(tail)] + tail


def check_json_413(r, what):
    lf.check(r.status == 413, what + ": 413", r)
    lf.check(r.headers.get("content-type", "").startswith("application/json"),
             what + ": JSON", r)
    err = lf.first_error(r) if r.body[:1] == b"{" else {}
    lf.check(err.get("field") == "body" and err.get("message"),
             what + ": names the field body", r)
    # the daemon's and nginx's own 413 alike (docs/api.md)
    lf.check("errors" in r.json() and err.get("code") == "too_long",
             what + ": the one error shape, code too_long", r)


def test_over_limits_json_by_accept(stack):
    for limit in (DAEMON_LIMIT, NGINX_LIMIT):
        for path in PATHS:
            r = stack.post(path, body_of(limit + 1, False),
                           headers={"Accept": "application/json"})
            check_json_413(r, "POST %s, %d bytes, Accept: application/json" % (path, limit + 1))


def test_over_limits_json_by_body_format(stack):
    for size in (DAEMON_LIMIT + 1, 32 * 1024, NGINX_LIMIT, NGINX_LIMIT + 1):
        for path in PATHS:
            r = stack.post(path, body_of(size, True))
            check_json_413(r, "POST %s, %d bytes, format=json in the body" % (path, size))


def test_over_limits_html_for_browsers(stack):
    for limit in (DAEMON_LIMIT, NGINX_LIMIT):
        r = stack.post("/generate", body_of(limit + 1, False),
                       headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        lf.check(r.status == 413 and r.headers["content-type"].startswith("text/html")
                 and "body" in r.text and "too large" in r.text,
                 "POST /generate, %d bytes, from a browser: an HTML 413 naming body" % (limit + 1),
                 r)
        lf.check(r.headers.get("x-frame-options") == "DENY", "with the security headers", r)


def test_at_the_limit_is_not_413(stack):
    r = stack.post("/generate", body_of(DAEMON_LIMIT, True))
    # Parsed (its one long field is what is wrong with it), not too large.
    lf.check(r.status == 400 and "longer than" in lf.first_error(r)["message"],
             "a body of exactly 8 KiB is parsed", r)
