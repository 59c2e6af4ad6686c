"""A code of a revision no catalog ever had is a 404, not
a 503 Retry-After: 1 forever. The codes are written here byte by byte from
docs/items.md ("Byte layout"), so the test does not need the daemon to
make a code it would refuse to make."""

import base64
import struct

import lf
from lf import check


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def code(kind, rev, seed, tier=0):
    """A code with no requested parts and power 1 (docs/items.md)."""
    b = bytes([1, kind | tier << 3]) + varint(0) + varint(rev) + varint(8) + struct.pack("<Q", seed)
    h = 0x811C9DC5
    for x in b:
        h = ((h ^ x) * 0x01000193) & 0xFFFFFFFF
    h = (h ^ (h >> 16)) & 0xFFFF
    b += struct.pack("<H", h)
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def test_codes_of_revisions_never_made_are_404(stack):
    newest = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    live = stack.get_json("/catalog.json").json()["revision"]
    # The encoder above is the daemon's: a code of the live revision is an item.
    ok = stack.get("/item/%s?format=json" % code(0, live, 77))
    check(ok.status == 200 and ok.json()["seed"] == "77", "a code written here is an item", ok)
    for rev in (newest + 1, newest + 1000, 2**40):
        for fmt in ("json", "html"):
            r = stack.get("/item/%s?format=%s" % (code(0, rev, 77), fmt))
            check(r.status == 404, "revision %d (newest %d) is not made: 404" % (rev, newest), r)
            check("retry-after" not in r.headers, "no Retry-After on a 404", r.headers)
            check("no such catalog revision" in r.text, "the 404 says why", r)
            if fmt == "json":
                check(lf.first_error(r)["message"].startswith("No item has this code"),
                      "in the client's format", r)


def test_loadouts_with_codes_of_revisions_never_made_are_404(stack):
    """The same check in /loadout (it answered 503 Retry-After: 1 forever):
    404 naming the item, its place in the list and its code."""
    newest = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    live = stack.get_json("/catalog.json").json()["revision"]
    good = code(0, live, 77)
    r = stack.get("/loadout?item=%s&format=json" % good)
    check(r.status == 200, "a loadout of a code written here", r)
    for rev in (newest + 1, 2**40):
        bad = code(0, rev, 78)
        r = stack.get("/loadout?item=%s&item=%s&format=json" % (good, bad))
        check(r.status == 404, "loadout, revision %d (newest %d): 404" % (rev, newest), r)
        check("retry-after" not in r.headers, "no Retry-After on a 404", r.headers)
        e = lf.first_error(r)
        check(e["field"] == "item", "the 404 names the item field", e)
        check("item 2" in e["message"] and bad in e["message"]
              and "no such catalog revision" in e["message"], "which item, and why", e)
        r = stack.get("/loadout?item=%s" % bad)
        check(r.status == 404 and "text/html" in r.headers["content-type"]
              and "no such catalog revision" in r.text, "the same in HTML", r)
