"""The pages the daemon keeps as rendered bytes (src/pagecache.c)
over the whole stack. A map or dungeon with a seed no test asked for yet is
rendered by the first request each worker process gets and served from its
cache after that: every answer must be the first one's bytes. A catalog
change gives the new revision's page (the cache is keyed by revision).
The bounds are unit-tested (tests/unit/test_pagecache.c)."""

import random
import time

from lf import check

ASKS = 8  # two worker processes: at least six of these come from a cache


def seed():
    return random.SystemRandom().randint(1, 2**60)


def same_every_time(stack, path, headers=None):
    first = stack.get(path, headers=headers)
    check(first.status == 200, "GET %s" % path, first)
    for _ in range(ASKS):
        r = stack.get(path, headers=headers)
        check(r.status == 200 and r.body == first.body,
              "GET %s: the kept answer is the rendered one" % path, r, first)
        check(r.headers.get("content-type") == first.headers.get("content-type")
              and r.headers.get("cache-control") == first.headers.get("cache-control"),
              "GET %s: the same headers" % path, r.headers, first.headers)
    return r


def test_kept_maps_and_dungeons_equal_the_rendered_ones(stack):
    for path in ["/map?w=30&h=30&seed=%d" % seed(),
                 "/map?w=30&h=30&seed=%d&format=json" % seed(),
                 "/map?w=7&h=5&seed=%d&format=text" % seed(),
                 "/map?w=30&h=30&seed=%d&loot=6" % seed(),
                 "/dungeon?w=30&h=30&seed=%d" % seed(),
                 "/dungeon?w=30&h=30&seed=%d&format=json" % seed(),
                 "/dungeon?w=12&h=8&seed=%d&format=png" % seed(),
                 "/dungeon?w=12&h=8&seed=%d&format=vtt" % seed(),
                 "/dungeon?w=12&h=8&seed=%d&level=20&hallways=100&format=text" % seed()]:
        same_every_time(stack, path)
    # JSON asked for by Accept is kept apart from the HTML of the same inputs
    s = seed()
    html = same_every_time(stack, "/map?w=9&h=9&seed=%d" % s)
    js = same_every_time(stack, "/map?w=9&h=9&seed=%d" % s, {"Accept": "application/json"})
    check(html.body != js.body and js.headers["content-type"] == "application/json",
          "the format is in the key", html, js)
    # a HEAD renders and keeps the answer: the GETs after it still get the body
    path = "/dungeon?w=10&h=10&seed=%d" % seed()
    head = stack.request("HEAD", path)
    check(head.status == 200 and head.body == b"", "HEAD", head)
    same_every_time(stack, path)


def test_kept_revision_pages_are_stable(stack):
    for path in ["/words", "/words?format=json", "/words?kind=weapon&part=prefix",
                 "/spells", "/spells?format=json", "/catalog.json"]:
        same_every_time(stack, path)


def all_show(stack, path, word, n=ASKS):
    return all(word in stack.get(path).text for _ in range(n))


def add_word_live(stack, word):
    """A change set adding weapon prefix `word`; returns once /words shows it
    ASKS times in a row (both worker processes have the new revision)."""
    stack.change_set(["INSERT INTO weapon_prefix (word, attack, added_rev) "
                      "VALUES ('%s', 1, @rev)" % word])
    deadline = time.monotonic() + 30
    while not all_show(stack, "/words", word) and time.monotonic() < deadline:
        time.sleep(0.1)


def test_a_new_revision_is_a_new_page(stack):
    word = "pagecached%d" % random.SystemRandom().randint(0, 10**9)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        same_every_time(stack, path)  # kept in both worker processes
        check(word not in stack.get(path).text, "not there yet", path)
    add_word_live(stack, word)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        check(all_show(stack, path, word), "the new revision's word on %s" % path)
        same_every_time(stack, path)


# The current revision's kept pages as files nginx serves itself
# (src/web/kept.h): the daemon answers the first request and writes the page;
# nginx answers the same request after it from the file (X-Cache: KEPT), with
# the daemon's bytes and headers.
KEPT = ["/words", "/words?format=json", "/words?kind=weapon&part=prefix",
        "/spells", "/spells?format=json", "/catalog.json"]
SAME_HEADERS = ("content-type", "cache-control", "access-control-allow-origin",
                "content-security-policy", "x-frame-options", "x-content-type-options",
                "referrer-policy")


def kept_answers(stack, path, headers=None):
    """The daemon's answer, then ASKS more: how many nginx served from a file."""
    first = stack.get(path, headers=headers)
    check(first.status == 200, "GET %s" % path, first)
    from_file = 0
    for _ in range(ASKS):
        r = stack.get(path, headers=headers)
        check(r.status == 200 and r.body == first.body, "GET %s: the same page" % path, r, first)
        for h in SAME_HEADERS:
            check(r.headers.get(h) == first.headers.get(h),
                  "GET %s: %s as the daemon sends it" % (path, h), r.headers, first.headers)
        from_file += r.headers.get("x-cache") == "KEPT"
    return first, from_file


def test_nginx_serves_the_kept_pages_as_files(stack):
    s = seed()
    for path in KEPT + ["/map?w=30&h=30&seed=%d" % s, "/map?w=30&h=30&seed=%d&format=json" % s,
                        "/dungeon?w=30&h=30&seed=%d" % s,
                        "/dungeon?w=30&h=30&seed=%d&format=json" % s,
                        "/dungeon?w=12&h=8&seed=%d&format=png" % s,
                        "/map?w=7&h=5&seed=%d&format=text" % s]:
        first, from_file = kept_answers(stack, path)
        check(from_file == ASKS, "GET %s: every later answer from the file" % path, from_file)
        names = [k.lower() for k, _ in first.raw_headers]
        check(all(names.count(h) <= 1 for h in SAME_HEADERS), "one of each", first.raw_headers)
    # the format by Accept, as the daemon reads it: each its own file
    html, _ = kept_answers(stack, "/spells?level=2")
    js, n = kept_answers(stack, "/spells?level=2", {"Accept": "application/json"})
    check(n == ASKS and js.headers["content-type"] == "application/json"
          and js.headers.get("access-control-allow-origin") == "*" and js.body != html.body,
          "JSON by Accept, from its own file", js)
    # what nginx cannot tell the way the daemon does goes to the daemon
    s = seed()
    path = "/map?w=6&h=6&seed=%d" % s
    kept_answers(stack, path)
    for headers in ({"Accept": "text/plain"}, {"Accept": "application/json;q=0.5, text/html"},
                    {"Accept": "text/html, text/plain;q=0.1"}):
        r = stack.get(path, headers=headers)
        check(r.status == 200 and "x-cache" not in r.headers, "the daemon's: %r" % headers, r)
    r = stack.get(path, headers={"Accept": "text/plain"})
    check(r.headers["content-type"].startswith("text/plain"), "text/plain is the daemon's", r)
    for q in ("&format=JSON", "&format=json&format=json", "&x=%41"):
        r = stack.get(path + q)
        check("x-cache" not in r.headers, "GET %s%s: the daemon's" % (path, q), r)
    r = stack.request("POST", "/words", body=b"", headers={"Content-Type": "application/x-www-form-urlencoded"})
    check(r.status == 405 and "x-cache" not in r.headers, "POST: the daemon's 405", r)
    # a .dd2vtt's download name is the daemon's to send: not a file, but kept
    # by nginx's cache under the live revision, with the daemon's headers
    vtt = "/dungeon?w=6&h=6&seed=%d&format=vtt" % s
    first = stack.get(vtt)
    check(first.status == 200 and first.headers.get("x-cache") == "MISS"
          and "x-kept-revision" not in first.headers, "vtt: the daemon's first", first)
    for _ in range(2):
        r = stack.get(vtt)
        check(r.status == 200 and r.headers.get("x-cache") == "HIT" and r.body == first.body
              and all(r.headers.get(h) == first.headers.get(h)
                      for h in SAME_HEADERS + ("content-disposition",)),
              "vtt: kept by nginx, the same answer", r, first)
    # an unseeded one, new each time, never
    a = stack.get("/dungeon?w=6&h=6&format=vtt")
    b = stack.get("/dungeon?w=6&h=6&format=vtt")
    check(a.body != b.body and b.headers.get("x-cache") != "HIT", "a fresh .dd2vtt", b)
    # a map or dungeon without a seed is never a file, nor an error
    a, b = stack.get("/map?w=5&h=5"), stack.get("/map?w=5&h=5")
    check(a.body != b.body and "x-cache" not in b.headers, "a fresh map each time", a, b)
    for _ in range(2):
        r = stack.get("/map?w=5&h=5&seed=1&tileset=nosuchset")
        check(r.status == 400 and "x-cache" not in r.headers, "errors from the daemon", r)
    # a HEAD first: the GETs after it get the whole page, from the file
    path = "/dungeon?w=8&h=8&seed=%d" % seed()
    head = stack.request("HEAD", path)
    check(head.status == 200 and head.body == b"", "HEAD", head)
    r = stack.get(path)
    check(r.status == 200 and len(r.body) == int(head.headers["content-length"])
          and r.headers.get("x-cache") == "KEPT", "GET after HEAD: the whole page, kept", r)


def test_a_change_set_moves_nginx_to_the_new_revision(stack):
    word = "keptfile%d" % random.SystemRandom().randint(0, 10**9)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        _, n = kept_answers(stack, path)
        check(n == ASKS and word not in stack.get(path).text, "a file, without the word", path)
    vtt = "/dungeon?w=5&h=5&seed=%d&format=vtt" % seed()
    stack.get(vtt)
    check(stack.get(vtt).headers.get("x-cache") == "HIT", "the .dd2vtt kept", vtt)
    add_word_live(stack, word)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        check(all_show(stack, path, word, 3 * ASKS), "the new revision's word on %s" % path)
        _, n = kept_answers(stack, path)
        check(n == ASKS, "the new revision's page is a file", path, n)
    # the .dd2vtt's key holds the revision: made again at the new one, then kept
    seen = [stack.get(vtt).headers.get("x-cache") for _ in range(3)]
    check(seen[0] == "MISS" and seen[-1] == "HIT", "the .dd2vtt at the new revision", seen)
