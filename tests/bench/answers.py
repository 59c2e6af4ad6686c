#!/usr/bin/env python3
"""Compares two daemons' answers to many seeded /map and /dungeon requests,
byte for byte: status, Content-Type and body.

A change of the map's generator or of its writers must not change a single
byte of a seeded answer (a map is addressed by its seed, a dungeon code is
a permanent link). This asks both stacks (started at once, as
tests/bench/routes.py does) every seeded URL of a grid of sizes, tilesets,
loot tiers, levels, hallways and formats, plus a few refused ones and the
dungeon codes of the JSON answers, then --random seeded dungeons drawn at
random (sizes 1..30, every fourth 30 x 30, levels 1..20, hallways 0, 100
and any, runs of one mix so that a worker's kept tileset is used, every
format), and prints how many were the same and each one that differed. Exit status 1 when any differs. Not part of make
check: the old daemon is a build of an older commit.

    python3 tests/bench/answers.py --daemon OLD --daemon NEW [--root-a OLD_TREE] [--random N]

Each daemon reads the templates of the tree its stack is started from: with
a change to templates/, give the old daemon the old tree (--root-a).
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
from bench import Stack, log  # noqa: E402

TILESETS = ("plain", "ruins", "walls", "curvy", "crumbling")
MAP_SIZES = ((1, 1), (1, 30), (30, 1), (2, 3), (5, 5), (7, 4), (10, 10), (13, 17), (20, 20),
             (29, 30), (30, 30))
LOOT = (None, 0, 1, 3, 6)
FORMATS = ("html", "json", "text")
SEEDS = (0, 7, 18446744073709551615)


def map_urls(seeds):
    out = []
    for w, h in MAP_SIZES:
        for ts in TILESETS:
            for loot in LOOT:
                for fmt in FORMATS:
                    for s in seeds:
                        u = "/map?w=%d&h=%d&tileset=%s&seed=%d&format=%s" % (w, h, ts, s, fmt)
                        if loot is not None:
                            u += "&loot=%d" % loot
                        out.append(u)
    out += ["/map?seed=1", "/map?seed=1&loot=2", "/map?seed=1&format=json&loot=",
            "/map?w=0", "/map?w=31&h=x&format=json", "/map?tileset=nope&seed=3",
            "/map?loot=7&format=text", "/map?seed=-1&format=json"]
    return out


def dungeon_urls(seeds):
    out = []
    for w, h in ((1, 1), (5, 5), (12, 8), (30, 30)):
        for ts in TILESETS:
            for level, hallways in ((1, 0), (10, 50), (20, 100)):
                for fmt in FORMATS:
                    for s in seeds:
                        out.append("/dungeon?w=%d&h=%d&tileset=%s&level=%d&hallways=%d&seed=%d"
                                   "&format=%s" % (w, h, ts, level, hallways, s, fmt))
    for w, h in ((5, 5), (30, 30)):
        for ts in ("plain", "ruins"):
            for fmt in ("png", "vtt"):
                out.append("/dungeon?w=%d&h=%d&tileset=%s&level=20&hallways=100&seed=7"
                           "&format=%s" % (w, h, ts, fmt))
    out += ["/dungeon?seed=1", "/dungeon?w=0&format=json"]
    return out


def random_dungeons(n):
    rnd = random.Random(27)
    fmts = ("html", "json", "text", "png", "vtt")
    out = []
    for i in range(n):
        w = 30 if i % 4 == 0 else rnd.randint(1, 30)
        h = 30 if i % 4 == 0 else rnd.randint(1, 30)
        level = rnd.randint(1, 20)
        if i % 40 < 20:  # runs of the same mix
            hw, ts = (0, 50, 100, 37)[(i // 40) % 4], TILESETS[(i // 40) % 5]
        else:
            hw, ts = rnd.choice((0, 100, rnd.randint(0, 100))), rnd.choice(TILESETS)
        fmt = fmts[i % len(fmts)] if i % 10 else "json"
        out.append("/dungeon?w=%d&h=%d&level=%d&hallways=%d&tileset=%s&seed=%d&format=%s"
                   % (w, h, level, hw, ts, rnd.getrandbits(64), fmt))
    return out + ["/dungeon?tileset=nope&seed=1", "/dungeon?tileset=nope&seed=1&format=json"]


class TreeStack(Stack):
    """A stack started by another tree's deploy/stack.sh, so that it runs
    with that tree's templates (a daemon reads them from its tree): the old
    daemon with the old templates when a change touches templates/."""

    def __init__(self, root, *a):
        super().__init__(*a)
        self.root = root

    def _run(self, *args, check=True):
        cmd = [os.path.join(self.root, "deploy", "stack.sh"), *args, "--var", self.var]
        r = subprocess.run(cmd, cwd=self.root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if check and r.returncode != 0:
            raise bench.BenchError("%s failed:\n%s" % (" ".join(cmd), r.stdout))
        return r


def get(st, path):
    req = urllib.request.Request(st.url(path))
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()


def digest(answer):
    status, ctype, body = answer
    return "%d %s %s %d" % (status, ctype, hashlib.sha256(body).hexdigest(), len(body))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--daemon", action="append", default=[], help="twice: A, then B")
    p.add_argument("--seeds", type=int, default=2, help="how many of SEEDS per map URL")
    p.add_argument("--random", type=int, default=500, help="random seeded dungeons")
    p.add_argument("--jobs", type=int, default=4)
    p.add_argument("--root-a", help="the tree (deploy/, templates/) A runs from, e.g. "
                   "`git archive main | tar -x -C DIR`; default: this one")
    args = p.parse_args(argv)
    if len(args.daemon) != 2:
        p.error("two --daemon options")
    stacks = []
    try:
        for i, d in enumerate(args.daemon):
            var = tempfile.mkdtemp(prefix="lf-answers-", dir="/tmp")
            if i == 0 and args.root_a:
                st = TreeStack(os.path.abspath(args.root_a), os.path.abspath(d), var,
                               bench.free_port(), 2)
            else:
                st = Stack(os.path.abspath(d), var, bench.free_port(), 2)
            stacks.append(st)
            log("starting stack %s (%s) on port %d" % ("AB"[i], d, st.port))
            st.start()
        seeds = SEEDS[:args.seeds]
        urls = map_urls(seeds) + dungeon_urls(seeds[:1]) + random_dungeons(args.random)
        same = differ = 0
        codes = []
        with ThreadPoolExecutor(args.jobs) as ex:
            for rnd in (urls, None):
                if rnd is None:  # the dungeon codes of the JSON answers
                    rnd = [u for c in codes for u in ("/dungeon/" + c,
                                                      "/dungeon/" + c + "?format=json",
                                                      "/dungeon/" + c + "?format=text")]
                a = list(ex.map(lambda u: get(stacks[0], u), rnd))
                b = list(ex.map(lambda u: get(stacks[1], u), rnd))
                for u, x, y in zip(rnd, a, b):
                    if x == y:
                        same += 1
                    else:
                        differ += 1
                        print("DIFFERENT %s: A %s, B %s" % (u, digest(x), digest(y)))
                    if u.startswith("/dungeon?") and "format=json" in u and x[0] == 200:
                        c = json.loads(x[2]).get("code")
                        if c:
                            codes.append(c)
        print("%d answers the same, %d different (%d map URLs, %d dungeon URLs, %d random "
              "dungeons, %d codes)" % (same, differ, len(map_urls(seeds)),
                                       len(dungeon_urls(seeds[:1])), args.random, len(codes)))
        return 1 if differ else 0
    finally:
        for st in stacks:
            st.stop()
            shutil.rmtree(st.var, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
