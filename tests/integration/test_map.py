"""GET /map (issue 15, SPEC §10): a dungeon map from a tileset of the
catalog, as JSON, text and HTML; the same seed gives the same map and the
permanent link gives it back; bad fields are a 400 naming the field in the
client's format; a tileset that cannot tile the grid is a 422 with the
generator's sentence."""

import html
import re
import time

import pytest

import lf

JSON = {"Accept": "application/json"}


def plain_tiles(stack):
    return {name: pattern for name, pattern in
            stack.sql("SELECT name, pattern FROM map_tile WHERE tileset = 'plain'")}


def test_json_tiles_and_cells_agree(stack):
    r = stack.get("/map?w=7&h=5&seed=42&format=json")
    lf.check(r.status == 200 and r.headers["content-type"] == "application/json",
             "GET /map?format=json", r)
    m = r.json()
    lf.check(m["tileset"] == "plain" and m["width"] == 7 and m["height"] == 5 and m["seed"] == "42",
             "the inputs are echoed (seed as a string)", m)
    # a JSON answer's links ask for JSON (docs/api.md)
    lf.check(m["link"] == "/map?w=7&h=5&tileset=plain&seed=42&format=json", "the permanent link",
             m["link"])
    lf.check(len(m["tiles"]) == 5 and all(len(row) == 7 for row in m["tiles"]),
             "tiles: h rows of w names", m["tiles"])
    lf.check(len(m["cells"]) == 30 and all(len(row) == 42 for row in m["cells"]),
             "cells: 6h strings of 6w cells", m["cells"])
    # Each place's 6 x 6 cells are its tile's pattern, as map_tile holds it.
    patterns = plain_tiles(stack)
    for y, row in enumerate(m["tiles"]):
        for x, name in enumerate(row):
            cells = "".join(m["cells"][6 * y + i][6 * x:6 * x + 6] for i in range(6))
            lf.check(cells == patterns[name], "place (%d,%d) holds tile %s" % (x, y, name),
                     cells, patterns.get(name))


def test_defaults_and_accept(stack):
    r = stack.get("/map", headers=JSON)
    lf.check(r.status == 200, "GET /map with Accept: JSON", r)
    m = r.json()
    lf.check((m["width"], m["height"], m["tileset"]) == (12, 8, "plain"), "12 x 8 plain by default", m)
    lf.check(re.fullmatch(r"[0-9]{1,20}", m["seed"]) and int(m["seed"]) < 2 ** 64,
             "a fresh seed, as a decimal string", m["seed"])
    again = stack.get(m["link"]).json()
    lf.check(again["cells"] == m["cells"], "the fresh seed's link gives the same map")


def test_text_format(stack):
    r = stack.get("/map?w=4&h=3&seed=9&tileset=ruins&format=text")
    lf.check(r.status == 200 and r.headers["content-type"].startswith("text/plain"),
             "format=text is text/plain", r)
    lines = r.text.split("\n")
    lf.check(lines[-1] == "" and len(lines) == 19, "6h lines, each ending in a newline", lines)
    lf.check(all(len(line) == 24 and set(line) <= set("#.") for line in lines[:-1]),
             "each 6w characters of '#' and '.'", lines)
    j = stack.get("/map?w=4&h=3&seed=9&tileset=ruins&format=json").json()
    lf.check(lines[:-1] == j["cells"], "the same cells as the JSON answer")


def test_same_seed_same_map(stack):
    a = stack.get("/map?w=30&h=30&seed=18446744073709551615&format=text")
    b = stack.get("/map?seed=18446744073709551615&h=30&format=text&w=30")
    c = stack.get("/map?w=30&h=30&seed=18446744073709551614&format=text")
    lf.check(a.status == 200 and a.body == b.body, "the same seed gives the same map", a, b)
    lf.check(c.status == 200 and c.body != a.body, "another seed, another map")


def test_html_page(stack):
    r = stack.get("/map?w=5&h=4&seed=77")
    lf.check(r.status == 200 and r.headers["content-type"].startswith("text/html"),
             "GET /map is an HTML page", r)
    lf.check("<svg" in r.text and 'viewBox="-4 -4 34 28"' in r.text, "the map as inline SVG",
             r.text[:2000])
    text = stack.get("/map?w=5&h=4&seed=77&format=text").text
    # The floor path, drawn back into cells, is the text form's floor.
    d = re.search(r'<path class="floor" fill="[^"]+" d="([^"]*)"', r.text)
    lf.check(d, "the floor is one path", r.text[:3000])
    drawn = [["#"] * 30 for _ in range(24)]
    for x, y, n, back in re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", d.group(1)):
        lf.check(n == back, "each run is a closed 1-cell-high rectangle", d.group(1))
        for i in range(int(n)):
            drawn[int(y)][int(x) + i] = "."
    lf.check("".join("".join(row) + "\n" for row in drawn) == text,
             "the SVG's floor is the map's floor", d.group(1), text)
    pre = re.search(r"<pre>(.*?)</pre>", r.text, re.S)
    lf.check(pre and html.unescape(pre.group(1)) == text, "the text form in a <pre>", pre)
    link = re.search(r'class="permalink" href="([^"]+)"', r.text)
    lf.check(link and html.unescape(link.group(1)) == "/map?w=5&h=4&tileset=plain&seed=77",
             "the permanent link", link and link.group(1))
    again = re.search(r'class="again" href="([^"]+)"', r.text)
    lf.check(again and html.unescape(again.group(1)) == "/map?w=5&h=4&tileset=plain",
             "the new-map link has the inputs without the seed", again and again.group(1))
    same = stack.get(html.unescape(link.group(1)))
    lf.check(re.search(r"<pre>(.*?)</pre>", same.text, re.S).group(1) == pre.group(1),
             "the permanent link gives the same map")
    home = stack.get("/")
    lf.check('href="/map"' in home.text, "the generator's page links to /map")


BAD = [
    ("w=0", "w"),
    ("w=31", "w"),
    ("h=abc", "h"),
    ("seed=-1", "seed"),
    ("seed=18446744073709551616", "seed"),
    ("tileset=nope", "tileset"),
    ("tileset=Bad%20Name", "tileset"),
    ("format=xml", "format"),
    ("w=3&w=4", "w"),
    ("loot=7", "loot"),
    ("loot=x", "loot"),
    ("loot=-1", "loot"),
]


@pytest.mark.parametrize("query,field", BAD)
def test_bad_field_json(stack, query, field):
    r = stack.get("/map?" + query, headers=JSON)
    lf.check(r.status == 400 and r.headers["content-type"] == "application/json",
             "GET /map?%s (JSON) is a 400" % query, r)
    err = lf.first_error(r)
    lf.check(err["field"] == field and err["message"], "it names %s" % field, err)
    if query == "tileset=nope":
        lf.check("plain" in err["message"] and "ruins" in err["message"],
                 "an unknown tileset lists the known ones", err)


@pytest.mark.parametrize("query,field", BAD)
def test_bad_field_html(stack, query, field):
    r = stack.get("/map?" + query)
    lf.check(r.status == 400 and r.headers["content-type"].startswith("text/html"),
             "GET /map?%s (HTML) is a 400" % query, r)
    lf.check('<strong class="error-field">%s</strong>' % field in r.text, "it names %s" % field,
             r.text[:3000])
    lf.check("<svg" not in r.text, "and draws no map")


def test_bad_field_as_asked(stack):
    r = stack.get("/map?format=json&w=99")
    lf.check(r.status == 400 and lf.first_error(r)["field"] == "w",
             "format=json after a bad field: the error is still JSON", r)
    r = stack.get("/map?w=99&format=text")
    lf.check(r.status == 400 and r.headers["content-type"].startswith("text/plain")
             and r.text.startswith("w: "), "format=text: the error is text", r)


def wait_for(probe, seconds=10.0, step=0.1):
    t0 = time.monotonic()
    while not probe():
        if time.monotonic() - t0 > seconds:
            return False
        time.sleep(step)
    return True


def test_tileset_that_cannot_tile(stack):
    # One closed room: it tiles a 1 x 1 grid and nothing larger. And a
    # tileset whose one tile's edge does not spell its type: left out.
    stack.sql("INSERT INTO map_tile (tileset, name, pattern, edge_n, edge_e, edge_s, edge_w) "
              "VALUES ('solo', 'room', '#######....##....##....##....#######', 0, 0, 0, 0), "
              "('broken', 'wall', '####################################', 1, 0, 0, 0)")
    try:
        lf.check(wait_for(lambda: stack.get("/map?w=1&h=1&tileset=solo&format=json").status
                          == 200), "the new tileset is loaded within 10 s")
        r = stack.get("/map?w=2&h=2&tileset=solo&seed=1&format=json")
        lf.check(r.status == 422, "a tileset that cannot tile 2 x 2 is a 422", r)
        err = lf.first_error(r)
        lf.check(err["field"] == "tileset" and "no tile has" in err["message"],
                 "with the generator's sentence", err)
        r = stack.get("/map?w=2&h=2&tileset=solo")
        lf.check(r.status == 422 and "no tile has" in r.text, "in HTML too", r)
        r = stack.get("/map?tileset=broken", headers=JSON)
        lf.check(r.status == 400 and "broken" not in lf.first_error(r)["message"]
                 and "solo" in lf.first_error(r)["message"],
                 "a tileset with a bad tile is left out", r)
        lf.check("tileset broken left out" in stack.log("daemon.log"),
                 "and the log says why", stack.log("daemon.log")[-2000:])
    finally:
        # Tiles are never deleted (migration 0017): retired.
        stack.sql("UPDATE map_tile SET retired_rev = 0 WHERE tileset IN ('solo', 'broken') "
                  "AND retired_rev IS NULL")
    lf.check(wait_for(lambda: stack.get("/map?tileset=solo", headers=JSON).status == 400),
             "gone again once retired")


def test_loot_in_rooms(stack):
    """loot=TIER puts an item in each room (a tile whose inside is more than
    12 floor cells), each a link that rolls that very item again."""
    r = stack.get("/map?w=8&h=6&seed=11&loot=3&format=json")
    lf.check(r.status == 200, "GET /map with loot", r)
    m = r.json()
    lf.check(m["link"] == "/map?w=8&h=6&tileset=plain&loot=3&seed=11&format=json",
             "the permanent link keeps the loot tier", m["link"])
    patterns = plain_tiles(stack)

    def is_room(name):
        p = patterns[name]
        return sum(p[6 * y + x] == "." for y in range(1, 5) for x in range(1, 5)) > 12

    rooms = [(x, y) for y, row in enumerate(m["tiles"]) for x, n in enumerate(row) if is_room(n)]
    lf.check(rooms, "seed 11 has rooms", m["tiles"])
    places = [(i["x"], i["y"]) for i in m["loot"]]
    lf.check(places == rooms[:len(places)] and len(places) >= len(rooms) - 1,
             "one item per room, in reading order", places, rooms)
    for loot in m["loot"]:
        item = loot["item"]  # the item as everywhere (docs/api.md)
        lf.check(re.match(r"^/item/[A-Za-z0-9_-]+\?format=json$", item["link"]) is not None,
                 "the item's link is its permanent one, asking for JSON", item)
        again = stack.get(item["link"]).json()
        lf.check(again == item, "the link shows the same item, of the loot's tier", item, again)
        lf.check(again["tier"] == 3, "the loot's tier", again)
    # The same in HTML: the list and a marker per item; no loot, no list.
    page = stack.get("/map?w=8&h=6&seed=11&loot=3").text
    lf.check(page.count('<circle class="loot"') == len(m["loot"]),
             "a marker per item on the map")
    for loot in m["loot"]:
        name = loot["item"]["name"]
        lf.check(html.escape(name) in page, "the item is listed", name)
    lf.check("<circle" not in stack.get("/map?w=8&h=6&seed=11").text, "no loot asked, none drawn")
    lf.check("loot" not in stack.get("/map?w=8&h=6&seed=11&format=json").json(),
             "no loot asked, no loot key")


def markers(page):
    """The loot markers of an HTML map page: (cx, cy, r) in cell units."""
    return [(float(cx), float(cy), float(r)) for cx, cy, r in
            re.findall(r'<circle class="loot" cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"',
                       page)]


def check_markers_on_floor(cells, marks, what):
    """Each marker's disc lies inside one floor cell: every cell its bounding
    box touches is floor (a disc of radius r around a cell's centre with
    r < .5 touches that cell only)."""
    for cx, cy, r in marks:
        x0, x1 = int(cx - r), int(cx + r)
        y0, y1 = int(cy - r), int(cy + r)
        touched = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
        lf.check(all(cells[y][x] == "." for x, y in touched),
                 "%s: the marker at (%s, %s) r %s sits on floor only" % (what, cx, cy, r),
                 [cells[y][x] for x, y in touched])


def test_loot_reaches_whole_map(stack):
    """Issue 23 item 2: on 30 x 30 ruins, seed 8, the loot reached only tile
    rows 0-3 (the first 100 rooms in reading order) and 75 of 100 markers
    sat partly on wall. The 100 rooms are drawn among all of them, and every
    marker is on a floor cell."""
    q = "/map?w=30&h=30&seed=8&tileset=ruins&loot=1"
    m = stack.get(q + "&format=json").json()
    lf.check(m["loot_max"] == 100 and m["rooms"] > 100 and len(m["loot"]) >= 95,
             "the cap and the number of rooms are stated", m.get("rooms"), len(m["loot"]))
    rows = {i["y"] for i in m["loot"]}
    lf.check(min(rows) <= 3 and max(rows) >= 26,
             "the loot reaches the top and the bottom of the map", sorted(rows))
    # 100 of ~500 rooms drawn uniformly: the bottom half holds about half;
    # fewer than 30 would be over 4 sigma (binomial, sigma ~5) away.
    lf.check(sum(1 for i in m["loot"] if i["y"] >= 15) >= 30, "the bottom half has loot",
             sorted(rows))
    for i in m["loot"]:
        lf.check(m["cells"][i["cy"]][i["cx"]] == "." and i["cx"] // 6 == i["x"] and
                 i["cy"] // 6 == i["y"], "the item's cell is floor in its room", i)
    page = stack.get(q).text
    marks = markers(page)
    lf.check(len(marks) == len(m["loot"]), "a marker per item", len(marks))
    check_markers_on_floor(m["cells"], marks, q)
    lf.check("%d items in %d rooms" % (len(m["loot"]), m["rooms"]) in page and
             "at most 100 a map" in page, "the page states the cap")


@pytest.mark.parametrize("tileset", ["plain", "ruins"])
def test_loot_markers_on_floor_many_seeds(stack, tileset):
    """Over 40 seeds and sizes: every marker on floor, and on maps with more
    rooms than the cap, loot in the last quarter of the rows."""
    for seed in range(40):
        w, h = 5 + seed % 26, 30 - seed % 20
        q = "/map?w=%d&h=%d&seed=%d&tileset=%s&loot=0" % (w, h, seed, tileset)
        m = stack.get(q + "&format=json").json()
        check_markers_on_floor(m["cells"], markers(stack.get(q).text), q)
        lf.check(len(m["loot"]) >= min(m["rooms"], 100) * 0.9, "the rooms hold loot", q)
        if m["rooms"] > 100:
            lf.check(max(i["y"] for i in m["loot"]) >= h * 3 // 4,
                     "%s: loot in the last quarter of the rows" % q)


def test_error_page_keeps_values(stack):
    """Issue 23 item 3: the error page's form keeps every value sent and
    lists the tilesets."""
    r = stack.get("/map?w=31&h=5&tileset=ruins&seed=12&loot=2")
    lf.check(r.status == 400 and '<strong class="error-field">w</strong>' in r.text, "w=31 is a 400", r)
    lf.check('name="w" min="1" max="30" step="1" value="31"' in r.text, "w keeps 31", r.text)
    lf.check('name="h" min="1" max="30" step="1" value="5"' in r.text, "h keeps 5", r.text)
    lf.check('<option value="ruins" selected>' in r.text and '<option value="plain">' in r.text,
             "the tilesets are listed, ruins selected", r.text)
    lf.check('value="12"' in r.text and '<option value="2" selected>' in r.text,
             "the seed and the loot tier are kept")
    r = stack.get("/map?w=4&h=3&tileset=nope")
    lf.check(r.status == 400 and 'value="4"' in r.text and 'value="3"' in r.text and
             '<option value="nope" selected>' in r.text and '<option value="plain">' in r.text,
             "an unknown tileset: the values are kept, the known ones listed", r.text)


def test_accept_text_plain(stack):
    r = stack.get("/map?w=3&h=2&seed=5", headers={"Accept": "text/plain"})
    lf.check(r.status == 200 and r.headers["content-type"].startswith("text/plain"),
             "Accept: text/plain gets text", r)
    lf.check(r.body == stack.get("/map?w=3&h=2&seed=5&format=text").body,
             "the text map itself")
    r = stack.get("/map?w=99", headers={"Accept": "text/plain"})
    lf.check(r.status == 400 and r.text.startswith("w: "), "and its errors as text", r)
    r = stack.get("/map?w=3&h=2&seed=5",
                  headers={"Accept": "text/html,application/xhtml+xml,text/plain;q=0.8,*/*"})
    lf.check(r.headers["content-type"].startswith("text/html"), "a browser still gets HTML")


def test_map_drawn_to_fit(stack):
    """A 1 x 1 map is 96 px (16 a cell) and its 4-cell margin for the grid's
    numbers 64 more, not the page's width; 30 x 30 is at most 960 px."""
    r = stack.get("/map?w=1&h=1&seed=1")
    lf.check('viewBox="-4 -4 10 10" width="160" height="160"' in r.text, "1 x 1: 96 px + margin",
             r.text)
    lf.check('width="100%"' not in r.text, "not the page's width")
    r = stack.get("/map?w=30&h=12&seed=1")
    lf.check('viewBox="-4 -4 184 76" width="920" height="380"' in r.text, "30 x 12: 5 px a cell",
             r.text)
