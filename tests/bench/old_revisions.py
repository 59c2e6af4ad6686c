#!/usr/bin/env python3
"""What a loadout of items from many old revisions costs.

Starts the test stack (tests/integration/lf.py) with the daemon given, makes
33 change sets (each edits one weapon row: retired and a copy added, as
docs/items.md says) and takes one item code at each revision; then times
GET /loadout of 32 items from 32 different old revisions, past nginx's cache,
a few times (each worker process builds what it lacks; the figure that
matters is the steady one, when revisions beyond the cache are asked again
and again). Not a test: nothing is asserted.

  python3 tests/bench/old_revisions.py build/rel/lootforged
"""

import os
import statistics
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
import lf  # noqa: E402


def code_now(stack):
    """A trinket's code at the revision every worker process serves now."""
    j = stack.get("/generate?kind=trinket&format=json").json()
    return (j["items"][0] if "items" in j else j)["code"]


def main():
    stack = lf.Stack(sys.argv[1]).start()
    try:
        codes = []
        for _ in range(33):
            stack.edit_rows("weapon_type", "id = (SELECT MIN(id) FROM weapon_type "
                            "WHERE retired_rev IS NULL)", value="value + 1")
            lf.settled(stack)
            codes.append(code_now(stack))
        path = "/loadout?" + "&".join("item=" + c for c in codes[:32]) + "&format=json"
        times = []
        for i in range(12):
            t = time.perf_counter()
            r = stack.get(path)  # /loadout is not cached by nginx
            times.append((time.perf_counter() - t) * 1000)
            assert r.status == 200, r
        same = "/loadout?" + "&".join("item=" + codes[-1] for _ in range(32)) + "&format=json"
        now = []
        for i in range(12):
            t = time.perf_counter()
            stack.get(same)
            now.append((time.perf_counter() - t) * 1000)
        print("GET /loadout of 32 items of the current revision: median %.1f ms"
              % statistics.median(now))
        print("GET /loadout of 32 items from 32 revisions: first %.1f ms, then median %.1f ms "
              "(min %.1f, max %.1f) over %d" % (times[0], statistics.median(times[1:]),
                                                min(times[1:]), max(times[1:]), len(times) - 1))
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
