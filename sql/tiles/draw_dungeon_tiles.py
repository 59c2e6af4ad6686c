#!/usr/bin/env python3
"""Draws the dungeon looks added by migration 0017 (docs/dungeons.md) and
prints their map_tile rows: `walls`, `curvy` and `crumbling` (`plain` is
0007's). Like draw_tiles.py, the migration is the source of truth; this is
how its rows were drawn. Usage: sql/tiles/draw_dungeon_tiles.py > rows.sql

Every look has a hallway tile for each mix of hallway edges and a room for
each mix of its edges, so no grid is a dead end. A room's inside (the 4 x 4
cells within its border) keeps more than 12 floor cells and a hallway's at
most 12: the dungeon tells them apart that way (src/dungeon/dungeon.c)."""

import itertools

from draw_tiles import N, E, S, W, T, hall, label, pieces, room, row


def inside(g):
    return sum(g[r][c] == "." for r in range(1, 5) for c in range(1, 5))


def needed(g, r, c):
    """Whether inside cell (r, c) touches a floor cell of the border (an
    opening): walling it would cut the opening off."""
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if (rr in (0, T - 1) or cc in (0, T - 1)) and g[rr][cc] == ".":
            return True
    return False


def curvy_room(edges):
    """A room with two opposite corners rounded off, where no opening needs
    them."""
    g = room(edges)
    for corners in (((1, 1), (4, 4)), ((1, 4), (4, 1))):
        if not any(needed(g, r, c) for r, c in corners):
            for r, c in corners:
                g[r][c] = "#"
            return g
    for r, c in ((1, 1), (4, 4), (1, 4), (4, 1)):
        if not needed(g, r, c):
            g[r][c] = "#"
            break
    return g


def curvy_hall(edges):
    """A hallway whose bends are rounded: where two arms meet at a right
    angle, the inner corner is cut across (one more floor cell)."""
    g = hall(edges)
    for a, b, cell in ((N, E, (1, 4)), (E, S, (4, 4)), (S, W, (4, 1)), (W, N, (1, 1))):
        if edges[a] and edges[b] and sum(1 for e in edges if e) == 2:
            g[cell[0]][cell[1]] = "."
    return g


RING = [(1, c) for c in range(1, 5)] + [(4, c) for c in range(1, 5)] + \
       [(r, 1) for r in (2, 3)] + [(r, 4) for r in (2, 3)]


def crumbling_room(edges, k):
    """A room whose wall has crumbled in: one or two cells of its inner ring
    fallen, where no opening needs them."""
    g = room(edges)
    free = [rc for rc in RING if not needed(g, *rc)]
    for rc in (free[k % len(free)], free[(k * 7 + 3) % len(free)]) if free else ():
        g[rc[0]][rc[1]] = "#"
        if pieces(g) > 1:
            g[rc[0]][rc[1]] = "."
    return g


def crumbling_hall(edges, k):
    """A hallway with a crack in its wall: one wall cell beside its middle
    fallen open, when that keeps it a hallway (inside at most 12)."""
    g = hall(edges)
    cracks = [(1, 1), (1, 4), (4, 1), (4, 4)]
    r, c = cracks[k % 4]
    if inside(g) <= 8 and any(g[r + dr][c + dc] == "." for dr, dc in
                              ((1, 0), (-1, 0), (0, 1), (0, -1))):
        g[r][c] = "."
    return g


def main():
    rows = []
    # walls: every opening a hallway door (type 1), so every floor region
    # is outlined by wall, broken only where a door stands.
    for edges in itertools.product((0, 1), repeat=4):
        if any(edges):
            rows.append(row("walls", label("hall", edges), hall(edges), edges, 6))
        rows.append(row("walls", label("room", edges), room(edges), edges, 1))
    for k, edges in enumerate(itertools.product((0, 1, 4), repeat=4)):
        if any(edges) and all(e in (0, 1) for e in edges):
            rows.append(row("curvy", label("hall", edges), curvy_hall(edges), edges, 6))
            rows.append(row("crumbling", label("hall", edges), crumbling_hall(edges, k), edges, 6))
        rows.append(row("curvy", label("room", edges), curvy_room(edges), edges, 1))
        rows.append(row("crumbling", label("room", edges), crumbling_room(edges, k), edges, 1))
    for r in rows:
        pattern = r.split("'")[5]
        g = [list(pattern[i * T:i * T + T]) for i in range(T)]
        assert pieces(g) <= 1, r
        is_room = "'room-" in r
        assert (inside(g) > 12) == is_room, (r, inside(g))
    # stamped with the migration's change set (@rev, docs/dungeons.md)
    print(",\n".join(r[:-1] + ", @rev)" for r in rows) + ";")


if __name__ == "__main__":
    main()
