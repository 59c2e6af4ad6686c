"""/map's loot on the page: each marker carries its number, and the list
beside the map gives each item its number, its name and link, and its tile
in the grid's own coordinates (column and row, the JSON's x and y), which
the map draws along its top and left edges."""

import html
import re

import lf

Q = "/map?w=8&h=6&seed=11&loot=3"


def test_map_lists_loot_by_number_and_tile(stack):
    m = stack.get(Q + "&format=json").json()
    page = stack.get(Q).text
    lf.check(len(m["loot"]) > 1, "the map holds loot", m.get("loot"))
    entries = re.findall(r'<li class="[a-z]+" id="loot-([0-9]+)"><span class="n">([0-9]+)</span> '
                         r'<a href="([^"]+)">([^<]+)</a> '
                         r'<span class="where">tile: column ([0-9]+), row ([0-9]+)</span></li>',
                         page)
    lf.check(len(entries) == len(m["loot"]), "a list entry per item",
             len(entries), len(m["loot"]))
    marks = re.findall(r'<a class="loot" href="([^"]+)"><circle class="loot" [^>]*>'
                       r'<title>([0-9]+)\. [^<]*</title></circle><text class="loot-n" [^>]*>'
                       r'([0-9]+)</text></a>', page)
    lf.check(len(marks) == len(m["loot"]), "a numbered marker per item", len(marks))
    for i, (entry, mark, item) in enumerate(zip(entries, marks, m["loot"]), 1):
        anchor, n, link, name, x, y = entry
        lf.check(anchor == n == str(i) and html.unescape(name) == item["item"]["name"] and
                 (int(x), int(y)) == (item["x"], item["y"]),
                 "entry %d: its number, name and tile" % i, entry, item)
        lf.check(mark[0] == link and mark[1] == mark[2] == str(i),
                 "marker %d: the entry's number and link" % i, mark, entry)
    cols = re.findall(r'<text class="grid-x" [^>]*>([0-9]+)</text>', page)
    rows = re.findall(r'<text class="grid-y" [^>]*>([0-9]+)</text>', page)
    lf.check(cols == [str(x) for x in range(8)] and rows == [str(y) for y in range(6)],
             "the grid's columns and rows are drawn", cols, rows)


def test_map_without_loot_still_has_coordinates(stack):
    page = stack.get("/map?w=3&h=2&seed=5").text
    lf.check("loot-list" not in page and "<circle" not in page, "no loot asked, no list")
    lf.check(len(re.findall(r'<text class="grid-x"', page)) == 3 and
             len(re.findall(r'<text class="grid-y"', page)) == 2,
             "the grid's coordinates are drawn", page)
