#!/usr/bin/env python3
"""Draws the shipped tilesets and prints migration 0007's rows. The
migration is the source of truth (the daemon and the unit tests read it);
this script is how its rows were drawn, kept so a tileset can be redrawn
rather than edited by hand. Usage: sql/tiles/draw_tiles.py > rows.sql"""

import itertools

T = 6
EDGE = {0: (), 1: (2, 3), 2: (1, 2, 3), 3: (2, 3, 4), 4: (1, 2, 3, 4)}
N, E, S, W = range(4)
SIDE = "nesw"


def blank():
    return [["#"] * T for _ in range(T)]


def open_edge(g, side, kind):
    for i in EDGE[kind]:
        if side == N:
            g[0][i] = "."
        elif side == S:
            g[T - 1][i] = "."
        elif side == W:
            g[i][0] = "."
        else:
            g[i][T - 1] = "."


def pieces(g):
    cells = {(r, c) for r in range(T) for c in range(T) if g[r][c] == "."}
    if not cells:
        return 0
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (r + dr, c + dc) in cells:
                todo.append((r + dr, c + dc))
    return 1 if seen == cells else 2


def row(tileset, name, g, edges, weight):
    pattern = "".join("".join(r) for r in g)
    assert pieces(g) <= 1, name
    return "  ('%s', '%s', '%s', %d, %d, %d, %d, %d)" % (
        (tileset, name, pattern) + tuple(edges) + (weight,))


def room(edges, rubble=()):
    g = blank()
    for r in range(1, 5):
        for c in range(1, 5):
            g[r][c] = "."
    for r, c in rubble:
        g[r][c] = "#"
    for s in range(4):
        open_edge(g, s, edges[s])
    return g


def hall(edges):
    g = blank()
    for r in (2, 3):
        for c in (2, 3):
            g[r][c] = "."
    arms = {N: [(0, 2), (0, 3), (1, 2), (1, 3)], S: [(4, 2), (4, 3), (5, 2), (5, 3)],
            W: [(2, 0), (3, 0), (2, 1), (3, 1)], E: [(2, 4), (3, 4), (2, 5), (3, 5)]}
    for s in range(4):
        if edges[s]:
            for r, c in arms[s]:
                g[r][c] = "."
    return g


def label(prefix, edges):
    return prefix + "-" + "".join("%s%d" % (SIDE[s], edges[s]) for s in range(4))


def main():
    rows = []
    # plain: corridors (hallway edges) and rooms whose sides are hallway doors
    # or wide openings; a tile for every mix, so no grid is ever a dead end.
    for edges in itertools.product((0, 1, 4), repeat=4):
        if any(edges) and all(e in (0, 1) for e in edges):
            rows.append(row("plain", label("hall", edges), hall(edges), edges, 6))
        rows.append(row("plain", label("room", edges), room(edges), edges, 1))
    # ruins: rooms with fallen stones, reached through openings set low or high
    # in the wall (types 2 and 3).
    for edges in itertools.product((0, 2, 3), repeat=4):
        k = sum(e * 3 ** i for i, e in enumerate(edges))
        stones = [(2, 2), (2, 3), (3, 2), (3, 3), (1, 1), (4, 4), (1, 4), (4, 1)]
        rubble = [stones[k % len(stones)], stones[(k // 3 + 5) % len(stones)]]
        g = room(edges, rubble)
        if pieces(g) > 1:
            g = room(edges, rubble[:1])
        rows.append(row("ruins", label("ruin", edges), g, edges, 1))
    print(",\n".join(rows) + ";")


if __name__ == "__main__":
    main()
