"""The pictures at the table's scale (SPEC §16, docs/dungeons.md "The
pictures"): ppg (pixels a grid cell, 20..200, the picture at most 4096 px a
side; the default the largest of 70, 50, 35, 25, 20 that fits) and grid=0|1
on a dungeon's PNG and .dd2vtt; the doors' states drawn on the PNG and
carried into the .dd2vtt (a secret door a wall, a locked one a closed
portal); CORS on the PNG and the text; the pictures of older codes (versions
1 to 3) without ppg or grid keep every byte."""

import base64
import hashlib
import json
import urllib.parse

import pytest

import lf
from lf import check
from test_dungeon import make_code, png_pixels, png_size, unit_walls, v2_twin

PIXELS_MAX = 4096
DEFAULTS = (70, 50, 35, 25, 20)
DIGIT = bytes([0x19, 0x19, 0x4C])  # the room numbers' colour

# The four version-1 codes of tests/integration/dungeon_v1 and their twins of
# versions 2 and 3 (the same inputs and revision): the SHA-256 of each
# picture and text as they answered before ppg and grid were read, at 10 px
# a cell.
OLD_CODES = ["AQYEATIFcGxhaW6GBgUAAAAAAAAAe8E", "AQoKCDIFcGxhaW6GBgMAAAAAAAAAfIM",
             "AQkHDBQFd2FsbHOGBhUAAAAAAAAA_Rk", "AQUGFFoJY3J1bWJsaW5nhgYCAAAAAAAAAOca"]
OLD_HASHES = {
    (OLD_CODES[0], 1, "png"):
        "b4253dc90b60d7daaa462268c48f031f9d77df5d6e51f023edce28a3ff290fc6",
    (OLD_CODES[1], 1, "png"):
        "4ecaebaaf013f38a87de9c3d2434db801ec09fe07a56b1e39a1e4434635e5cab",
    (OLD_CODES[2], 1, "png"):
        "cc141d307a78733b099659f7e933accd1157c6ac91f3ca930dc174f308805ca8",
    (OLD_CODES[3], 1, "png"):
        "e61045c42f017a1d8e42caca210ce048e44b7fe4bf21cbe041a2c4d109058a14",
    (OLD_CODES[0], 2, "png"):
        "1477a981b331974bb8a5a78c6ffa8ad43e2a42cb714abf5b7b2e358ec557fa34",
    (OLD_CODES[1], 2, "png"):
        "78e3ceed7f568c557e9f1d747a3b4a8d4c6055cfe06b22072d09994205818b51",
    (OLD_CODES[2], 2, "png"):
        "4d085600e95a8a0b40ddee98236117d29b118f8682e30ecce4c0c2bea09f7761",
    (OLD_CODES[3], 2, "png"):
        "67e3cc8433f2a94b132ef98f3168c3382ee657577abf3a5774ac5065318c348d",
    (OLD_CODES[0], 3, "png"):
        "6fac0fcfef1f3d310624f755ca90ce703e8cc7cda01a03a413e283bf9ec012ae",
    (OLD_CODES[1], 3, "png"):
        "3d24737afa1b69477b3f5ad32960a0fae045ea72c0620c4714822f003eec583e",
    (OLD_CODES[2], 3, "png"):
        "58adaffce78dc16aa462ba672937e0634e3b795af05085fd434cfc2a0ff400f3",
    (OLD_CODES[3], 3, "png"):
        "c4877ac3b84663495556039a1aa3dce9588e867e5e250855ebd85d4f83018760",
    (OLD_CODES[0], 1, "vtt"):
        "52855614150a41592d234bcdfa498d60c8de26799d354ca8914fcd540abe437f",
    (OLD_CODES[1], 1, "vtt"):
        "8c0bb2f3ce89590e531aaf3ba94be1dbc3478d03aed85e26f08f2d3bb9a27084",
    (OLD_CODES[2], 1, "vtt"):
        "5a7d3195d6b6acf9be407b4edb48f5592bc80d883e3e9a661ab61e0ee49811ba",
    (OLD_CODES[3], 1, "vtt"):
        "08131f583774375bd80d361eafd4197c2becaa5e9401869545da79239244766b",
    (OLD_CODES[0], 2, "vtt"):
        "887380d72d0b6cada2a27d2f0ee13199e60a1523ab5b649a97ad0660f22ed1be",
    (OLD_CODES[1], 2, "vtt"):
        "a12a72d2bb1dcce26046615a4a7912019e115f341939fb68508f161a98985de5",
    (OLD_CODES[2], 2, "vtt"):
        "60e99a204058d3331422395563799a3a3b08164c3864b41b6b8e5008b8a4d66d",
    (OLD_CODES[3], 2, "vtt"):
        "e20d54267f80e2385492cacba5b05580a1e9a640f6f5c7b83733159826c9b670",
    (OLD_CODES[0], 3, "vtt"):
        "39b52b634f7e63be34e17e64427d4ddafa36ce6ea1f434e1a7f62fd7865a5cf2",
    (OLD_CODES[1], 3, "vtt"):
        "02f7bd68cb206b0159588c2064e94b223dc82295313eb02cbdc6d2187ee080c6",
    (OLD_CODES[2], 3, "vtt"):
        "ef9c7d0eadcf2d4884a4261b9b0ab06a3931b12b495de35cf5095d2b1146f024",
    (OLD_CODES[3], 3, "vtt"):
        "8c6b595de8009358f874ef44ae3f0f8ff8f8a0ceb809c1f7ab8cf590610ee4f6",
    (OLD_CODES[0], 1, "text"):
        "beceea820c4a07537c843ee5bb7809a59ec41637bc3c70963fe370aeba6ae956",
    (OLD_CODES[1], 1, "text"):
        "eaab97110eecde30080fbb22ed8b34d44ca79e1ea0ed4eae05eb863c4bfa14c1",
    (OLD_CODES[2], 1, "text"):
        "5ddd0aff317e35f9403ae5688dec6746632defb12183ac97fe151ff11b8a644c",
    (OLD_CODES[3], 1, "text"):
        "4e9751cc7ae25a94c623876cea37ef1a9f1f38510ab5bc804c8784f849936f43",
    (OLD_CODES[0], 2, "text"):
        "99bf96d9c6b94133749f8798b638861d8f441f833ac4539edf0355180d9a3404",
    (OLD_CODES[1], 2, "text"):
        "00860ee8267f3e7d0753824867767df52bec9425f327aff2fbae0a3cedaedbb8",
    (OLD_CODES[2], 2, "text"):
        "cc907b15b4a4f44612c9efb9bcc6ff681a194ce04d7502fa1ee24689bfcfef8e",
    (OLD_CODES[3], 2, "text"):
        "c3fe3866a14163a519f6574c77f093a2decab0d8840d2b255d1db90477863662",
    (OLD_CODES[0], 3, "text"):
        "93ca11efeb6cb4e0b8f79a1a195af86cf6c1f0d99d08f990635c0481ae4cf1e3",
    (OLD_CODES[1], 3, "text"):
        "b1f690ce32f586800a858b0b9f574186704df18128a7f875f2a151a7345baaf1",
    (OLD_CODES[2], 3, "text"):
        "5a8cd04130d35cf9d593dabc5e149889b00c9dcb4407687093de263db29c457e",
    (OLD_CODES[3], 3, "text"):
        "9b6e8df39e5cfcb174e52724ded8d1002d64e3f5a059c0ba4b3f1e304fbb0024",
    (OLD_CODES[0], 1, "json"):
        "e4be5589c085be102f8aab402dc888ae94f5a3653506b2fb944f9e6c73d8ddb6",
    (OLD_CODES[1], 1, "json"):
        "b17052f7f19940c5667356790a87011eac7a2e9a551adf23bce5951a796a7ec1",
    (OLD_CODES[2], 1, "json"):
        "24e7d443a99bc62effa0f5001987ca261b6586ed864b2c53584000c4b65116a6",
    (OLD_CODES[3], 1, "json"):
        "0064aaa6346034c5485f8d5706578648acc30c203aa9043ff68c4c67aceec43f",
    (OLD_CODES[0], 2, "json"):
        "d63890ff2e872ef91ccdd8640347486bcd09e12b212e1643096577aea32521ab",
    (OLD_CODES[1], 2, "json"):
        "0cda31354079f0a436be6ad1d153924cfed95c29948593cfab5b2eef64eb7598",
    (OLD_CODES[2], 2, "json"):
        "194c12bb50c98eb93ae46fc4ec628f5ba72ece147b51de4ef4455be6616dcad4",
    (OLD_CODES[3], 2, "json"):
        "c3c04123baa15558edd15c823bce39541ecb745efb4ae2ace23284aa0c365ecb",
    (OLD_CODES[0], 3, "json"):
        "790cb598e05a0f782eb7f186fce16a0235980da10b1ba376df1e8bbe9717c94d",
    (OLD_CODES[1], 3, "json"):
        "288ff19a30bf3e013116f40caa62643755fe2d2608456bdbaec223271e8fad07",
    (OLD_CODES[2], 3, "json"):
        "ce8af505e87cd20f11a5f880e85d72e16b0466199ddca86a013f79df47e2ed4e",
    (OLD_CODES[3], 3, "json"):
        "064203140cc41a997a52c6ca264fcbfc2467bb5dc6af8ce1d08116a43580cd91",
}


@pytest.fixture(autouse=True, scope="module")
def settled_first(stack):
    lf.settled(stack)


def default_ppg(cw, ch):
    return next(p for p in DEFAULTS if p * max(cw, ch) <= PIXELS_MAX)


def dungeon(stack, query):
    r = stack.get("/dungeon?" + query + "&format=json")
    check(r.status == 200, "GET /dungeon?" + query, r)
    return r.json()


def old_code(code, version):
    return code if version == 1 else v2_twin(code, version)


@pytest.mark.parametrize("version", [1, 2, 3])
@pytest.mark.parametrize("fmt", ["png", "vtt", "text", "json"])
def test_old_codes_keep_their_bytes(stack, version, fmt):
    wrong = []
    for code in OLD_CODES:
        c = old_code(code, version)
        r = stack.get("/dungeon/%s?format=%s" % (c, fmt))
        check(r.status == 200, "/dungeon/%s?format=%s" % (c, fmt), r)
        got = hashlib.sha256(r.body).hexdigest()
        if OLD_HASHES.get((code, version, fmt)) != got:
            wrong.append((c, got))
        if fmt == "png":
            check(png_size(r.body) == (60 * code_w(c), 60 * code_h(c)), "10 px a cell")
    check(not wrong, "the bytes each answered before", wrong)


def code_w(code):
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[1]


def code_h(code):
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[2]


@pytest.mark.parametrize("w,h", [(12, 8), (30, 30), (1, 1), (20, 5)])
def test_png_default_size(stack, w, h):
    cw, ch = 6 * w, 6 * h
    r = stack.get("/dungeon?w=%d&h=%d&seed=2&format=png" % (w, h))
    check(r.status == 200 and r.headers["content-type"] == "image/png", "a PNG", r)
    p = default_ppg(cw, ch)
    check(png_size(r.body) == (cw * p, ch * p), "cells x the default ppg", p, png_size(r.body))
    code = dungeon(stack, "w=%d&h=%d&seed=2" % (w, h))["code"]
    r = stack.get("/dungeon/%s?format=png" % code)
    check(png_size(r.body) == (cw * p, ch * p), "a new code's default too", png_size(r.body))


@pytest.mark.parametrize("ppg", [20, 37, 50, 113])
def test_png_size_is_cells_times_ppg(stack, ppg):
    r = stack.get("/dungeon?w=6&h=5&seed=4&format=png&ppg=%d" % ppg)
    check(r.status == 200, "a PNG at ppg=%d" % ppg, r)
    check(png_size(r.body) == (36 * ppg, 30 * ppg), "36 x 30 cells at %d" % ppg,
          png_size(r.body))


def vtt(stack, query):
    r = stack.get("/dungeon?%s&format=vtt" % query)
    check(r.status == 200 and "dd2vtt" in r.headers.get("content-disposition", ""), "a .dd2vtt",
          r)
    return json.loads(r.body)


@pytest.mark.parametrize("ppg", [20, 50, None])
def test_vtt_at_scale(stack, ppg):
    q = "w=9&h=7&seed=21&level=12" + ("&ppg=%d" % ppg if ppg else "")
    v = vtt(stack, q)
    want = ppg or default_ppg(54, 42)
    check(v["resolution"]["pixels_per_grid"] == want and
          v["resolution"]["map_size"] == {"x": 54, "y": 42}, "the grid", v["resolution"])
    image = base64.b64decode(v["image"])
    check(png_size(image) == (54 * want, 42 * want), "the image: map_size x ppg",
          png_size(image))
    r = stack.get("/dungeon?%s&format=png" % q)
    check(r.body == image, "the image is the PNG")


def doors_and_vtt(stack, states):
    """A dungeon whose doors include each of states, its JSON and .dd2vtt."""
    for seed in range(1, 80):
        q = "w=12&h=10&seed=%d&level=15" % seed
        d = dungeon(stack, q)
        if states <= {o["state"] for o in d["doors"]}:
            return q, d, vtt(stack, q + "&ppg=20")
    pytest.fail("no dungeon with doors " + ", ".join(sorted(states)))


def segments_cover(lines, x0, y0, x1, y1):
    """Whether the unit sides of door (x0, y0)-(x1, y1) are among lines'."""
    sides = set()
    for a, b in lines:
        if a["y"] == b["y"]:
            sides |= {("h", x, a["y"]) for x in range(min(a["x"], b["x"]), max(a["x"], b["x"]))}
        else:
            sides |= {("v", a["x"], y) for y in range(min(a["y"], b["y"]), max(a["y"], b["y"]))}
    if y0 == y1:
        want = {("h", x, y0) for x in range(min(x0, x1), max(x0, x1))}
    else:
        want = {("v", x0, y) for y in range(min(y0, y1), max(y0, y1))}
    return want <= sides


def test_vtt_doors_by_state(stack):
    q, d, v = doors_and_vtt(stack, {"secret", "locked", "open"})
    bounds = [[p["bounds"][0]["x"], p["bounds"][0]["y"], p["bounds"][1]["x"], p["bounds"][1]["y"]]
              for p in v["portals"]]
    shown = [o for o in d["doors"] if o["state"] != "secret"]
    check(len(v["portals"]) == len(shown), "a portal per door but the secret ones",
          len(v["portals"]), len(shown))
    floor_walls = unit_walls(d["cells"])
    for o in d["doors"]:
        b = [o["x0"], o["y0"], o["x1"], o["y1"]]
        if o["state"] == "secret":
            check(b not in bounds, "no portal for a secret door", o)
            check(segments_cover(v["line_of_sight"], *b), "a secret door is a wall", o)
            continue
        p = v["portals"][bounds.index(b)]
        check(p["closed"] == (o["state"] != "open"),
              "open: an open portal; locked, closed, stuck, trapped: closed", o, p)
        check(not segments_cover(v["line_of_sight"], *b), "no wall across a door", o)
    walls = set()
    for a, b in v["line_of_sight"]:
        check(a["x"] == b["x"] or a["y"] == b["y"], "a wall is straight", a, b)
        if a["y"] == b["y"]:
            walls |= {("h", x, a["y"]) for x in range(min(a["x"], b["x"]), max(a["x"], b["x"]))}
        else:
            walls |= {("v", a["x"], y) for y in range(min(a["y"], b["y"]), max(a["y"], b["y"]))}
    check(floor_walls <= walls, "the floor's boundaries are walls still")


def test_png_door_states_distinguishable(stack):
    q, d, _ = doors_and_vtt(stack, {"secret", "locked", "open", "closed"})
    ppg = 40
    rows = png_pixels(stack.get("/dungeon?%s&format=png&ppg=%d&grid=0" % (q, ppg)).body)
    seen = {}
    for o in d["doors"]:
        # the pixels along the door's middle cell side, either side of its line
        mx, my = (o["x0"] + o["x1"]) / 2, (o["y0"] + o["y1"]) / 2
        cx, cy = int(mx * ppg), int(my * ppg)
        if o["x0"] == o["x1"]:
            xs, ys = range(cx - 3, cx + 3), range(cy - ppg // 2, cy + ppg // 2)
        else:
            xs, ys = range(cx - ppg // 2, cx + ppg // 2), range(cy - 3, cy + 3)
        look = tuple(sorted({rows[y][3 * x:3 * x + 3] for y in ys for x in xs
                             if 0 <= y < len(rows) and 0 <= x < len(rows[0]) // 3}))
        seen.setdefault(o["state"], []).append(look)
    common = {s: max(set(v), key=v.count) for s, v in seen.items()}
    check(len(set(common.values())) == len(common), "each state drawn its own way", common)


@pytest.mark.parametrize("ppg", [20, 50, 200])
def test_room_numbers_legible(stack, ppg):
    rows = png_pixels(stack.get("/dungeon?w=1&h=1&seed=3&format=png&ppg=%d" % ppg).body)
    w = len(rows[0]) // 3
    tallest = 0
    for x in range(w):
        run = 0
        for y in range(len(rows)):
            run = run + 1 if rows[y][3 * x:3 * x + 3] == DIGIT else 0
            tallest = max(tallest, run)
    check(tallest >= ppg * 2 // 5, "a digit at least 0.4 cell tall", tallest, ppg)


def test_grid_off_and_on(stack):
    a = png_pixels(stack.get("/dungeon?w=3&h=2&seed=8&format=png&ppg=20&grid=0").body)
    b = png_pixels(stack.get("/dungeon?w=3&h=2&seed=8&format=png&ppg=20&grid=1").body)
    c = png_pixels(stack.get("/dungeon?w=3&h=2&seed=8&format=png&ppg=20").body)
    check(b == c, "grid=1 is the default")
    check(a != b, "grid=0 draws no grid lines")
    colours = lambda rows: {r[i:i + 3] for r in rows for i in range(0, len(r), 3)}
    check(len(colours(a)) < len(colours(b)), "fewer colours without the grid")


def too_large_message(cells):
    return "%d" % min(200, PIXELS_MAX // cells)


@pytest.mark.parametrize("query,field,says", [
    ("ppg=19", "ppg", "20"), ("ppg=201", "ppg", "200"), ("ppg=abc", "ppg", "20"),
    ("w=30&h=30&ppg=50", "ppg", too_large_message(180)),
    ("w=30&h=2&ppg=23", "ppg", too_large_message(180)),
    ("w=12&h=8&ppg=57", "ppg", too_large_message(72)),
    ("grid=2", "grid", "0 or 1"), ("grid=yes", "grid", "0 or 1"),
])
def test_bad_ppg_and_grid(stack, query, field, says):
    for fmt in ("json", "png", "vtt"):
        r = stack.get("/dungeon?%s&seed=1&format=%s" % (query, fmt))
        check(r.status == 400, "a 400 for " + query, r)
        text = lf.first_error(r)["message"] if fmt != "png" else r.text
        if fmt != "png":
            check(lf.first_error(r)["field"] == field, "naming " + field, r)
        else:
            check(r.text.startswith(field + ":"), "naming " + field, r)
        check(says in text, "saying " + says, text)
    code = dungeon(stack, "w=30&h=30&seed=1")["code"] if "w=30&h=30" in query else None
    if code and field == "ppg":
        r = stack.get("/dungeon/%s?format=png&ppg=50" % code)
        check(r.status == 400 and r.text.startswith("ppg:") and says in r.text,
              "a code's picture too", r)


def test_largest_ppg_for_the_size_is_allowed(stack):
    r = stack.get("/dungeon?w=30&h=30&seed=1&format=png&ppg=22")
    check(r.status == 200 and png_size(r.body) == (180 * 22, 180 * 22), "4096 // 180 = 22", r)


def test_code_pictures_with_ppg(stack):
    code = dungeon(stack, "w=4&h=3&seed=6")["code"]
    r = stack.get("/dungeon/%s?format=png&ppg=30&grid=0" % code)
    check(r.status == 200 and png_size(r.body) == (24 * 30, 18 * 30), "a code at ppg=30", r)
    check("immutable" in r.headers.get("cache-control", ""), "permanent", r)
    old = OLD_CODES[0]
    r = stack.get("/dungeon/%s?format=png&ppg=30" % old)
    check(r.status == 200 and png_size(r.body) == (36 * 30, 24 * 30),
          "an old code's picture at a ppg asked for", r)


@pytest.mark.parametrize("query,want", [
    ("ppg=30&format=png", "format=png&ppg=30"),
    ("format=png&grid=0&ppg=30", "format=png&ppg=30&grid=0"),
    ("format=png&ppg=030", "format=png&ppg=30"),
    ("format=vtt&grid=00", "format=vtt&grid=0"),
])
def test_code_query_canonical(stack, query, want):
    code = dungeon(stack, "w=4&h=3&seed=6")["code"]
    r = stack.get("/dungeon/%s?%s" % (code, query))
    check(r.status == 301, "a 301 to the one spelling", r)
    loc = urllib.parse.urlsplit(r.headers["location"])
    check(loc.path == "/dungeon/" + code and loc.query == want, "the canonical query", loc)


def test_seeded_query_canonical_and_kept(stack):
    q = "w=4&h=3&seed=9&format=png&ppg=30&grid=0"
    a, b = stack.get("/dungeon?" + q), stack.get("/dungeon?" + q.replace("ppg=30", "ppg=31"))
    check(a.status == b.status == 200 and a.body != b.body, "ppg is part of the key",
          png_size(a.body), png_size(b.body))
    c = stack.get("/dungeon?" + q.replace("grid=0", "grid=1"))
    check(c.body != a.body, "grid is part of the key")


@pytest.mark.parametrize("fmt", ["png", "text"])
def test_cors_on_pictures_and_text(stack, fmt):
    code = dungeon(stack, "w=3&h=3&seed=12")["code"]
    for path in ("/dungeon?w=3&h=3&seed=12&format=%s" % fmt,
                 "/dungeon/%s?format=%s" % (code, fmt)):
        for _ in range(2):  # the daemon's answer, then nginx's kept copy
            r = stack.get(path)
            check(r.status == 200 and r.headers.get("access-control-allow-origin") == "*",
                  "CORS on " + path, r.headers)
    r = stack.get("/map?w=3&h=3&seed=12&format=text")
    check(r.status == 200 and r.headers.get("access-control-allow-origin") == "*",
          "CORS on a map's text", r.headers)
