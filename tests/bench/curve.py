#!/usr/bin/env python3
"""make bench-curve: the load curve, the batch against singles, and where the
daemon's memory goes.

Starts the stack as bench.py does (its Stack, wrk and AccessLog), then:

  curve    GET /generate as HTML and as JSON at 1, 8, 32, 128 and 512
           connections: requests/s and p99, each point the median of
           --repeat runs (the machine is shared: one run is noise);
  batch    GET /generate?count=100 (JSON) against GET /generate (JSON) at 32
           connections, items/s of each, median of --repeat;
  memory   the daemon's Pss (supervisor and workers), split by mapping
           (/proc/PID/smaps): heap and malloc arenas, thread stacks, the
           binary and its libraries, other anonymous memory; with the
           shipped catalog and, unless --no-x1000, with the x1000 catalog.

Writes a table between the curve markers of docs/benchmarks.md and the plot
docs/bench-curve.svg (drawn here, no plotting package needed). Nothing is
asserted; the exit status says only whether the run worked.
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the stack, wrk and the access log)

DOC = bench.DOC
SVG = os.path.join(bench.ROOT, "docs", "bench-curve.svg")
BEGIN = "<!-- curve:begin (written by make bench-curve; edits between the markers are lost) -->"
END = "<!-- curve:end -->"
CONNECTIONS = (1, 8, 32, 128, 512)
CURVES = (("html", "card, HTML", "/generate", ()),
          ("json", "item, JSON", "/generate", ("Accept: application/json",)))


def median_run(args, st, access, path, headers, connections, repeat):
    runs = [bench.wrk(args, st, access, path, headers, connections=connections)
            for _ in range(repeat)]
    return {"rps": statistics.median(r["rps"] for r in runs),
            "p99": statistics.median(r["p99"] for r in runs),
            "p50": statistics.median(r["p50"] for r in runs),
            "cpu_daemon_us": statistics.median(r["cpu_daemon_us"] for r in runs),
            "non2xx": sum(r["non2xx"] for r in runs),
            "all_rps": [r["rps"] for r in runs], "all_p99": [r["p99"] for r in runs]}


# ------------------------------------------------------------------ memory

def classify(name, prev_anon_small):
    if name.startswith("[heap]"):
        return "heap (main arena)"
    if name.startswith("[stack"):
        return "main stack"
    if name.startswith("/"):
        if "lootforged" in name:
            return "the binary"
        if "/templates/" in name or name.endswith(".tpl"):
            return "files (templates)"
        return "shared libraries"
    if name.startswith("["):
        return "kernel ([vdso], [vvar])"
    return "anonymous"


def smaps(pid):
    """[(start, end, perms, name, pss_kb, rss_kb)] of one process."""
    out, cur = [], None
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            head = line.split()
            if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                start, end = (int(x, 16) for x in head[0].split("-"))
                cur = [start, end, head[1], head[5] if len(head) > 5 else "", 0, 0]
                out.append(cur)
            elif head[0] == "Pss:":
                cur[4] = int(head[1])
            elif head[0] == "Rss:":
                cur[5] = int(head[1])
    return out


def breakdown(pid, threads):
    """Pss by kind. Anonymous mappings are told apart by shape: a thread
    stack is a read-write mapping directly above a guard page (---p) of one
    page; a malloc arena is a 64 MiB-aligned reservation (rw part + ---p
    rest); the rest is plain anonymous memory (the catalog, caches, mmap'd
    malloc blocks)."""
    maps = smaps(pid)
    kinds = {}
    for i, (start, end, perms, name, pss, rss) in enumerate(maps):
        kind = classify(name, None)
        if kind == "anonymous":
            prev = maps[i - 1] if i else None
            nxt = maps[i + 1] if i + 1 < len(maps) else None
            if prev and prev[2].startswith("---") and prev[1] == start and \
                    prev[1] - prev[0] <= 64 * 1024 and not prev[3]:
                kind = "thread stacks"
            elif start % (64 << 20) == 0 and nxt and nxt[2].startswith("---") and not nxt[3] \
                    and nxt[0] == end:
                kind = "malloc arenas (threads)"
        kinds[kind] = kinds.get(kind, 0) + pss
    return kinds


def memory(st):
    pids = bench.daemon_pids(st)
    roles = ["supervisor"] + ["worker"] * (len(pids) - 1) if len(pids) > 1 else ["daemon"]
    procs = []
    for p, role in zip(pids, roles):
        status = bench.vm_status(p)
        procs.append({"pid": p, "role": role, "status": status,
                      "kinds": breakdown(p, status["Threads"])})
    return procs


# ------------------------------------------------------------------ report

def fmt_ms(v):
    return "%.2f ms" % v


def fmt_int(v):
    return format(int(round(v)), ",")


def svg(curves):
    """Two panels (requests/s, p99 on a log axis), connections on a log axis."""
    W, H, M = 860, 340, 60
    pw = (W - 3 * M) // 2
    colours = {"html": "#b5512b", "json": "#2b6cb5"}
    xs = CONNECTIONS
    import math

    def xpos(c, x0):
        return x0 + (math.log2(c) - math.log2(xs[0])) / (math.log2(xs[-1]) - math.log2(xs[0])) * pw

    def nice(v):
        e = 10 ** math.floor(math.log10(v))
        for m in (1, 2, 2.5, 5, 10):
            if m * e >= v:
                return m * e
        return 10 * e

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H + 40),
           '<rect width="100%" height="100%" fill="white"/>']
    # requests/s on a linear axis from 0; p99 on a log axis (it spans two or
    # three decades from 1 to 512 connections), gridlines at 1, 2, 5 x 10^k.
    for panel, (key, title, unit, logy) in enumerate((("rps", "requests/s", "", False),
                                                     ("p99", "p99 latency, log scale", " ms",
                                                      True))):
        x0 = M + panel * (pw + M)
        vals = [p[key] for c in curves.values() for p in c if p[key] > 0] or [1]
        if logy:
            lo = 10 ** math.floor(math.log10(min(vals)))
            hi = 10 ** math.ceil(math.log10(max(vals) * 1.05))
            if hi <= lo:
                hi = lo * 10
            ticks = [m * 10 ** e for e in range(round(math.log10(lo)), round(math.log10(hi)) + 1)
                     for m in (1, 2, 5) if lo <= m * 10 ** e <= hi]

            def frac(v, lo=lo, hi=hi):
                v = max(v, lo)
                return (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
        else:
            ymax = nice(max(vals) * 1.05)
            ticks = [ymax * i / 4 for i in range(5)]

            def frac(v, ymax=ymax):
                return v / ymax
        out.append('<text x="%d" y="20" font-weight="bold">%s (median of 3)</text>' % (x0, title))
        out.append('<rect x="%d" y="30" width="%d" height="%d" fill="none" stroke="#888"/>'
                   % (x0, pw, H - 60))
        for v in ticks:
            y = 30 + (H - 60) * (1 - frac(v))
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                       % (x0, x0 + pw, y, y))
            if unit == " ms" and v >= 1000:  # "1 s", narrower than "1000 ms"
                label = "%g s" % (v / 1000)
            else:
                label = ("%.0f" % v if v >= 10 or v == 0 else "%g" % v) + unit
            out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (x0 - 4, y + 4, label))
        for c in xs:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>'
                       % (xpos(c, x0), H - 14, c))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">connections</text>'
                   % (x0 + pw / 2, H + 4))
        for name, pts in curves.items():
            coords = [(xpos(c, x0), 30 + (H - 60) * (1 - frac(p[key]))) for c, p in zip(xs, pts)]
            out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                       % (colours[name], " ".join("%.1f,%.1f" % xy for xy in coords)))
            for x, y in coords:
                out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (x, y, colours[name]))
    for i, (name, label, _, _) in enumerate(CURVES):
        out.append('<rect x="%d" y="%d" width="14" height="4" fill="%s"/>'
                   % (M + i * 280, H + 22, colours[name]))
        out.append('<text x="%d" y="%d">GET /generate, %s</text>' % (M + i * 280 + 20, H + 28, label))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def mem_lines(title, procs):
    kinds = sorted({k for p in procs for k in p["kinds"]})
    lines = ["%s:" % title, "",
             "| Pss, KiB | " + " | ".join("%s %d" % (p["role"], p["pid"]) for p in procs)
             + " | all |",
             "|---|" + "---:|" * (len(procs) + 1)]
    for k in sorted(kinds, key=lambda k: -sum(p["kinds"].get(k, 0) for p in procs)):
        vals = [p["kinds"].get(k, 0) for p in procs]
        lines.append("| %s | %s | %s |" % (k, " | ".join(fmt_int(v) for v in vals),
                                           fmt_int(sum(vals))))
    tot = [p["status"]["Pss"] for p in procs]
    lines.append("| **total Pss** | %s | **%.1f MiB** |"
                 % (" | ".join(fmt_int(v) for v in tot), sum(tot) / 1024))
    lines.append("| threads | %s | |" % " | ".join(str(p["status"]["Threads"]) for p in procs))
    return lines


def report(args, R, command):
    lines = ["Run %s on %s." % (time.strftime("%Y-%m-%d %H:%M"), bench.machine()), "",
             "Command: `%s`" % command, "",
             "wrk: 1 thread, %d s per point after a %d s warm-up, each point the median of %d "
             "runs (all runs' requests/s in the last column); daemon `--workers %d`; nginx, "
             "wrk and the daemon share the cores, nothing pinned."
             % (args.duration, args.warmup, args.repeat, args.workers), "",
             "| connections | card HTML req/s | p99 | item JSON req/s | p99 | non-2xx | "
             "runs, HTML · JSON req/s |",
             "|---:|---:|---:|---:|---:|---:|---|"]
    for i, c in enumerate(CONNECTIONS):
        h, j = R["curve"]["html"][i], R["curve"]["json"][i]
        lines.append("| %d | %s | %s | %s | %s | %d | %s · %s |"
                     % (c, fmt_int(h["rps"]), fmt_ms(h["p99"]), fmt_int(j["rps"]),
                        fmt_ms(j["p99"]), h["non2xx"] + j["non2xx"],
                        "/".join(fmt_int(v) for v in h["all_rps"]),
                        "/".join(fmt_int(v) for v in j["all_rps"])))
    lines += ["", "![requests/s and p99 against connections](bench-curve.svg)", ""]
    b, s = R["batch"], R["single"]
    ratio = b["rps"] * 100 / s["rps"]
    lines += ["| %d connections, median of %d | requests/s | items/s | p50 | p99 | "
              "daemon CPU µs/request |" % (args.connections, args.repeat),
              "|---|---:|---:|---:|---:|---:|",
              "| GET /generate, JSON (one item) | %s | %s | %s | %s | %.1f |"
              % (fmt_int(s["rps"]), fmt_int(s["rps"]), fmt_ms(s["p50"]), fmt_ms(s["p99"]),
                 s["cpu_daemon_us"]),
              "| GET /generate?count=100, JSON | %s | %s | %s | %s | %.1f |"
              % (fmt_int(b["rps"]), fmt_int(b["rps"] * 100), fmt_ms(b["p50"]), fmt_ms(b["p99"]),
                 b["cpu_daemon_us"]),
              "", "Items/s in batches of 100 over items/s one by one: **%.1f×**." % ratio, ""]
    lines += mem_lines("Daemon memory, shipped catalog, after the curve", R["mem"])
    if R.get("mem_x1000"):
        lines += [""] + mem_lines("Daemon memory, catalog x1000 (%s rows) live, after a "
                                  "%d s load of GET /generate" % (fmt_int(R["x1000_rows"]),
                                                                  args.duration),
                                  R["mem_x1000"])
    return "\n".join(lines) + "\n"


def write_doc(path, text):
    block = BEGIN + "\n" + text + END + "\n"
    with open(path) as f:
        old = f.read()
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END) + 1:]
    else:
        new = old.rstrip("\n") + "\n\n## The curve, the batch and the memory\n\n" + block
    with open(path + ".new", "w") as f:
        f.write(new)
    os.replace(path + ".new", path)


def measure(args):
    var = tempfile.mkdtemp(prefix="lootforge-curve-")
    st = bench.Stack(args.daemon, var, args.port or bench.free_port(), args.workers)
    R, ok = {}, False
    try:
        bench.log("starting the stack in " + var)
        st.start()
        if args.nginx_keepalive:
            st.set_nginx_keepalive(args.nginx_keepalive)
        access = bench.AccessLog(st.path("log", "nginx-access.log"))
        R["curve"] = {}
        for key, label, path, headers in CURVES if not args.no_curve else ():
            R["curve"][key] = []
            for c in CONNECTIONS:
                bench.log("curve: %s, %d connections" % (label, c))
                R["curve"][key].append(median_run(args, st, access, path, headers, c,
                                                  args.repeat))
        json_h = ("Accept: application/json",)
        bench.log("batch of 100 against singles")
        R["single"] = median_run(args, st, access, "/generate", json_h, args.connections,
                                 args.repeat)
        R["batch"] = median_run(args, st, access, "/generate?count=100", json_h,
                                args.connections, args.repeat)
        R["mem"] = memory(st)
        if not args.no_x1000:
            bench.log("growing the catalog by %d synthetic rows" % args.rows)
            st.sql(subprocess.run([sys.executable, os.path.join(bench.HERE, "synth_catalog.py"),
                                   "--rows", str(args.rows)], capture_output=True, text=True,
                                  check=True).stdout)
            rev = int(st.sql("SELECT revision FROM catalog_revision WHERE id = 1;").strip())
            R["x1000_rows"], _ = bench.wait_for_revision(st, rev)
            bench.wrk(args, st, access, "/generate")
            R["mem_x1000"] = memory(st)
        ok = True
    finally:
        st.stop()
        if ok and not args.keep:
            shutil.rmtree(var, ignore_errors=True)
        else:
            bench.log("var dir kept: " + var)
    return R


def parse_args(argv):
    ap = argparse.ArgumentParser(description="The load curve, batch vs singles, and memory "
                                 "(see the top of tests/bench/curve.py).")
    ap.add_argument("--daemon", default=os.path.join(bench.ROOT, "build", "rel", "lootforged"))
    ap.add_argument("--threads", type=int, default=1, help="wrk threads (default 1)")
    ap.add_argument("--connections", type=int, default=32,
                    help="connections for batch vs singles (default 32)")
    ap.add_argument("--duration", type=int, default=5, help="seconds per run (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="seconds of warm-up per run (1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per point, median (3)")
    ap.add_argument("--workers", type=int, default=2,
                    help="daemon worker threads per process (default 2, as make run)")
    ap.add_argument("--nginx-keepalive", type=int, default=0, metavar="N")
    ap.add_argument("--rows", type=int, default=100000, help="synthetic rows for x1000")
    ap.add_argument("--no-curve", action="store_true",
                    help="only the batch and the memory (implies --no-doc)")
    ap.add_argument("--no-x1000", action="store_true", help="skip the grown catalog's memory")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--no-doc", action="store_true", help="print only")
    ap.add_argument("--keep", action="store_true", help="keep the temp var dir")
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    for tool in ("wrk", "mariadb", "nginx"):
        if not shutil.which(tool):
            print("bench-curve: %s is not installed (make deps)" % tool, file=sys.stderr)
            return 1
    if not os.access(args.daemon, os.X_OK):
        print("bench-curve: %s is not built" % args.daemon, file=sys.stderr)
        return 1
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, f: sys.exit(128 + s))
    shown, rest = [], list(argv)
    while rest:  # what `make bench-curve` passes itself is not worth recording
        a = rest.pop(0)
        if a == "--daemon" and rest:
            rest.pop(0)
            continue
        shown.append(a)
    command = "make bench-curve" + (" CURVE_ARGS='%s'" % " ".join(shown) if shown else "")
    try:
        R = measure(args)
    except bench.BenchError as e:
        print("bench-curve: " + str(e), file=sys.stderr)
        return 1
    if args.no_curve:
        args.no_doc = True
        R["curve"] = {k: [dict(rps=0, p99=0, p50=0, non2xx=0, all_rps=[])] * len(CONNECTIONS)
                      for k, _, _, _ in CURVES}
    text = report(args, R, command)
    print()
    print(text)
    if not args.no_doc:
        write_doc(DOC, text)
        with open(SVG, "w") as f:
            f.write(svg(R["curve"]))
        bench.log("written to docs/benchmarks.md and docs/bench-curve.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
