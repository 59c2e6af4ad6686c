#!/usr/bin/env python3
"""make bench-routes: every route at its most expensive legal parameters,
each against a static file of its own size, in the same minute.

For each route: GET it once, write those bytes into public/ (deleted at the
end), load the static file with wrk, then the route, and report requests/s,
p50, p99, the ratio to the static file and the daemon's CPU per request
(its CPU time over the test divided by the requests, as make bench does).

With two --daemon options (A/B), both stacks run at once and each route is
loaded on the static file, then A, then B, back to back; the table gives
both, and whether A and B answered the same bytes. docs/benchmarks.md,
"Issue 27: every route". Not a test: nothing here asserts a time.

With --rounds R the routes are loaded R times in turn, the table gives each
figure's median over the rounds, and each route's daemon CPU is also given
as a multiple of the card's measured in the same round (when the card is
among the routes): the host's speed drifts by more than a change worth
having over a run, and a ratio taken within a round cancels most of it.
"""

import argparse
import os
import sys
import tempfile
import shutil
import signal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the stack, wrk and the CPU accounting)
from bench import ROOT, BenchError, Stack, AccessLog, log  # noqa: E402

UNCACHED = "X-Bench-Uncached: 1"
JSON = "Accept: application/json"


def routes(st):
    """(name, path, headers, cached_by) for every route; the parameters are
    the largest the route takes (docs/benchmarks.md says which)."""
    codes = bench.item_codes(st)
    loadout = bench.loadout_path(st, codes[:32])
    _, dungeon = st.get("/dungeon?w=30&h=30&seed=7&format=json")
    import json
    dcode = json.loads(dungeon)["code"]
    # a full visitor cookie (docs/loadout.md): a loadout of 10 (one held,
    # the rest carried), 50 kept items and 20 recent rolls
    visitor = "Cookie: lf_visitor=1~%s~%s~%s" % (
        ".".join([codes[0] + ":main-hand"] + codes[1:10]), ".".join(codes[10:60]),
        ".".join(codes[60:80]))
    return [
        ("healthz", "/healthz", (), ""),
        ("card", "/generate", (), ""),
        ("item", "/generate", (JSON,), ""),
        # the card and the item with that cookie: the visitor's forms and
        # recent rolls written back; the JSON's compare against the loadout
        ("card-cookie", "/generate", (visitor,), ""),
        ("item-cookie", "/generate", (visitor, JSON), ""),
        ("batch", "/generate?count=100&format=json", (), ""),
        ("itemcode", "/item/" + codes[0], (UNCACHED,), ""),
        ("itemcode-json", "/item/" + codes[0], (UNCACHED, JSON), ""),
        ("itemcode-nginx", "/item/" + codes[0], (), "nginx"),
        ("index", "/", (), ""),
        ("catalog", "/catalog.json", (), "nginx"),
        ("catalog-rev1", "/catalog.json?rev=1", (), "nginx"),
        ("words", "/words", (), "nginx"),
        ("words-json", "/words?format=json", (), "nginx"),
        ("spells", "/spells", (), "nginx"),
        ("spells-json", "/spells?format=json", (), "nginx"),
        ("map30", "/map?w=30&h=30&seed=7", (), "nginx"),
        ("map30-json", "/map?w=30&h=30&seed=7&format=json", (), "nginx"),
        ("map30-loot", "/map?w=30&h=30&seed=7&loot=6", (), "nginx"),
        ("map30-fresh", "/map?w=30&h=30&loot=6", (), ""),
        ("map30-fresh-json", "/map?w=30&h=30&loot=6&format=json", (), ""),
        ("dungeon30", "/dungeon?w=30&h=30&seed=7", (), "nginx"),
        ("dungeon30-json", "/dungeon?w=30&h=30&seed=7&format=json", (), "nginx"),
        ("dungeon30-png", "/dungeon?w=30&h=30&seed=7&format=png", (), "nginx"),
        ("dungeon30-vtt", "/dungeon?w=30&h=30&seed=7&format=vtt", (), "nginx"),
        ("dungeon30-max", "/dungeon?w=30&h=30&seed=7&level=20&hallways=100", (), "nginx"),
        ("dungeon30-fresh", "/dungeon?w=30&h=30&level=20&hallways=100", (), ""),
        # level 20 at the default hallways (50): the most rooms with items,
        # the largest JSON (~185 KB; hallways 0 or 100 ~35-40 KB)
        ("dungeon30-l20-json", "/dungeon?w=30&h=30&seed=7&level=20&format=json", (), "nginx"),
        ("dungeon30-fresh-json", "/dungeon?w=30&h=30&level=20&format=json", (), ""),
        ("dungeon30-fresh-png", "/dungeon?w=30&h=30&level=20&hallways=100&format=png", (), ""),
        # the default hallways: the most rooms (and items, which a picture
        # does not show)
        ("dungeon30-fresh-png50", "/dungeon?w=30&h=30&level=20&format=png", (), ""),
        ("dungeon-code", "/dungeon/" + dcode, (), "nginx"),
        ("loadout32", loadout, (), ""),
        ("loadout32-json", loadout + "&format=json", (), ""),
        ("submit", "/submit", (), ""),
        ("login", "/login", (), ""),
        # last: its 33 change sets (made on every stack when its turn comes,
        # path None until then) move the catalog on
        ("loadout32-old-json", None, (), ""),
    ]


def fetch(st, path, headers):
    h = dict(x.split(": ", 1) for x in headers)
    return st.get(path, h)


def measure(args):
    stacks, files = [], []
    try:
        for i, d in enumerate(args.daemon):
            var = tempfile.mkdtemp(prefix="lf-routes-", dir="/tmp")
            st = Stack(os.path.abspath(d), var, bench.free_port(), args.workers)
            stacks.append(st)
            log("starting stack %s (%s) on port %d" % ("AB"[i], d, st.port))
            st.start()
            st.item_cache_bypass()
            st.access = AccessLog(st.path("log", "nginx-access.log"))
        table = routes(stacks[0])
        if args.only:
            table = [r for r in table if r[0] in args.only.split(",")]
        rows = []
        for name, path, headers, cached in table:
            if path is None:  # the 32 old revisions, the same on every stack
                path = [bench.old_revisions_loadout(st) for st in stacks][0]
            status, body = fetch(stacks[0], path, headers)
            if status != 200:
                raise BenchError("GET %s answered %d" % (path, status))
            same = ""
            if len(stacks) > 1 and not name.endswith("fresh") and "fresh" not in name:
                s2, b2 = fetch(stacks[1], path, headers)
                same = "same" if (s2, b2) == (status, body) else "DIFFERENT"
            fname = "bench-route-%d-%s.bin" % (os.getpid(), name)
            fpath = os.path.join(ROOT, "public", fname)
            with open(fpath, "wb") as f:
                f.write(body)
            files.append(fpath)
            rows.append([name, path, headers, cached, len(body), fname, [], same])
        for rnd in range(args.rounds):
            for name, path, headers, _, size, fname, rounds, _ in rows:
                log("wrk: %s (%d bytes): static%s" % (
                    name, size, "" if args.rounds == 1 else ", round %d" % (rnd + 1)))
                ceil = bench.wrk(args, stacks[0], stacks[0].access, "/" + fname)
                res = []
                for st in stacks:
                    log("wrk: %s on %s" % (name, st.daemon))
                    res.append(bench.wrk(args, st, st.access, path, headers))
                rounds.append((ceil, res))
        return rows
    finally:
        for f in files:
            try:
                os.unlink(f)
            except FileNotFoundError:
                pass
        for st in stacks:
            st.stop()
            shutil.rmtree(st.var, ignore_errors=True)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def merged(rounds):
    """One round's (ceil, res), or the median of every figure over them (the
    non-2xx answers summed: none is to go unseen)."""
    if len(rounds) == 1:
        return rounds[0]

    def med(results):
        m = {k: median([r[k] for r in results])
             for k in ("rps", "p99", "cpu_nginx_us", "cpu_daemon_us")}
        m["non2xx"] = sum(r["non2xx"] for r in results)
        return m
    return (med([c for c, _ in rounds]),
            [med([res[i] for _, res in rounds]) for i in range(len(rounds[0][1]))])


def card_multiples(args, rows):
    """Each route's daemon CPU over the card's in the same round, round by
    round, and their median (A and B apart)."""
    card = [rounds for name, _, _, _, _, _, rounds, _ in rows if name == "card"]
    if args.rounds < 2 or not card:
        return ""
    names = ["A", "B"][:len(args.daemon)]
    out = ["", "", "Daemon CPU per request over the card's in the same round (%d rounds):" %
           args.rounds, ""]
    out += ["| route |" + "".join(" %s rounds | %s median |" % (n, n) for n in names),
            "|---|" + "---|---:|" * len(names)]
    for name, _, _, _, _, _, rounds, _ in rows:
        if name == "card":
            continue
        line = "| %s |" % name
        for i in range(len(names)):
            xs = [res[i]["cpu_daemon_us"] / cres[i]["cpu_daemon_us"]
                  for (_, res), (_, cres) in zip(rounds, card[0])]
            # two decimals: a target such as "within 10% of the card" is
            # read from these
            line += " %s | **%.2f×** |" % (" ".join("%.2f" % x for x in xs), median(xs))
        out.append(line)
    return "\n".join(out)


def report(args, rows):
    names = ["A", "B"][:len(args.daemon)]
    out = []
    head = "| route | bytes | static req/s |"
    sep = "|---|---:|---:|"
    for n in names:
        pre = n + " " if len(names) > 1 else ""
        head += " %sreq/s | %svs static | %sp99 | %sµs/req nginx · daemon |" % (pre, pre, pre,
                                                                                pre)
        sep += "---:|---:|---:|---:|"
    head += " cached by |"
    sep += "---|"
    if len(names) > 1:
        head += " A = B |"
        sep += "---|"
    out += [head, sep]
    for name, path, headers, cached, size, _, rounds, same in rows:
        ceil, res = merged(rounds)
        label = "`GET %s`%s" % (path if len(path) < 60 else path[:57] + "...",
                                "".join(" (%s)" % (h if len(h) < 60 else h[:57] + "...")
                                        for h in headers))
        line = "| %s | %d | %s (nginx %.1f µs) |" % (label, size, "{:,.0f}".format(ceil["rps"]),
                                                      ceil["cpu_nginx_us"])
        for r in res:
            line += " %s | %.0f%% | %.2f ms | %.1f · %.1f |" % (
                "{:,.0f}".format(r["rps"]), 100 * r["rps"] / ceil["rps"], r["p99"],
                r["cpu_nginx_us"], r["cpu_daemon_us"])
            if r["non2xx"]:
                line += " (%d non-2xx)" % r["non2xx"]
        line += " %s |" % (cached or "")
        if len(names) > 1:
            line += " %s |" % same
        out.append(line)
    return "\n".join(out) + card_multiples(args, rows)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--daemon", action="append", default=[],
                   help="the daemon (twice for A/B: both stacks run at once)")
    p.add_argument("--only", help="comma-separated route names")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--connections", type=int, default=32)
    p.add_argument("--duration", type=int, default=5)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rounds", type=int, default=1,
                   help="load the routes this many times in turn: medians, and multiples "
                        "of the card's daemon CPU round by round")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds: at least 1")
    if not args.daemon:
        args.daemon = [os.path.join(ROOT, "build", "rel", "lootforged")]
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, f: sys.exit(128 + s))
    with open("/proc/loadavg") as f:
        load0 = f.read().split()[:3]
    try:
        rows = measure(args)
    except BenchError as e:
        print("bench-routes: " + str(e), file=sys.stderr)
        return 1
    with open("/proc/loadavg") as f:
        load1 = f.read().split()[:3]
    print()
    print("Load average (1, 5, 15 min) %s before, %s after; %d connections, %d s per test"
          " after %d s of warm-up%s; %s." % (" ".join(load0), " ".join(load1), args.connections,
                                           args.duration, args.warmup,
                                           "" if args.rounds == 1 else
                                           ", %d rounds (medians)" % args.rounds,
                                           ", ".join("%s = %s" % (n, d) for n, d in
                                                     zip("AB", args.daemon))))
    print()
    print(report(args, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
