"""What is in a room (SPEC §16, docs/dungeons.md "Dressing"), over HTTP:
a dungeon of code version 4 gives every door a state, every room a
description, occupants and traps (lists), the hallways' traps at the top;
the page and the text say them; a code of version 3 of the same inputs
answers as it did (no dressing in its JSON, page or text); the export
carries the dressing rows."""

import base64
import struct

import pytest

import lf
from lf import check

STATES = {"open", "closed", "locked", "stuck", "trapped", "secret"}


@pytest.fixture(autouse=True, scope="module")
def settled_first(stack):
    lf.settled(stack)


def twin(code, version):
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[0] = version
    h = 2166136261
    for b in raw[:-2]:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    raw[-2:] = struct.pack("<H", (h ^ (h >> 16)) & 0xFFFF)
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def dungeon(stack, query):
    r = stack.get("/dungeon?" + query + "&format=json")
    check(r.status == 200, "GET /dungeon?" + query, r)
    return r.json()


@pytest.mark.parametrize("tileset", ["plain", "walls", "curvy", "crumbling"])
@pytest.mark.parametrize("level", [1, 8, 17])
def test_every_door_and_room_dressed(stack, tileset, level):
    d = dungeon(stack, "w=14&h=10&seed=%d&tileset=%s&level=%d" % (level * 7, tileset, level))
    check(base64.urlsafe_b64decode(d["code"][:4])[0] == 4, "a code of version 4", d["code"])
    check(d["doors"] and all(o["state"] in STATES for o in d["doors"]),
          "every door has a state", d["doors"])
    for r in d["rooms"]:
        check(isinstance(r["description"], str) and r["description"].endswith("."),
              "a room's description is sentences", r)
        check(isinstance(r["occupants"], list) and len(r["occupants"]) <= 1, "occupants", r)
        for o in r["occupants"]:
            check(o["count"] >= 1 and o["text"] == "%d %s" % (o["count"], o["name"]),
                  "occupants as '3 goblins'", o)
        check(isinstance(r["traps"], list) and len(r["traps"]) <= 1, "traps", r)
        for t in r["traps"]:
            check(t["name"] and t["effect"], "a trap has a name and an effect", t)
    check(isinstance(d["traps"], list), "hallway traps at the top", d)
    for t in d["traps"]:
        check(d["cells"][t["y"]][t["x"]] == "." and t["name"] and t["effect"],
              "a hallway trap on floor", t)


def test_page_and_text_say_it(stack):
    d = dungeon(stack, "w=12&h=8&seed=11&level=9")
    page = stack.get("/dungeon/" + d["code"]).text
    text = stack.get("/dungeon/" + d["code"] + "?format=text").text
    for r in d["rooms"]:
        check(r["description"] in page.replace("&#39;", "'"), "the page holds the description",
              r["description"])
        check("   " + r["description"] in text, "the text holds the description", r)
        for o in r["occupants"]:
            check("Occupants: %s." % o["text"] in text and o["text"] in page,
                  "occupants in text and page", o)
    check('<ol class="dungeon-doors">' in page, "the page lists the doors", page[-2000:])
    for i, o in enumerate(d["doors"]):
        check("Door %d (room %d" % (i + 1, o["room"]) in text, "each door a line", i)
        check(text.count(": " + o["state"] + "\n") >= 1, "with its state", o)


def test_version_3_twin_answers_as_before(stack):
    d = dungeon(stack, "w=12&h=8&seed=11&level=9")
    v3 = twin(d["code"], 3)
    j = stack.get("/dungeon/" + v3 + "?format=json").json()
    check("state" not in j["doors"][0] and "description" not in j["rooms"][0]
          and "traps" not in j, "version 3 holds no dressing", j["rooms"][0])
    check(j["cells"] == d["cells"] and len(j["rooms"]) == len(d["rooms"]),
          "the same dungeon", j["code"])
    page = stack.get("/dungeon/" + v3).text
    text = stack.get("/dungeon/" + v3 + "?format=text").text
    check("dungeon-doors" not in page and 'class="dress"' not in page, "no dressing on its page")
    check("Door 1" not in text and "Occupants:" not in text, "no dressing in its text")
    # the pictures: version 3's at 10 px a cell as before, version 4's at
    # its default ppg (docs/dungeons.md, "The pictures")
    a = stack.get("/dungeon/" + v3 + "?format=png").body
    b = stack.get("/dungeon/" + d["code"] + "?format=png").body
    check(struct.unpack(">II", a[16:24]) == (720, 480) and
          struct.unpack(">II", b[16:24]) == (3600, 2400), "10 px a cell, and 50")


def test_export_carries_the_dressing(stack):
    r = stack.get("/catalog.json")
    check(r.status == 200, "GET /catalog.json", r)
    rows = r.json().get("dungeon_dressing")
    check(rows and {row[1] for row in rows} >= {"door", "trap", "occupant", "feature",
                                                 "sound", "smell"},
          "every kind of dressing in the export", rows and rows[:3])


def test_the_key_a_gm_reads(stack):
    """Each item's value and stats, each room's total (the sum of its
    parts), the dungeon's; a gem or art object worth the same by name at
    every level."""
    worth = {}
    for level in (1, 4, 5, 10, 11, 17, 20):
        d = dungeon(stack, "w=16&h=12&seed=%d&level=%d" % (100 + level, level))
        total = 0
        for r in d["rooms"]:
            parts = r["coins"] + sum(v["value"] for v in r["gems"] + r["art"])
            parts += sum(it["value"] for it in r["items"])
            check(r["total"] == parts, "a room's total is the sum of its parts", r)
            total += r["total"]
            for v in r["gems"] + r["art"]:
                check(worth.setdefault(v["name"], v["value"]) == v["value"],
                      "a valuable's value by its name", v, worth)
        check(d["total"] == total, "the dungeon's total", d["total"], total)
        check(d["spent"] <= d["budget"], "within budget", d["spent"], d["budget"])
        text = stack.get("/dungeon/" + d["code"] + "?format=text").text
        check("Treasure in all: %d gp." % total in text, "the text's total", text[-300:])
        page = stack.get("/dungeon/" + d["code"]).text
        check("Treasure in all: <strong>%d gp</strong>" % total in page, "the page's total")
        for r in d["rooms"]:
            for it in r["items"]:
                check("%d gp</span>" % it["value"] in page, "each item's value on the page",
                      it["name"])
    check(len(worth) >= 4, "valuables seen", worth)


def test_fresh_pictures_are_limited_seeded_ones_not(stack):
    """nginx holds fresh pictures (format=png or vtt, no seed) to a rate per
    client with a burst of 20 (deploy/nginx-dev.conf.in, lf_pictures):
    sixty asked back to back meet a 429 that says when to come back;
    seeded ones and fresh JSON are not limited."""
    seeded = [stack.get("/dungeon?w=1&h=1&seed=%d&format=png" % i).status for i in range(30)]
    check(all(s == 200 for s in seeded), "seeded pictures are not limited", seeded)
    fresh = [stack.get("/dungeon?w=1&h=1&format=png") for _ in range(60)]
    codes = [r.status for r in fresh]
    check(codes[0] == 200 and 429 in codes, "fresh pictures meet the limit", codes)
    r = next(r for r in fresh if r.status == 429)
    check(r.headers.get("retry-after"), "a 429 says when to come back", r.headers)
    check(stack.get("/dungeon?w=1&h=1&format=json").status == 200, "fresh JSON is not limited")


def test_ruins_not_offered_for_dungeons(stack):
    """A tileset of room pieces only (ruins) makes one room with no doors:
    the form does not offer it, /dungeon refuses it naming the ones it
    offers; /map keeps it."""
    page = stack.get("/dungeon").text
    check('<option value="plain"' in page and '<option value="ruins"' not in page,
          "the form offers no ruins", page[:3000])
    r = stack.get("/dungeon?tileset=ruins&seed=3&format=json")
    err = lf.first_error(r)
    check(r.status == 400 and err["field"] == "tileset" and "plain" in err["message"]
          and "ruins" not in err["message"], "a 400 naming the offered tilesets", r)
    check(stack.get("/map?w=3&h=3&seed=3&tileset=ruins&format=json").status == 200,
          "/map keeps ruins")
