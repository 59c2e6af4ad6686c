"""GET /dungeon and /dungeon/CODE (issue 25, SPEC §13, docs/dungeons.md):
keyed dungeons over HTTP. The items of the key resolve; the PNG decodes at
the documented size; the .dd2vtt parses, its walls on the map's wall
boundaries; a code answers the same bytes after a catalog change (the
level's budget edited, a word added); bad input is a 400 naming the
field."""

import base64
import html
import json
import os
import re
import struct
import zlib

import pytest

import lf
import record_answers
from lf import check

JSON = {"Accept": "application/json"}
PNG_CELL = 10  # docs/dungeons.md: pixels a cell in the pictures of codes of versions 1 to 3


def default_ppg(cw, ch):
    """docs/dungeons.md: a code of version 4's pictures without ppg."""
    return next(p for p in (70, 50, 35, 25, 20) if p * max(cw, ch) <= 4096)


def png_size(body):
    """Width and height from a PNG's IHDR (it must be a PNG)."""
    check(body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR", "a PNG signature",
          body[:16])
    return struct.unpack(">II", body[16:24])


def png_pixels(body):
    """The RGB pixels of a palette PNG of 8 or 4 bits a pixel, row by row
    (bytes each), decoded here (chunk CRCs, zlib's checksum, the five row
    filters): two PNGs of the same picture may differ in bytes (each dungeon
    code version writes its own, docs/dungeons.md) but not in these."""
    w, h = png_size(body)
    depth = body[24]
    check(depth in (4, 8) and body[25:29] == b"\x03\0\0\0", "a palette PNG of 4 or 8 bits",
          body[24:29])
    at, pal, idat = 8, None, b""
    while at < len(body):
        n, kind = struct.unpack(">I4s", body[at:at + 8])
        data = body[at + 8:at + 8 + n]
        check(struct.unpack(">I", body[at + 8 + n:at + 12 + n])[0] ==
              zlib.crc32(kind + data), "the CRC of " + kind.decode())
        if kind == b"PLTE":
            pal = [data[i:i + 3] for i in range(0, n, 3)]
        elif kind == b"IDAT":
            idat += data
        at += 12 + n
    stride = (w * depth + 7) // 8  # bytes a row; filters work on bytes (one a pixel or less)
    raw, rows, prev = zlib.decompress(idat), [], bytes(stride)
    check(len(raw) == h * (stride + 1), "one filter byte and a row's bytes a row", len(raw))
    for y in range(h):
        f, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        check(f <= 4, "a row filter", f)
        if f == 2 and not any(line):  # "up" with nothing to add: the row above
            cur = prev
        else:
            cur = bytearray(stride)
            for x in range(stride):
                a, b, c = cur[x - 1] if x else 0, prev[x], prev[x - 1] if x else 0
                p = a + b - c
                pred = (0, a, b, (a + b) // 2,
                        a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else
                        b if abs(p - b) <= abs(p - c) else c)[f]
                cur[x] = (line[x] + pred) & 0xff
        if depth == 8:
            rows.append(b"".join(pal[i] for i in cur))
        else:
            rows.append(b"".join(pal[cur[x >> 1] >> (4 - 4 * (x & 1)) & 15] for x in range(w)))
        prev = cur
    return rows


@pytest.fixture(autouse=True, scope="module")
def settled_first(stack):
    """A test module before this one may leave a catalog change on its way
    (test_dbres restarts the workers without the database): a dungeon and
    its code, asked for a moment apart, must come from one revision."""
    lf.settled(stack)


def dungeon(stack, query):
    r = stack.get("/dungeon?" + query + "&format=json")
    check(r.status == 200 and r.headers["content-type"] == "application/json",
          "GET /dungeon?%s" % query, r)
    return r.json()


def test_json_rooms_doors_stairs_key(stack):
    d = dungeon(stack, "w=12&h=8&seed=7&tileset=plain&level=5")
    check((d["width"], d["height"], d["level"], d["tileset"], d["seed"], d["hallways"])
          == (12, 8, 5, "plain", "7", 50), "the inputs are echoed", d)
    check(len(d["cells"]) == 48 and all(len(row) == 72 for row in d["cells"]),
          "6h rows of 6w cells", d["cells"])
    rooms = d["rooms"]
    check(len(rooms) >= 2 and [r["number"] for r in rooms] == list(range(1, len(rooms) + 1)),
          "rooms numbered 1..N", [r["number"] for r in rooms])
    check(all(r["stock"] in ("empty", "items", "hoard") for r in rooms), "every room keyed")
    spent = sum(r["coins"] + sum(g["value"] for g in r["gems"]) +
                sum(a["value"] for a in r["art"]) for r in rooms)
    check(spent == d["spent"] <= d["budget"], "the treasure within the budget", spent, d)
    up, down = d["stairs"]["up"], d["stairs"]["down"]
    check(up["room"] != down["room"] and up["room"] >= 1 and down["room"] >= 1,
          "stairs in two rooms", d["stairs"])
    for door in d["doors"]:
        check(door["x0"] == door["x1"] or door["y0"] == door["y1"], "a door is a segment", door)
    check(code_version(d["code"]) == 4, "dungeon codes made now are of version 4", d["code"])
    check(d["link"] == "/dungeon/%s?format=json" % d["code"], "the permanent link, as JSON",
          d["link"])
    check(d["reroll"] == "/dungeon?w=12&h=8&tileset=plain&level=5&hallways=50&format=json",
          "another dungeon of the same inputs, as JSON", d["reroll"])
    again = dungeon(stack, "seed=7&tileset=plain&level=5&w=12&h=8")
    check(again == d, "the same inputs, the same dungeon")
    check(stack.get(d["link"]).body == stack.get("/dungeon?w=12&h=8&seed=7&level=5&format=json")
          .body, "the code's JSON is the dungeon's")
    # docs/api.md's names: snake_case keys, identifiers without spaces, no short names
    keys = set()

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                keys.add(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk({k: v for k, v in d.items() if k != "rooms"})
    for r in rooms:
        walk({k: v for k, v in r.items() if k != "items"})
    check(all(re.fullmatch(r"[a-z][a-z0-9_]*", k) for k in keys), "snake_case keys", keys)
    check(not keys & {"w", "h", "n", "p"}, "no short names", keys)
    check(d["stairs"]["up"]["room"] is None or d["stairs"]["up"]["room"] >= 1, "a stair's room")


def test_items_link_to_their_codes(stack):
    """Each room's items are the item of docs/api.md (test_api.py checks
    every key), linked by version-2 item codes in the answer's format: the
    JSON's links ask for JSON, the page's for HTML."""
    d = dungeon(stack, "w=10&h=10&seed=3&level=8")
    items = [i for r in d["rooms"] for i in r["items"]]
    check(len(items) >= 5, "a 10 x 10 dungeon holds items", len(items))
    check(any(i["kind"] in ("scroll", "wand") for i in items), "scrolls or wands among them")
    check(all(not r["unmade"] for r in d["rooms"]), "the catalog makes every kind")
    for r in d["rooms"]:
        check(r["stock"] == "empty" or r["items"], "a stocked room holds items", r)
    for i in items[:25]:
        check(re.fullmatch(r"/item/A[g-v][A-Za-z0-9_-]+\?format=json", i["link"]) and
              i["link"] == "/item/%s?format=json" % i["code"], "a permanent item link", i)
        check(i["reroll"].startswith("/generate?kind=%s&tier=3&" % i["kind"]),
              "its reroll: its kind at the level's tier", i["reroll"])
        r = stack.get(i["link"])
        check(r.status == 200 and r.json() == i, "the link answers that item, the same JSON", i, r)
    page = stack.get("/dungeon?w=10&h=10&seed=3&level=8").text
    for i in items:
        check('href="/item/%s"' % i["code"] in page, "the key links the item", i)


def test_html_map_and_key(stack):
    r = stack.get("/dungeon?w=12&h=8&seed=11&tileset=walls")
    check(r.status == 200 and r.headers["content-type"].startswith("text/html"), "HTML", r)
    d = dungeon(stack, "w=12&h=8&seed=11&tileset=walls")
    check('viewBox="0 0 72 48" width="936" height="624"' in r.text,
          "drawn to fit: 13 px a cell (960 // 72)", r.text[:3000])
    check(r.text.count('<li id="room-') == len(d["rooms"]), "a key entry per room")
    check('class="doors"' in r.text and "stairs up" in r.text and "stairs down" in r.text,
          "doors and stairs drawn")
    for n in range(1, len(d["rooms"]) + 1):
        check(">%d</text>" % n in r.text, "room %d's number on the map" % n)
    link = re.search(r'class="permalink" href="([^"]+)"', r.text)
    check(link and html.unescape(link.group(1)) == "/dungeon/" + d["code"],
          "the permanent link, as HTML", link)


def test_text(stack):
    r = stack.get("/dungeon?w=6&h=4&seed=5&format=text")
    check(r.status == 200 and r.headers["content-type"].startswith("text/plain"), "text", r)
    # version 4: the doors, the hallways' traps and the total follow the key
    grid, summary, rest = r.text.split("\n\n", 2)
    key = "\n".join(line for line in rest.split("\n\n")[0].split("\n")
                    if not line.startswith("   "))
    lines = grid.split("\n")
    check(len(lines) == 24 and all(len(line) == 36 for line in lines), "6h lines of 6w", lines)
    check(sum(line.count("<") for line in lines) == 1 and
          sum(line.count(">") for line in lines) == 1, "one stair each way", grid)
    d = dungeon(stack, "w=6&h=4&seed=5")
    check(re.match(r"Level 1, %d rooms?; stairs up " % len(d["rooms"]), summary), "the summary",
          summary)
    check(len(key.strip().split("\n")) == len(d["rooms"]), "a key line per room", key)
    t = stack.get("/dungeon?w=6&h=4&seed=5", headers={"Accept": "text/plain"})
    check(t.body == r.body, "Accept: text/plain gets the text")


@pytest.mark.parametrize("w,h", [(12, 8), (30, 30), (1, 1)])
def test_png_size(stack, w, h):
    r = stack.get("/dungeon?w=%d&h=%d&seed=2&format=png" % (w, h))
    check(r.status == 200 and r.headers["content-type"] == "image/png", "a PNG", r)
    ppg = default_ppg(6 * w, 6 * h)
    check(png_size(r.body) == (6 * w * ppg, 6 * h * ppg),
          "%d x %d cells at %d px a cell" % (6 * w, 6 * h, ppg), png_size(r.body))


def unit_walls(cells):
    """Every unit side between a floor cell and a wall cell (or the map's
    edge): ('h', x, y) for the side on horizontal line y from x to x+1,
    ('v', x, y) for vertical line x from y to y+1."""
    ch, cw = len(cells), len(cells[0])

    def floor(x, y):
        return 0 <= x < cw and 0 <= y < ch and cells[y][x] == "."
    out = set()
    for y in range(ch + 1):
        for x in range(cw):
            if floor(x, y - 1) != floor(x, y):
                out.add(("h", x, y))
    for x in range(cw + 1):
        for y in range(ch):
            if floor(x - 1, y) != floor(x, y):
                out.add(("v", x, y))
    return out


def make_code(version, w, h, level, hallways, tileset, revision, seed):
    """A dungeon code from its fields (docs/dungeons.md's byte layout)."""
    raw = bytearray([version, w, h, level, hallways, len(tileset)]) + tileset.encode()
    while True:
        raw.append((revision & 0x7F) | (0x80 if revision >= 0x80 else 0))
        if revision < 0x80:
            break
        revision >>= 7
    raw += struct.pack("<Q", seed)
    h_ = 2166136261
    for b in raw:
        h_ = ((h_ ^ b) * 16777619) & 0xFFFFFFFF
    raw += struct.pack("<H", (h_ ^ (h_ >> 16)) & 0xFFFF)
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


@pytest.mark.parametrize("tileset", ["plain", "walls", "curvy", "crumbling", "ruins"])
def test_vtt(stack, tileset):
    q = "w=9&h=7&seed=21&tileset=%s" % tileset
    if tileset == "ruins":
        # not offered for dungeons made now (one room, no doors); a code
        # of version 3 of it still answers
        r = stack.get("/dungeon?%s&format=json" % q)
        check(r.status == 400 and lf.first_error(r)["field"] == "tileset" and
              "ruins" not in lf.first_error(r)["message"], "ruins is not offered", r)
        rev = dungeon(stack, "w=1&h=1&seed=1")["revision"]
        code = make_code(3, 9, 7, 1, 50, "ruins", rev, 21)
        r = stack.get("/dungeon/%s?format=vtt" % code)
        d = stack.get("/dungeon/%s?format=json" % code).json()
    else:
        r = stack.get("/dungeon?%s&format=vtt" % q)
        d = dungeon(stack, q)
    check(r.status == 200 and "dd2vtt" in r.headers.get("content-disposition", ""),
          "a .dd2vtt download", r)
    v = json.loads(r.body)
    ppg = PNG_CELL if tileset == "ruins" else default_ppg(54, 42)
    doors = [o for o in d["doors"] if o.get("state") != "secret"]
    secret = [o for o in d["doors"] if o.get("state") == "secret"]
    check(v["resolution"]["map_size"] == {"x": 54, "y": 42} and
          v["resolution"]["pixels_per_grid"] == ppg and
          v["resolution"]["map_origin"] == {"x": 0, "y": 0}, "the grid", v["resolution"])
    check(png_size(base64.b64decode(v["image"])) == (54 * ppg, 42 * ppg), "the image is the PNG")
    drawn = set()
    for a, b in v["line_of_sight"]:
        check(a["x"] == b["x"] or a["y"] == b["y"], "a wall is straight", a, b)
        if a["y"] == b["y"]:
            drawn |= {("h", x, a["y"]) for x in range(min(a["x"], b["x"]), max(a["x"], b["x"]))}
        else:
            drawn |= {("v", a["x"], y) for y in range(min(a["y"], b["y"]), max(a["y"], b["y"]))}
    for o in secret:
        drawn -= ({("h", x, o["y0"]) for x in range(min(o["x0"], o["x1"]), max(o["x0"], o["x1"]))}
                  if o["y0"] == o["y1"]
                  else {("v", o["x0"], y) for y in range(min(o["y0"], o["y1"]), max(o["y0"], o["y1"]))})
    check(drawn == unit_walls(d["cells"]), "the walls are exactly the floor's boundaries",
          len(drawn), len(unit_walls(d["cells"])))
    # a secret door is a wall, not a portal; an open one an open portal
    # (codes of version 4; older ones have no states: closed portals)
    check(len(v["portals"]) == len(doors), "a portal per door")
    for p, door in zip(v["portals"], doors):
        check(p["bounds"] == [{"x": door["x0"], "y": door["y0"]},
                              {"x": door["x1"], "y": door["y1"]}] and
              p["closed"] == (door.get("state") != "open"),
              "the portal spans its door", p, door)


def test_code_same_bytes_after_catalog_change(stack):
    d = dungeon(stack, "w=8&h=8&seed=99&level=3")
    code = d["code"]
    before = {f: stack.get("/dungeon/%s?format=%s" % (code, f)) for f in
              ("json", "html", "text", "png", "vtt")}
    for f, r in before.items():
        check(r.status == 200 and "immutable" in r.headers.get("cache-control", "") and
              r.headers.get("etag", "").startswith('"'), "/dungeon/CODE as %s" % f, r)
    check(json.loads(before["json"].body)["rooms"] == d["rooms"],
          "the code's dungeon is the one /dungeon made")
    seen = [stack.get("/dungeon/%s?format=png" % code).headers.get("x-cache") for _ in range(2)]
    check(seen == ["HIT", "HIT"], "nginx keeps /dungeon/CODE (fetched once above)", seen)
    # A change set that edits level 3's budget, edits a plain hallway tile
    # (its weight, which changes every new plain map) and adds a word.
    six = [dungeon(stack, "w=8&h=8&seed=%d" % seed) for seed in range(6)]
    six_bytes = [stack.get("/dungeon/%s?format=json" % x["code"]).body for x in six]
    tile = stack.sql("SELECT name, pattern, edge_n, edge_e, edge_s, edge_w, weight FROM map_tile "
                     "WHERE tileset = 'plain' AND name = 'hall-n1e0s1w0' AND "
                     "retired_rev IS NULL")[0]
    tile_sql = ("INSERT INTO map_tile (tileset, name, pattern, edge_n, edge_e, edge_s, edge_w, "
                "weight, added_rev) VALUES ('plain', '%s', '%s', %s, %s, %s, %s, %%s, @rev)"
                % tuple(tile[:6]))
    retire_tile = ("UPDATE map_tile SET retired_rev = @rev WHERE tileset = 'plain' AND "
                   "name = 'hall-n1e0s1w0' AND retired_rev IS NULL")
    row = stack.sql("SELECT budget_per_room, tier, empty_pct, items_pct, hoard_pct, items_max, "
                    "gem_value, art_value FROM dungeon_treasure WHERE level = 3 AND "
                    "retired_rev IS NULL")[0]
    stack.change_set([
        "UPDATE dungeon_treasure SET retired_rev = @rev WHERE level = 3 AND retired_rev IS NULL",
        "INSERT INTO dungeon_treasure (level, budget_per_room, tier, empty_pct, items_pct, "
        "hoard_pct, items_max, gem_value, art_value, added_rev) VALUES (3, %d, %s, 0, 0, 100, "
        "%s, %s, %s, @rev)" % (int(row[0]) * 10, row[1], row[5], row[6], row[7]),
        retire_tile, tile_sql % 100,
        "INSERT INTO weapon_prefix (word, attack, added_rev) VALUES ('dungeonic', 2, @rev)"])
    try:
        lf.settled(stack)
        now = dungeon(stack, "w=8&h=8&seed=99&level=3")
        check(now["code"] != code and all(r["stock"] == "hoard" for r in now["rooms"]),
              "a new dungeon follows the new budget", now["rooms"][:2])
        changed = [x for x in six if dungeon(stack, "w=8&h=8&seed=" + x["seed"])["cells"]
                   != x["cells"]]
        check(changed, "the new tile weight: other maps for new dungeons")
        for x, body in zip(six, six_bytes):
            # An Accept naming text/plain keeps its whole header in nginx's
            # key (deploy/, $lf_text_key): a key of its own, so the daemon
            # makes the answer again (X-Cache: MISS); format= decides.
            again = stack.get("/dungeon/%s?format=json" % x["code"],
                              headers={"Accept": "text/plain;q=0.1, */*"})
            check(again.headers.get("x-cache") == "MISS" and again.body == body,
                  "an old code keeps its map after the tile's edit (seed %s)" % x["seed"])
        for f, r in before.items():
            # As above: a key of its own, so the daemon makes it again.
            again = stack.get("/dungeon/%s?format=%s" % (code, f),
                              headers={"Accept": "text/plain;q=0.2, */*;q=0.5"})
            check(again.status == 200 and again.headers.get("x-cache") == "MISS",
                  "made again by the daemon", again.headers)
            check(again.body == r.body, "the old code answers the same bytes as %s" % f)
            check(stack.get("/dungeon/%s?format=%s" % (code, f),
                            headers={"If-None-Match": r.headers["etag"]}).status == 304,
                  "304 for its ETag")
    finally:
        stack.change_set([
            "UPDATE dungeon_treasure SET retired_rev = @rev WHERE level = 3 AND "
            "retired_rev IS NULL",
            "INSERT INTO dungeon_treasure (level, budget_per_room, tier, empty_pct, items_pct, "
            "hoard_pct, items_max, gem_value, art_value, added_rev) VALUES (3, %s, %s, %s, %s, "
            "%s, %s, %s, %s, @rev)" % tuple(row), retire_tile, tile_sql % tile[6]])


V1_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dungeon_v1")
V1_TYPES = {"json": "application/json", "html": "text/html", "text": "text/plain",
            "png": "image/png", "vtt": "application/json"}


def test_v1_codes_keep_their_bytes(stack):
    """Dungeon codes of version 1 answer, in every format, the bytes they
    answered before codes of version 2 (recorded by record_answers.py
    --dungeon-v1 with that daemon; docs/dungeons.md): the old JSON (w, h,
    items as {kind, name, link}), items linked by version-1 item codes."""
    codes = sorted({f.split(".")[0] for f in os.listdir(V1_DIR)})
    check(len(codes) == len(record_answers.DUNGEON_V1_INPUTS), "the recorded codes", codes)
    for code in codes:
        check(code.startswith("AQ"), "a version-1 dungeon code", code)
        for fmt, ext in record_answers.DUNGEON_FORMATS:
            with open(os.path.join(V1_DIR, "%s.%s" % (code, ext)), "rb") as f:
                want = f.read()
            r, body = record_answers.dungeon_answer(stack, code, fmt)
            check(r.status == 200 and r.headers["content-type"].startswith(V1_TYPES[fmt]),
                  "/dungeon/%s as %s" % (code, fmt), r)
            check(body == want, "/dungeon/%s as %s: the recorded bytes" % (code, fmt),
                  body[:300], want[:300])
        with open(os.path.join(V1_DIR, code + ".json"), "rb") as f:
            old = json.loads(f.read())
        links = [i["link"] for room in old["rooms"] for i in room["items"]]
        check(links and all(re.fullmatch(r"/item/A[Q-f][A-Za-z0-9_-]+", x) for x in links),
              "its items by version-1 item codes", links)
        # Its twin of version 2 (the same bytes but the version and the
        # checksum) is the same dungeon in the new language.
        twin = v2_twin(code)
        new = stack.get("/dungeon/%s?format=json" % twin).json()
        check(new["code"] == twin and new["cells"] == old["cells"] and
              [[i["name"] for i in r["items"]] for r in new["rooms"]] ==
              [[i["name"] for i in r["items"]] for r in old["rooms"]],
              "version 2: the same dungeon and items", twin)
        # the same picture, in bytes of its own (pngwrite, docs/dungeons.md)
        with open(os.path.join(V1_DIR, code + ".png"), "rb") as f:
            check(png_pixels(stack.get("/dungeon/%s?format=png" % twin).body) ==
                  png_pixels(f.read()), "version 2: the same PNG pixels", twin)
        with open(os.path.join(V1_DIR, code + ".dd2vtt"), "rb") as f:
            old_vtt = json.loads(f.read())
        new_vtt = stack.get("/dungeon/%s?format=vtt" % twin).json()
        old_png, new_png = (base64.b64decode(v.pop("image")) for v in (old_vtt, new_vtt))
        check(new_vtt == old_vtt and png_pixels(new_png) == png_pixels(old_png),
              "version 2: the same .dd2vtt, its image the same pixels", twin)
        with open(os.path.join(V1_DIR, code + ".txt"), "rb") as f:
            check(stack.get("/dungeon/%s?format=text" % twin).body ==
                  f.read().replace(code.encode(), twin.encode()), "version 2: the same text")
        page = stack.get("/dungeon/" + twin).text
        check(re.findall(r'href="/item/([^"]+)"', page) == [i["code"] for r in new["rooms"]
                                                            for i in r["items"]],
              "version 2: the page links its items by version-2 codes")


def code_version(code):
    """A dungeon code's version byte (docs/dungeons.md)."""
    return base64.urlsafe_b64decode(code[:4])[0]


def v2_twin(code, version=2):
    """The dungeon code of another version (2 unless said) of the same
    inputs as a code (docs/dungeons.md: a version byte, then FNV-1a folded
    to 16 bits)."""
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[0] = version
    h = 2166136261
    for b in raw[:-2]:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    raw[-2:] = struct.pack("<H", (h ^ (h >> 16)) & 0xFFFF)
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


BAD = [
    ("w=0", "w"), ("w=31", "w"), ("h=x", "h"), ("seed=-1", "seed"),
    ("seed=18446744073709551616", "seed"), ("tileset=nope", "tileset"),
    ("tileset=Bad%20Name", "tileset"), ("level=0", "level"), ("level=21", "level"),
    ("level=abc", "level"), ("hallways=101", "hallways"), ("hallways=-1", "hallways"),
    ("format=gif", "format"), ("level=2&level=3", "level"),
]


@pytest.mark.parametrize("query,field", BAD)
def test_bad_input(stack, query, field):
    r = stack.get("/dungeon?" + query, headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == field, "a 400 naming " + field, r)
    r = stack.get("/dungeon?" + query)
    check(r.status == 400 and '<strong class="error-field">%s</strong>' % field in r.text,
          "in HTML too", r)


@pytest.mark.parametrize("query", ["w=12&h=8&seed=7&level=5",
                                   "w=30&h=30&seed=11&level=20&tileset=walls",
                                   "w=5&h=9&seed=3&hallways=100&tileset=crumbling"])
def test_version_3_is_version_2_but_the_picture_bytes(stack, query):
    """A code of version 3 (the twin of one made now, of version 4); its
    version-2 twin (the same inputs)
    answers the same JSON, page and text but for the code, and the same
    picture in other bytes: version 3's PNG is 4 bits a pixel
    (docs/dungeons.md), the .dd2vtt the same but for its image."""
    d = dungeon(stack, query)
    check(code_version(d["code"]) == 4, "made now: version 4", d["code"])
    three = v2_twin(d["code"], 3)
    two = v2_twin(three)
    for fmt in ("json", "html", "text"):
        a = stack.get("/dungeon/%s?format=%s" % (three, fmt))
        b = stack.get("/dungeon/%s?format=%s" % (two, fmt))
        check(a.status == b.status == 200, "both codes answer " + fmt, a, b)
        check(a.body == b.body.replace(two.encode(), three.encode()),
              "%s: the same bytes but the code" % fmt, a.body[:200], b.body[:200])
    p3, p2 = (stack.get("/dungeon/%s?format=png" % c).body for c in (three, two))
    check(p3[24] == 4 and p2[24] == 8, "version 3 at 4 bits a pixel, version 2 at 8",
          p3[24], p2[24])
    check(png_pixels(p3) == png_pixels(p2), "the same pixels")
    check(len(p3) < len(p2), "version 3's PNG is the smaller", len(p3), len(p2))
    v3, v2 = (stack.get("/dungeon/%s?format=vtt" % c).json() for c in (three, two))
    i3, i2 = (base64.b64decode(v.pop("image")) for v in (v3, v2))
    check(v3 == v2 and i3 == p3 and i2 == p2, "the .dd2vtt: the same but its image, the PNG")


def test_bad_codes(stack):
    for code in ("x", "AAAAAAAAAAAAAAAAAAAAAAAA", "not-a-code!", "A" * 200):
        r = stack.get("/dungeon/" + code, headers=JSON)
        check(r.status == 404, "a malformed code is a 404", code, r)
    d = dungeon(stack, "w=3&h=3&seed=1")
    bent = d["code"][:-1] + ("A" if d["code"][-1] != "A" else "B")
    check(stack.get("/dungeon/" + bent, headers=JSON).status == 404, "a wrong checksum")
    r = stack.get("/dungeon/%s?w=3" % d["code"], headers=JSON)
    check(r.status == 200, "other fields are ignored on a code's page", r)
    r = stack.get("/dungeon/%s?format=xml" % d["code"], headers=JSON)
    check(r.status == 400 and lf.first_error(r)["field"] == "format", "a bad format", r)


def test_error_form_keeps_values(stack):
    r = stack.get("/dungeon?w=31&h=5&tileset=curvy&level=9&hallways=80")
    check(r.status == 400, "400", r)
    for name, value in (("w", "31"), ("h", "5"), ("level", "9"), ("hallways", "80")):
        check(re.search(r'name="%s"[^>]*value="%s"' % (name, value), r.text),
              "%s keeps %s" % (name, value))
    check('<option value="curvy" selected>' in r.text and '<option value="plain">' in r.text,
          "the tilesets listed, curvy selected")


def test_print_stylesheet_hides_the_form(stack):
    css = stack.get("/static/style.css").text
    block = css[css.index("@media print"):]
    check("form.generate" in block and "header.site" in block, "printing hides the form and nav")


def test_map_links_to_dungeons(stack):
    check('href="/dungeon"' in stack.get("/map").text, "/map offers the keyed dungeon")
