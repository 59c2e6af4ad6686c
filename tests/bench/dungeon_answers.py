#!/usr/bin/env python3
"""Many /dungeon answers of two daemons, byte for byte (issue 27).

    tests/bench/dungeon_answers.py OLD NEW [--old-tree DIR] [--n N]

Starts a stack for each daemon and asks both the same N seeded dungeons
(every tileset, sizes 1..30 with every fourth 30 x 30, levels 1..20,
hallways 0, 100 and random, runs of the same mix so a worker's kept
tileset is used, HTML, JSON, text, PNG and .dd2vtt), refusals (an unknown
tileset), and the HTML, JSON and text of /dungeon/CODE for 60 of the codes
the JSON answers named. Prints every difference and a count. A stack takes
its templates from the tree its deploy/stack.sh is in: --old-tree names the
old daemon's tree (e.g. `git archive main | tar -x -C DIR`), so a template
change is compared too. Not a test (make check does not run it): a tool
for a change that must keep every answer's bytes."""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import urllib.error

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
from bench import Stack  # noqa: E402

TILESETS = ["plain", "ruins", "walls", "curvy", "crumbling"]
FORMATS = ["html", "json", "text", "png", "vtt"]


class TreeStack(Stack):
    """A stack started by another tree's deploy/stack.sh (its templates)."""

    def __init__(self, tree, *args):
        super().__init__(*args)
        self.tree = tree

    def _run(self, *args, check=True):
        cmd = [os.path.join(self.tree, "deploy", "stack.sh"), *args, "--var", self.var]
        r = subprocess.run(cmd, cwd=self.tree, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if check and r.returncode != 0:
            raise bench.BenchError("%s failed:\n%s" % (" ".join(cmd), r.stdout))
        return r


def get(st, path):
    try:
        return st.get(path, {})
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def paths(n):
    rnd = random.Random(27)
    out = []
    for i in range(n):
        w = 30 if i % 4 == 0 else rnd.randint(1, 30)
        h = 30 if i % 4 == 0 else rnd.randint(1, 30)
        level = rnd.randint(1, 20)
        if i % 40 < 20:  # runs of the same mix
            hw, ts = [0, 50, 100, 37][(i // 40) % 4], TILESETS[(i // 40) % 5]
        else:
            hw, ts = rnd.choice([0, 100, rnd.randint(0, 100)]), rnd.choice(TILESETS)
        fmt = FORMATS[i % len(FORMATS)] if i % 10 else "json"
        out.append("/dungeon?w=%d&h=%d&level=%d&hallways=%d&tileset=%s&seed=%d&format=%s"
                   % (w, h, level, hw, ts, rnd.getrandbits(64), fmt))
    return out + ["/dungeon?tileset=nope&seed=1", "/dungeon?tileset=nope&seed=1&format=json"]


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--old-tree", default=bench.ROOT)
    ap.add_argument("--n", type=int, default=500)
    args = ap.parse_args(argv)
    stacks = []
    try:
        for tree, d in ((args.old_tree, args.old), (bench.ROOT, args.new)):
            var = tempfile.mkdtemp(prefix="lf-dgans-", dir="/tmp")
            st = TreeStack(os.path.abspath(tree), os.path.abspath(d), var, bench.free_port(), 2)
            stacks.append(st)
            st.start()
        same = diff = size = 0
        codes = []

        def compare(path):
            nonlocal same, diff, size
            a, b = get(stacks[0], path), get(stacks[1], path)
            size += len(a[1])
            if a == b:
                same += 1
            else:
                diff += 1
                print("DIFFERENT: %s (%d, %d bytes; %d, %d bytes)"
                      % (path, a[0], len(a[1]), b[0], len(b[1])))
            return a

        for p in paths(args.n):
            status, body = compare(p)
            if p.endswith("format=json") and status == 200:
                codes.append(json.loads(body)["code"])
        for c in codes[:60]:
            for f in ["html", "json", "text"]:
                compare("/dungeon/%s?format=%s" % (c, f))
        print("%d answers the same (%d bytes), %d different" % (same, size, diff))
        return 1 if diff else 0
    finally:
        for st in stacks:
            st.stop()
            shutil.rmtree(st.var, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
