"""gzip through the dev stack's nginx (deploy/nginx-dev.conf.in):
HTML and JSON answers, a cached /item/ answer too, are compressed for a
client that sends Accept-Encoding: gzip, inflate to the very bytes a plain
client gets, and say Vary: Accept-Encoding; a client that does not ask gets
them plain. The production config is checked in test_tls_site.py."""

import gzip
import re

import lf
from lf import check

TARGETS = ["/", "/?seed=7&count=10", "/generate?seed=7&format=json",
           "/generate?seed=7&count=20&format=json", "/words", "/words?format=json",
           "/catalog.json", "/spells", "/map?seed=7&loot=2", "/static/style.css"]


def test_gzip_html_and_json(stack):
    # A catalog change of an earlier test may still be on its way to a
    # worker: the plain and the packed /catalog.json must be of one revision.
    lf.settled(stack)
    for target in TARGETS:
        plain = stack.get(target)
        packed = stack.get(target, headers={"Accept-Encoding": "gzip"})
        check(plain.status == packed.status == 200, "%s: %d / %d" % (target, plain.status,
                                                                     packed.status))
        check("content-encoding" not in plain.headers, "%s: compressed unasked" % target)
        check(packed.headers.get("content-encoding") == "gzip",
              "%s: no Content-Encoding: gzip" % target, packed.headers)
        check("accept-encoding" in packed.headers.get("vary", "").lower(),
              "%s: no Vary: Accept-Encoding" % target, packed.headers)
        body = gzip.decompress(packed.body)
        if target != "/":  # a random item each time
            # (a client without a cookie gets a new csrf token on each page)
            same = [re.sub(rb'name="csrf" value="[0-9a-f]+"', b"", b) for b in (body, plain.body)]
            check(same[0] == same[1], "%s: inflated body differs from the plain one" % target)
        check(len(packed.body) < len(body), "%s: gzip is not smaller" % target)


def test_gzip_catalog_ratio(stack):
    plain = stack.get("/catalog.json")
    packed = stack.get("/catalog.json", headers={"Accept-Encoding": "gzip"})
    print("catalog.json: %d bytes plain, %d gzip" % (len(plain.body), len(packed.body)))
    check(len(packed.body) * 4 < len(plain.body), "catalog.json compresses less than 4:1",
          len(plain.body), len(packed.body))


def test_gzip_cached_item_and_304(stack):
    code = stack.get_json("/generate?seed=11&format=json").json()["code"]
    for _ in range(2):  # a MISS, then a HIT from nginx's cache: both compressed
        r = stack.get("/item/%s?format=json" % code, headers={"Accept-Encoding": "gzip"})
        check(r.status == 200 and r.headers.get("content-encoding") == "gzip",
              "/item/ JSON not compressed", r.status, r.headers)
    etag = r.headers.get("etag", "")
    check(etag.startswith('W/"'), "a compressed answer's ETag should be weak", etag)
    r = stack.get("/item/%s?format=json" % code,
                  headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    check(r.status == 304, "If-None-Match with the weak tag: expected 304", r.status)
