"""Over the dev stack's nginx (deploy/nginx-dev.conf.in):
a HEAD must not leave an empty answer in nginx's cache for the GETs after
it; the cache keys hold the format the daemon answers in, not the whole
Accept header; /catalog.json?rev=R is kept by nginx, the current export is
not. Every read has a short timeout: before the fix the GET after a HEAD
hung on a body nginx never sent."""

import http.client
import json
import random

from lf import check

TIMEOUT = 3  # seconds: a whole answer from loopback comes in milliseconds


def fetch(stack, method, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=TIMEOUT)
    try:
        conn.request(method, path, headers=dict(headers or {}))
        r = conn.getresponse()
        h = {k.lower(): v for k, v in r.getheaders()}
        try:
            body = r.read()
        except (TimeoutError, OSError) as e:
            raise AssertionError("%s %s: the body did not come (%r); headers %r"
                                 % (method, path, e, h))
        return r.status, h, body
    finally:
        conn.close()


def fresh_code(stack, kind="weapon"):
    """A code no test asked nginx about yet (a random seed)."""
    seed = random.SystemRandom().randint(1, 2**40)
    status, _, body = fetch(stack, "GET", "/generate?kind=%s&seed=%d&format=json" % (kind, seed))
    check(status == 200, "generate", status, body[:200])
    return json.loads(body)["code"]


def test_head_then_get_gives_the_whole_answer(stack):
    for fmt_query, headers in [("?format=json", {}), ("?format=html", {}),
                               ("", {"Accept": "application/json"}), ("", {})]:
        path = "/item/" + fresh_code(stack) + fmt_query
        status, h, body = fetch(stack, "HEAD", path, headers)
        check(status == 200 and body == b"", "HEAD %s" % path, status, h)
        length = int(h["content-length"])
        for _ in range(2):  # a miss after the HEAD, then a hit
            status, g, body = fetch(stack, "GET", path, headers)
            check(status == 200 and len(body) == length and int(g["content-length"]) == length,
                  "GET %s after a HEAD: the whole body" % path, status, g, len(body), length)
        check(g.get("x-cache") == "HIT", "the GET is kept", g)
        # and a HEAD after the GETs still says what a GET gets
        status, h2, body = fetch(stack, "HEAD", path, headers)
        check(status == 200 and body == b"" and int(h2["content-length"]) == length,
              "HEAD %s again" % path, h2)
    # A HEAD hands out the ETag: a conditional GET that is the first GET of
    # its key must not leave a 304 for the plain GETs after it either.
    path = "/item/" + fresh_code(stack) + "?format=json"
    _, h, _ = fetch(stack, "HEAD", path)
    status, _, body = fetch(stack, "GET", path, {"If-None-Match": h["etag"]})
    check(status == 304 and body == b"", "304 on a match", status)
    status, g, body = fetch(stack, "GET", path)
    check(status == 200 and len(body) == int(h["content-length"]),
          "a plain GET after a conditional one: the whole body", status, g, len(body))


def test_accept_variants_share_one_entry_per_format(stack):
    path = "/item/" + fresh_code(stack, "armor")
    json_accepts = (["application/json"] +
                    ["application/json, application/x-tool-%d" % i for i in range(12)] +
                    ["text/plain,application/json,image/x-%d" % i for i in range(12)] +
                    ["APPLICATION/JSON, text/html, */*"])
    html_accepts = ([""] + ["*/*"] +
                    ["text/html,application/xhtml+xml,application/xml;q=0.%d,*/*;q=0.8" % i
                     for i in range(1, 10)] +
                    ["image/x-%d, */*" % i for i in range(12)] + ["application/jsonx"])
    for want, accepts in [("application/json", json_accepts), ("text/html", html_accepts)]:
        seen = []
        for a in accepts:
            status, h, body = fetch(stack, "GET", path, {"Accept": a} if a else {})
            check(status == 200 and h["content-type"].startswith(want),
                  "Accept %r answers %s" % (a, want), status, h)
            seen.append(h.get("x-cache"))
        check(seen[0] == "MISS" and seen[1:] == ["HIT"] * (len(accepts) - 1),
              "one cache entry for %d Accept headers of %s" % (len(accepts), want), seen)
    # format= decides alone: the same entries whatever the Accept header says.
    for q, a in [("json", "text/html"), ("html", "application/json")]:
        status, h, _ = fetch(stack, "GET", path + "?format=" + q, {"Accept": a})
        check(status == 200 and q in h["content-type"] and h.get("x-cache") in ("MISS", "HIT"),
              "format=%s with Accept %s" % (q, a), h)
    # q-values with a JSON range: the daemon weighs them; the key keeps the
    # header, so each is still answered in its own format.
    for a, want in [("application/json;q=0.5, text/html", "text/html"),
                    ("text/html;q=0.5, application/json", "application/json"),
                    ("application/json;q=0, */*", "text/html")]:
        for _ in range(2):
            status, h, _ = fetch(stack, "GET", path, {"Accept": a})
            check(status == 200 and h["content-type"].startswith(want),
                  "Accept %r answers %s" % (a, want), h)


def test_catalog_at_a_revision_is_kept_by_nginx(stack):
    status, _, body = fetch(stack, "GET", "/catalog.json")
    check(status == 200, "the current export", status)
    rev = json.loads(body)["revision"]
    path = "/catalog.json?rev=%d" % rev
    status, h, body = fetch(stack, "HEAD", path)
    check(status == 200 and body == b"", "HEAD of an export", status, h)
    # An Accept with q-values and a JSON range keeps its whole header in the
    # key (deploy/): a key no other test has asked for, so the first GET is
    # the daemon's whatever ran before.
    own = {"Accept": "application/json;q=0.9, x-test/%d" % random.randrange(1 << 40)}
    seen, bodies = [], []
    for _ in range(3):
        status, h, body = fetch(stack, "GET", path, own)
        check(status == 200 and len(body) == int(h["content-length"]) and body,
              "GET %s: the whole export" % path, status, h, len(body))
        seen.append(h.get("x-cache"))
        bodies.append(body)
    check(seen == ["MISS", "HIT", "HIT"], "nginx keeps /catalog.json?rev=R", seen)
    check(bodies[0] == bodies[1] == bodies[2], "the same bytes from the cache")
    check(json.loads(bodies[0])["revision"] == rev, "the revision asked for")
    status, h, _ = fetch(stack, "GET", path, dict(own, **{"If-None-Match": h["etag"]}))
    check(status == 304, "304 from the cache on a match", status, h)
    for _ in range(2):
        status, h, _ = fetch(stack, "GET", "/catalog.json")
        check(status == 200 and h.get("x-cache") != "HIT" and h.get("cache-control") == "no-store",
              "the current export is never kept", h)
    status, h, _ = fetch(stack, "GET", "/catalog.json?rev=99999999999")
    status2, h2, _ = fetch(stack, "GET", "/catalog.json?rev=99999999999")
    check(status == status2 == 404 and h2.get("x-cache") != "HIT", "a 404 is not kept", h2)
