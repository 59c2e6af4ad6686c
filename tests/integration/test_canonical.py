"""One reading of a request for nginx's cache and the daemon (docs/stack.md,
"Canonical queries"): a route whose answers nginx keeps (/item/CODE,
/dungeon/CODE, /catalog.json?rev=R, a seeded /dungeon's .dd2vtt) is kept
only under the one spelling of its query, so that no request can store an
answer under the key of another. Each test runs on both nginx
configurations: the dev stack's (deploy/nginx-dev.conf.in) and the
production site's (deploy/nginx-site.conf, through `nginx -t` and a served
copy, as test_tls_site.py runs it)."""

import http.client
import json
import os
import random
import time

import pytest

from lf import check
from test_tls_site import get as site_get, production_site

TIMEOUT = 5
RNG = random.SystemRandom()


class Site:
    """One nginx in front of the test stack's daemon."""

    def __init__(self, name, port, tls, cache_dir):
        self.name, self.port, self.tls, self.cache_dir = name, port, tls, cache_dir
        self.last = 0.0

    def fetch(self, method, target, headers=None):
        if self.tls:
            # The production site limits a client to 20 requests a second
            # (a burst of 40): kept under it, a test's answers are its own
            # and not the 429 of the tests before it.
            wait = self.last + 0.055 - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.last = time.monotonic()
            return site_get(self.port, target, True, method, headers, timeout=TIMEOUT)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            conn.request(method, target, headers=dict(headers or {}))
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    def get(self, target, headers=None):
        return self.fetch("GET", target, headers)

    def cache_files(self):
        """Every file of nginx's cache directory with its size."""
        out = {}
        for d, _, files in os.walk(self.cache_dir):
            for f in files:
                p = os.path.join(d, f)
                try:
                    out[p] = os.path.getsize(p)
                except OSError:
                    pass
        return out


@pytest.fixture(scope="module", params=["dev", "site"])
def site(request, stack):
    if request.param == "dev":
        yield Site("dev", stack.port, False, os.path.join(stack.var, "tmp", "nginx", "items"))
        return
    with production_site(stack) as (_, p443, tmp):
        yield Site("site", p443, True, os.path.join(tmp, "items"))


def fresh_item(site):
    seed = RNG.randint(1, 2**40)
    status, _, body = site.get("/generate?kind=weapon&seed=%d&format=json" % seed)
    check(status == 200, "%s: generate" % site.name, status, body[:200])
    return json.loads(body)["code"]


def fresh_dungeon(site):
    seed = RNG.randint(1, 2**40)
    status, _, body = site.get("/dungeon?w=5&h=5&seed=%d&format=json" % seed)
    check(status == 200, "%s: dungeon" % site.name, status, body[:200])
    return json.loads(body)["code"]


def current_revision(site):
    status, _, body = site.get("/catalog.json")
    check(status == 200, "%s: /catalog.json" % site.name, status, body[:200])
    return json.loads(body)["revision"]


def not_kept(site, target, answer, want_location=None):
    """A spelling that is not the canonical one: never an answer nginx or a
    browser could keep (no-store, and not from nginx's cache); a redirect
    says where the canonical one is."""
    status, h, body = answer
    check(h.get("x-cache") != "HIT", "%s %s: from nginx's cache" % (site.name, target), h)
    check(h.get("cache-control") == "no-store",
          "%s %s: the answer may be kept" % (site.name, target), h)
    if want_location is not None:
        check(status == 301 and h.get("location") == want_location,
              "%s %s: not a redirect to %s" % (site.name, target, want_location), status, h)


def test_item_upper_case_name_does_not_poison_the_json_key(site):
    code = fresh_item(site)
    target = "/item/%s?FORMAT=json" % code
    not_kept(site, target, site.get(target))  # an unknown name: ignored, not kept
    status, h, body = site.get("/item/%s?format=json" % code)
    check(status == 200 and h["content-type"].startswith("application/json"),
          "%s: ?format=json answers %s" % (site.name, h.get("content-type")), h, body[:120])
    check(json.loads(body)["code"] == code, "%s: not the item" % site.name)


def test_item_escaped_name_does_not_poison_the_browsers_key(site):
    code = fresh_item(site)
    target = "/item/%s?f%%6frmat=json" % code
    not_kept(site, target, site.get(target), "/item/%s?format=json" % code)
    status, h, body = site.get("/item/" + code, {"Accept": "text/html"})
    check(status == 200 and h["content-type"].startswith("text/html"),
          "%s: a plain GET answers %s" % (site.name, h.get("content-type")), h, body[:120])


def test_item_unknown_names_and_escapes_lead_to_one_spelling(site):
    code = fresh_item(site)
    path = "/item/" + code
    for target, where in [(path + "?utm_source=x", None),
                          (path + "?format=json&utm_source=x", None),
                          (path + "?utm_source=x&f%6Frmat=json", path + "?format=json"),
                          (path + "?format=json&", path + "?format=json"),
                          (path + "?format=%6Ason", path + "?format=json"),
                          (path + "?format=&x=1", None),
                          (path + "?", "")]:
        status, h, body = site.get(target)
        if where == "":  # "?" alone: nginx's $args is empty, as the daemon's query
            check(status == 200, "%s %s" % (site.name, target), status, body[:200])
            continue
        not_kept(site, target, (status, h, body), where)
    # a name given twice has no canonical form: 400 naming it
    status, h, body = site.get(path + "?format=json&format=html")
    check(status == 400 and b"format" in body and h.get("cache-control") == "no-store",
          "%s: a repeated name" % site.name, status, body[:200])
    # the canonical spelling is kept and found again
    seen = [site.get(path + "?format=json")[1].get("x-cache") for _ in range(2)]
    check(seen[1] == "HIT", "%s: the canonical spelling is not kept" % site.name, seen)


def test_item_path_is_read_decoded_on_both_sides(site):
    """nginx's $uri and the daemon's DOCUMENT_URI are the same decoded path:
    /item/%43ODE is /item/CODE for both, one entry."""
    code = fresh_item(site)
    status, h, body = site.get("/item/" + code)
    check(status == 200, "%s: /item/CODE" % site.name, status, body[:200])
    spelled = "/item/%%%02X%s" % (ord(code[0]), code[1:])
    status2, h2, body2 = site.get(spelled)
    check(status2 == 200 and body2 == body and h2.get("x-cache") == "HIT",
          "%s: %s is not /item/%s's entry" % (site.name, spelled, code), status2, h2)


def test_dungeon_code_first_name_does_not_poison_json(site):
    code = fresh_dungeon(site)
    target = "/dungeon/%s?FORMAT=json&format=vtt" % code
    not_kept(site, target, site.get(target))
    target = "/dungeon/%s?format=vtt&F%%4fRMAT=json" % code
    not_kept(site, target, site.get(target), "/dungeon/%s?format=vtt" % code)
    status, h, body = site.get("/dungeon/%s?format=json" % code)
    check(status == 200 and "content-disposition" not in h and json.loads(body)["code"] == code,
          "%s: ?format=json answers the .dd2vtt download" % site.name, h, body[:120])


def test_export_upper_case_rev_does_not_poison_a_revision(site):
    rev = current_revision(site)
    other = 1 if rev != 1 else 2
    # a header of its own, so that the key is fresh whatever the cache holds
    accept = {"Accept": "application/json;q=0.9, x/y-%d" % RNG.randint(1, 2**40)}
    target = "/catalog.json?REV=%d&rev=%d" % (rev, other)
    not_kept(site, target, site.get(target, accept))
    status, h, body = site.get("/catalog.json?rev=%d" % rev, accept)
    check(status == 200 and json.loads(body)["revision"] == rev,
          "%s: ?rev=%d answers another revision" % (site.name, rev), status, body[:120])


def rev_spellings(rev):
    digits = str(rev)
    out = ["0" * k + digits for k in range(1, 21 - len(digits))]
    for i in range(len(digits)):
        out.append(digits[:i] + "%%3%s" % digits[i] + digits[i + 1:])
        out.append("0" + digits[:i] + "%%3%s" % digits[i] + digits[i + 1:])
    out.append("".join("%%3%s" % d for d in digits))
    return out


def test_a_flood_of_rev_spellings_adds_nothing_to_the_cache(site):
    rev = current_revision(site)
    canonical = "/catalog.json?rev=%d" % rev
    site.get(canonical)
    before = site.cache_files()
    for spelling in rev_spellings(rev):
        target = "/catalog.json?rev=" + spelling
        not_kept(site, target, site.get(target), canonical)
        not_kept(site, target, site.fetch("HEAD", target), canonical)
    after = site.cache_files()
    new = sorted(set(after) - set(before))
    grown = sum(after.values()) - sum(before.values())
    check(not new and grown <= 0,
          "%s: %d rev spellings added %d files, %d bytes to nginx's cache"
          % (site.name, len(rev_spellings(rev)), len(new), grown), new[:5])
    status, h, body = site.get(canonical)
    check(status == 200 and h.get("x-cache") == "HIT" and json.loads(body)["revision"] == rev,
          "%s: the canonical spelling is no longer a HIT" % site.name, status, h)


def test_seeded_dungeon_spellings_are_not_kept_by_nginx(site):
    """A seeded /dungeon's .dd2vtt is kept by nginx's cache (@dungeon_kept):
    under its canonical spelling only."""
    seed = RNG.randint(1, 2**40)
    canonical = "/dungeon?w=5&h=5&seed=%d&format=vtt" % seed
    before = site.cache_files()
    for target in ["/dungeon?w=05&h=5&seed=%d&format=vtt" % seed,
                   "/dungeon?w=5&h=5&seed=0%d&format=vtt" % seed,
                   "/dungeon?h=5&w=5&seed=%d&format=vtt" % seed,
                   "/dungeon?w=5&h=5&seed=%d&format=vtt&x=1" % seed]:
        seen = []
        for _ in range(2):
            status, h, _ = site.get(target)
            check(status == 200 and "dd2vtt" in h.get("content-disposition", ""),
                  "%s %s: the download" % (site.name, target), status, h)
            seen.append(h.get("x-cache"))
        check("HIT" not in seen, "%s %s: nginx kept a spelling that is not canonical"
              % (site.name, target), seen)
    after = site.cache_files()
    check(not set(after) - set(before), "%s: the spellings added files to the cache" % site.name,
          sorted(set(after) - set(before))[:5])
    seen = [site.get(canonical)[1].get("x-cache") for _ in range(2)]
    check(seen == ["MISS", "HIT"], "%s: the canonical spelling is kept" % site.name, seen)


def test_export_at_the_current_revision_is_the_current_export(site):
    """The same revision is the same catalog: /catalog.json?rev=R for the
    current R carries what /catalog.json does, the map tiles included."""
    status, _, plain = site.get("/catalog.json")
    check(status == 200, "%s: /catalog.json" % site.name, status)
    cur = json.loads(plain)
    check(cur.get("tilesets"), "%s: the current export has no tiles" % site.name)
    status, _, at = site.get("/catalog.json?rev=%d" % cur["revision"])
    check(status == 200, "%s: ?rev=" % site.name, status)
    check(json.loads(at) == cur, "%s: ?rev=%d is not the current export (keys %s vs %s)"
          % (site.name, cur["revision"], sorted(json.loads(at)), sorted(cur)))
