#!/usr/bin/env python3
"""Stocks a dungeon for a tcod-style roguelike: a lootforge map becomes the
game map (walls block, floor walkable), and items are placed on floor cells
as entities (x, y, glyph, colour, name, the lootforge item), the way the
libtcod tutorial keeps its entities. Without tcod it prints the level as
text; with it, a game would draw `tiles` and `entities` in its console.

    curl -s http://localhost:8080/catalog.json -o catalog.json
    PYTHONPATH=python python3 python/examples/stock_map.py catalog.json --seed 7

The same catalog, seed and options give the same level: the map's seed
makes the map, and each item's seed is drawn from it."""
import argparse
import random

import lootforge

GLYPH = {"weapon": ")", "armor": "[", "shield": "]", "trinket": '"', "scroll": "?", "wand": "/"}
COLOUR = {0: (200, 200, 200), 1: (30, 255, 30), 2: (60, 120, 255), 3: (200, 60, 255)}


class Entity:
    def __init__(self, x, y, item):
        self.x, self.y, self.item = x, y, item
        self.char = GLYPH.get(item.kind, "*")
        self.name = item.name
        # rarer (stronger) items in warmer colours, as a game would show them
        self.color = COLOUR[min(3, item.str // 10)]


def stock(cat, width, height, tileset, seed, items_per_room, tier):
    """The map and its entities. Rooms are tiles with a 4 x 4 floor inside."""
    level = cat.map(w=width, h=height, tileset=tileset, seed=seed)
    rng = random.Random(seed)
    walkable = [[c == "." for c in row] for row in level.cells]
    entities = []
    for ty in range(level.h):
        for tx in range(level.w):
            inside = [(tx * 6 + x, ty * 6 + y) for y in range(1, 5) for x in range(1, 5)
                      if walkable[ty * 6 + y][tx * 6 + x]]
            if len(inside) < 13:  # a corridor, not a room
                continue
            for x, y in rng.sample(inside, items_per_room):
                kind = rng.choice(sorted(GLYPH))
                item = cat.generate(kind=kind, tier=tier, seed=rng.getrandbits(63))[0]
                entities.append(Entity(x, y, item))
    return level, walkable, entities


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("catalog", help="a catalog export (GET /catalog.json, without rev=)")
    ap.add_argument("--width", type=int, default=10)
    ap.add_argument("--height", type=int, default=6)
    ap.add_argument("--tileset", default="plain")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-room", type=int, default=1)
    ap.add_argument("--tier", type=int, default=0, help="0: any")
    a = ap.parse_args()
    with lootforge.Catalog.load(a.catalog) as cat:
        level, _, entities = stock(cat, a.width, a.height, a.tileset, a.seed, a.per_room,
                                   a.tier)
    rows = [list(r) for r in level.cells]
    for e in entities:
        rows[e.y][e.x] = e.char
    print("\n".join("".join(r) for r in rows))
    for e in entities:
        print("%3d,%-3d %s %s (%s gp)%s" % (e.x, e.y, e.char, e.name, e.item.value,
                                             "  /item/" + e.item.code if e.item.code else ""))


if __name__ == "__main__":
    main()
