"""Issue 27: the pages the daemon keeps as rendered bytes (src/pagecache.c)
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


def test_a_new_revision_is_a_new_page(stack):
    word = "pagecached%d" % random.SystemRandom().randint(0, 10**9)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        same_every_time(stack, path)  # kept in both worker processes
        check(word not in stack.get(path).text, "not there yet", path)
    stack.change_set(["INSERT INTO weapon_prefix (word, attack, added_rev) "
                      "VALUES ('%s', 1, @rev)" % word])
    deadline = time.monotonic() + 30
    while not all_show(stack, "/words", word) and time.monotonic() < deadline:
        time.sleep(0.1)
    for path in ("/words", "/words?format=json", "/catalog.json"):
        check(all_show(stack, path, word), "the new revision's word on %s" % path)
        same_every_time(stack, path)
