#!/usr/bin/env python3
"""make bench: lootforge's figures, measured in one run on this machine.

Starts the whole stack (private MariaDB, the daemon, nginx: deploy/stack.sh,
as `make run` does) under a temporary var dir on a free loopback port, loads
it with wrk, and prints one table:

  ceiling    nginx serving a static file as large as a generated card page
             (the page itself, written into public/ for the run, then deleted)
  floor      GET /healthz: the daemon answers without generating or rendering
  then       GET /generate as HTML and as JSON, a POST /generate with requested
             words, a batch of 100 (JSON), GET /item/CODE (past nginx's cache at
             the current revision and at an old one, and from the cache against
             a static file of the page's size), GET /catalog.json, /words, the
             maps, GET /loadout of 32 items from 32 old revisions (issue 31),
             GET /generate beside 8 loops of logins for made-up names (issue
             31), and GET /generate again with the catalog grown with ~100k
             synthetic rows (tests/bench/synth_catalog.py)

with requests/s, p50, p99, non-2xx answers (counted from nginx's access log,
plus wrk's socket errors) and the ratio to the ceiling; then the generator
alone in-process (tests/bench/bench_generate.c) and the daemon's resident
memory after the run. The table also goes into docs/benchmarks.md, between
the markers, with the date, the machine and the command.

Nothing is pinned: wrk (one thread), nginx (one worker) and the daemon share
the machine's cores, as they would share a small server. Everything started
is stopped at the end, also on failure or Ctrl-C. Not a test: nothing here
asserts a time; targets missed are reported, the exit status says only
whether the run worked.
"""

import argparse
import datetime
import http.client
import json
import os
import platform
import re
import resource
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STACK = os.path.join(ROOT, "deploy", "stack.sh")
HERE = os.path.join(ROOT, "tests", "bench")
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
BEGIN = "<!-- bench:begin (written by make bench; edits between the markers are lost) -->"
END = "<!-- bench:end -->"

# What POST /generate asks for: words of the shipped weapon vocabulary.
POST_BODY = ("kind=weapon&tier=3&power=2&attribute%5Belement%5D=flaming"
             "&attribute%5Bprefix%5D=sharp&attribute%5Btype%5D=longsword"
             "&attribute%5Babstract%5D=wrath")

OVERLOAD_CONNECTIONS = (512, 1024)  # rows run beside the default connections
TARGETS = {                 # issue 17 (issue 5's, tightened)
    "html_ratio": 0.55,     # the HTML card and the JSON item >= 55% of the ceiling
    "p99_single_ms": 2.0,   # the card and the JSON item, default connections
    "p99_ms": 5.0,          # the batch of 100, default connections
    "batch_gain": 10.0,     # items/s in batches of 100 >= 10x items/s one by one
    "x1000_within": 0.10,   # x1000 catalog within 10% of the normal one
    "gen_per_s": 3_000_000, # weapons per second, one core
    "pss_mib": 32.0,        # the whole daemon (Pss), shipped catalog
    "pss_x1000_mib": 64.0,  # the whole daemon (Pss), x1000 catalog
    "item_within": 0.10,    # issue 12: /item/CODE uncached within 10% of /generate
    "item_cached": 0.80,    # issue 12: /item/CODE from nginx's cache >= 80% of a static file
    "own_static": 0.50,     # issue 27: the per-revision pages, maps, dungeons vs their static file
    "card_static": 0.75,    # issue 27: the card (HTML) vs a static file of its size
    "item_static": 0.90,    # issue 27: the item (JSON) vs a static file of its size
    "card_p99_floor": 1.15, # issue 27: the card's p99 within 1.15x the FastCGI floor's
}

# Issue 27: rows measured right after a static file of their own answer's
# size (the answer itself, written into public/ for the run), so that each
# is compared with what nginx does for the same bytes in the same minute.
OWN_STATIC = ("json", "catalog", "words", "wordsjson", "spells", "map30", "map30json",
              "dungeon30", "dungeon30json", "dungeon30png", "dungeon30vtt")


class BenchError(Exception):
    pass


def log(msg):
    print("bench: " + msg, flush=True)


def loadout_path(st, codes):
    """A /loadout address of these items, each worn where the rules put it
    (its "equip" link followed), or in the pack when its kind is not worn."""
    path = "/loadout?" + "&".join("item=" + c for c in codes)
    for i in range(len(codes)):
        status, body = st.get(path + "&format=json")
        if status != 200:
            raise BenchError("GET %s: %d" % (path, status))
        url = json.loads(body)["items"][i]["actions"]["equip"]
        if url:
            path = url[:-len("&format=json")] if url.endswith("&format=json") else url
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%d cores (nproc), %s, Linux %s" % (os.cpu_count() or 0, model, platform.release())


# ---------------------------------------------------------------- the stack

class Stack:
    def __init__(self, daemon, var, port, workers):
        self.daemon, self.var, self.port, self.workers = daemon, var, port, workers
        self.running = False

    def _run(self, *args, check=True):
        cmd = [STACK, *args, "--var", self.var]
        r = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if check and r.returncode != 0:
            raise BenchError("%s failed:\n%s" % (" ".join(cmd), r.stdout))
        return r

    def start(self):
        self.running = True  # a failed start still needs a stop
        self._run("start", "--port", str(self.port), "--daemon", self.daemon,
                  "--workers", str(self.workers))

    def stop(self):
        if self.running:
            self._run("stop", check=False)
            self.running = False

    def nginx_keepalive(self):
        with open(self.path("nginx.conf")) as f:
            m = re.search(r"(?m)^\s*keepalive (\d+);", f.read())
        return int(m.group(1)) if m else None

    def _rewrite_conf(self, pattern, repl, what, many=False):
        """Rewrites the generated nginx.conf (in the temp var dir; stack.sh's
        template is not touched) and reloads nginx."""
        conf = self.path("nginx.conf")
        with open(conf) as f:
            text = f.read()
        text, count = re.subn(pattern, repl, text)
        if count != 1 and not (many and count > 1):
            raise BenchError("no %s in %s" % (what, conf))
        with open(conf, "w") as f:
            f.write(text)
        with open(self.path("run", "nginx.pid")) as f:
            old = set(children(int(f.read().split()[0])))
        subprocess.run(["nginx", "-p", self.var + "/", "-e", self.path("log", "nginx-error.log"),
                        "-c", conf, "-s", "reload"], check=True, capture_output=True)
        end = time.time() + 10
        while time.time() < end:  # the old worker gone, a new one there
            with open(self.path("run", "nginx.pid")) as f:
                now = set(children(int(f.read().split()[0])))
            if now and not (now & old):
                return
            time.sleep(0.1)
        raise BenchError("nginx did not reload")

    def set_nginx_keepalive(self, n):
        self._rewrite_conf(r"(?m)^(\s*keepalive) \d+;", r"\g<1> %d;" % n,
                           "upstream keepalive line")

    def item_cache_bypass(self):
        """Lets a request with the header `X-Bench-Uncached: 1` past nginx's
        cache (/item/, and every other location that keeps answers) (neither looked up nor stored), so that /item/CODE can be
        measured at the daemon through the same nginx path as /generate; every
        other request is cached as shipped."""
        self._rewrite_conf(r"(?m)^(\s*)(fastcgi_cache lf_items;)",
                           r"\1\2\n\1fastcgi_cache_bypass $http_x_bench_uncached;"
                           r"\n\1fastcgi_no_cache $http_x_bench_uncached;",
                           "fastcgi_cache lf_items line", many=True)

    def url(self, path):
        return "http://127.0.0.1:%d%s" % (self.port, path)

    def path(self, *p):
        return os.path.join(self.var, *p)

    def daemon_pid(self):
        with open(self.path("run", "daemon.pid")) as f:
            return int(f.read().split()[0])

    def sql(self, statements):
        r = subprocess.run(["mariadb", "--no-defaults", "--socket=" + self.path("run", "mysqld.sock"),
                            "-uroot", "--batch", "--skip-column-names", "lootforge"],
                           input=statements, capture_output=True, text=True)
        if r.returncode != 0:
            raise BenchError("SQL failed: " + r.stderr.strip())
        return r.stdout

    def get(self, path, headers=None):
        req = urllib.request.Request(self.url(path), headers=headers or {})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read()


# ---------------------------------------------------------------- processes

TICK = os.sysconf("SC_CLK_TCK")


def proc_stat(pid):
    """(ppid, CPU seconds used) of a process, from /proc/PID/stat."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def children(ppid):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if proc_stat(int(d))[0] == ppid:
                    out.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return out


def cpu_of(pids):
    total = 0.0
    for p in pids:
        try:
            total += proc_stat(p)[1]
        except OSError:
            pass
    return total


def daemon_pids(stack):
    """The daemon's processes: the one in the pid file (the supervisor, or
    the only one with --processes 0) and its children (the workers)."""
    top = stack.daemon_pid()
    return [top] + children(top)


def nginx_pids(stack):
    with open(stack.path("run", "nginx.pid")) as f:
        master = int(f.read().split()[0])
    return [master] + children(master)


# ---------------------------------------------------------------------- wrk

def to_ms(text):
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not m:
        raise BenchError("cannot read wrk latency %r" % text)
    v = float(m.group(1))
    return v * {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}[m.group(2)]


class AccessLog:
    """Counts the statuses nginx logged since the last mark."""

    def __init__(self, path):
        self.path, self.at = path, 0

    def mark(self):
        self.at = os.path.getsize(self.path) if os.path.exists(self.path) else 0

    def wants(self, line):
        """Whether a logged line counts: every line here."""
        return True

    def since_mark(self):
        """(lines, non-2xx lines, {status: count} of those)."""
        total = bad = 0
        which = {}
        status = re.compile(rb'" (\d{3}) ')
        with open(self.path, "rb") as f:
            f.seek(self.at)
            for line in f:
                if not self.wants(line):
                    continue
                m = status.search(line)
                total += 1
                # 499: wrk closed the connection with the request in flight,
                # which it does to every open connection when its time is up
                # (a timeout of its own shows in its socket errors).
                if not m or not (m.group(1).startswith(b"2") or m.group(1) == b"499"):
                    bad += 1
                    key = m.group(1).decode() if m else "unreadable"
                    which[key] = which.get(key, 0) + 1
        return total, bad, which


def wrk(args, stack, access, path, headers=(), script=None, duration=None, connections=None):
    cmd = ["wrk", "-t%d" % args.threads, "-c%d" % (connections or args.connections),
           "-d%ds" % (duration or args.duration), "--latency", "--timeout", "5s"]
    for h in headers:
        cmd += ["-H", h]
    if script:
        cmd += ["-s", script]
    cmd.append(stack.url(path))
    if args.warmup > 0 and duration is None:
        warm = list(cmd)
        warm[3] = "-d%ds" % args.warmup
        subprocess.run(warm, capture_output=True, check=True)
    access.mark()
    dp, np_ = daemon_pids(stack), nginx_pids(stack)
    d0, n0 = cpu_of(dp), cpu_of(np_)
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate()
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    # communicate() has reaped wrk; its CPU time is in our children's usage.
    if proc.returncode != 0:
        raise BenchError("%s failed: %s" % (" ".join(cmd), err.strip()))
    d1, n1 = cpu_of(dp), cpu_of(np_)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    w = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    res = {"cmd": cmd}
    for key, pat in (("rps", r"Requests/sec:\s+([\d.]+)"), ("p50", r"\s50%\s+(\S+)"),
                     ("p99", r"\s99%\s+(\S+)"), ("requests", r"(\d+) requests in")):
        m = re.search(pat, out)
        if not m:
            raise BenchError("cannot read wrk output:\n" + out)
        res[key] = m.group(1)
    res["rps"] = float(res["rps"])
    res["requests"] = int(res["requests"])
    res["p50"], res["p99"] = to_ms(res["p50"]), to_ms(res["p99"])
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    res["socket_errors"] = sum(int(x) for x in m.groups()) if m else 0
    logged, bad, which = access.since_mark()
    res["logged"], res["non2xx"] = logged, bad + res["socket_errors"]
    # What the non-2xx were, for the report (a count alone cannot be explained).
    if m:
        for kind, n in zip(("connect", "read", "write", "timeout"), m.groups()):
            if int(n):
                which["socket " + kind] = int(n)
    res["non2xx_which"] = which
    n = max(res["requests"], 1)
    res["cpu_daemon_us"] = (d1 - d0) / n * 1e6
    res["cpu_nginx_us"] = (n1 - n0) / n * 1e6
    res["cpu_wrk_us"] = w / n * 1e6
    return res


# ---------------------------------------------------------------- the steps

def wait_for_revision(stack, revision, timeout=120):
    """Waits until every worker process logs a catalog at least as new as
    revision (each loads the catalog itself and logs it with its pid; until
    the last has, some requests still get the older one, and its memory is
    not yet what the new catalog costs). Returns the rows and the slowest
    load's milliseconds."""
    workers = max(len(daemon_pids(stack)) - 1, 1)
    # One JSON object a line (docs/operations.md, "Logs"), with the pid of
    # the worker process that wrote it.
    live = re.compile(r'"pid":(\d+),.*"msg":"catalog: revision (\d+) live: (\d+) rows .* '
                      r'loaded in (\d+) ms"')
    end = time.time() + timeout
    while time.time() < end:
        with open(stack.path("log", "daemon.log"), errors="replace") as f:
            seen = {m.group(1): (int(m.group(3)), int(m.group(4)))
                    for m in live.finditer(f.read()) if int(m.group(2)) >= revision}
        if len(seen) >= workers:
            return max(seen.values(), key=lambda v: v[1])
        time.sleep(0.1)
    raise BenchError("the daemon did not load catalog revision %d in every worker within %d s"
                     % (revision, timeout))


def wait_quiet(stack, timeout=15):
    """Waits until nginx and the daemon have been idle for a moment (not a
    clock tick of CPU in two 0.2 s looks in a row): after the overload rows they
    go on answering what wrk left queued for a while, and the in-process
    figures measured meanwhile came out a third low (2.96 M weapons/s in
    one run against 4.3-4.45 M alone). Returns the seconds it waited."""
    t0 = time.time()
    pids = daemon_pids(stack) + nginx_pids(stack)
    last, calm = cpu_of(pids), 0
    while calm < 2 and time.time() - t0 < timeout:
        time.sleep(0.2)
        now = cpu_of(pids)
        calm = calm + 1 if now - last < 0.002 else 0
        last = now
    return time.time() - t0


def run_generator(args, stack):
    wait_quiet(stack)
    env = dict(os.environ, LOOTFORGE_DB_SOCKET=stack.path("run", "mysqld.sock"),
               LOOTFORGE_DB_PASSWORD_FILE=stack.path("db-password"))
    cmd = [args.generator, "--seconds", str(args.gen_seconds),
           "--templates", os.path.join(ROOT, "templates")]
    r = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise BenchError("%s failed: %s" % (" ".join(cmd), r.stderr.strip()))
    return dict(kv.split("=", 1) for kv in r.stdout.split())


def vm_status(pid):
    """VmRSS, VmHWM, Threads (kB, count) and Pss (kB: the process's share of
    pages it shares, so the Pss of several processes adds up)."""
    out = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:", "Threads:")):
                k, v = line.split(":", 1)
                out[k] = int(v.split()[0])
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Pss:"):
                out["Pss"] = int(line.split()[1])
    return out


def daemon_memory(stack):
    """Memory of every daemon process: [(pid, role, vm_status)]."""
    pids = daemon_pids(stack)
    roles = ["supervisor"] + ["worker"] * (len(pids) - 1) if len(pids) > 1 else ["daemon"]
    return [(p, r, vm_status(p)) for p, r in zip(pids, roles)]


UNCACHED = "X-Bench-Uncached: 1"


def item_codes(stack, n=100):
    """The codes of a batch of n weapons (as GET /generate makes them) at the
    current revision."""
    status, body = stack.get("/generate?count=%d&format=json" % n)
    if status != 200:
        raise BenchError("GET /generate?count=%d answered %d" % (n, status))
    codes = [it["code"] for it in json.loads(body)["items"]]
    if not all(codes):
        raise BenchError("an item of the batch has no code")
    return codes


def own_static_file(stack, key, path, headers):
    """A file of public/ holding the answer to path, byte for byte: nginx
    serving the same bytes as a static file, for that row's ratio."""
    status, body = stack.get(path, dict(h.split(": ", 1) for h in headers))
    if status != 200:
        raise BenchError("GET %s answered %d" % (path, status))
    name = os.path.join(ROOT, "public", "bench-own-%d-%s.bin" % (os.getpid(), key))
    with open(name, "wb") as f:
        f.write(body)
    return name


def rotating_script(var, name, paths):
    """A wrk script that asks for paths in turn (each connection from its own
    place in the list), with wrk's -H headers."""
    path = os.path.join(var, name + ".lua")
    with open(path, "w") as f:
        f.write("local paths = {%s}\n" % ", ".join('"%s"' % p for p in paths))
        f.write("local i = math.random(#paths)\n"
                "request = function()\n"
                "  i = i %% #paths + 1\n"
                "  return wrk.format(nil, paths[i])\n"
                "end\n")
    return path


def timed_get(stack, path, headers):
    t0 = time.perf_counter()
    status, body = stack.get(path, headers)
    ms = (time.perf_counter() - t0) * 1e3
    if status != 200:
        raise BenchError("GET %s answered %d" % (path, status))
    return ms, body


def old_revision(stack, codes):
    """Makes the codes' revision an old one: one change set (a weapon row's
    value edited: the row retired and a copy added, as docs/items.md says),
    then waits until the daemon serves the new revision. Returns the latency
    of each of the first requests for codes of the old revision, one at a
    time, past nginx's cache: the first one a worker process gets builds the
    old revision's catalog (catalog_at), the later ones find it cached."""
    before = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1;").strip())
    cols = [c for c in stack.sql(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() "
        "AND table_name = 'weapon_type' AND column_name NOT IN "
        "('id', 'added_rev', 'retired_rev', 'live_word') ORDER BY ordinal_position;").split()]
    sel = ", ".join("value + 1" if c == "value" else c for c in cols)
    stack.sql("START TRANSACTION;"
              "UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;"
              "SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);"
              "CREATE TEMPORARY TABLE lf_edit AS SELECT id FROM weapon_type "
              "WHERE retired_rev IS NULL ORDER BY id LIMIT 1;"
              "UPDATE weapon_type SET retired_rev = @rev WHERE id IN (SELECT id FROM lf_edit);"
              "INSERT INTO weapon_type (%s, added_rev) SELECT %s, @rev FROM weapon_type "
              "WHERE id IN (SELECT id FROM lf_edit);"
              "DROP TEMPORARY TABLE lf_edit; COMMIT;" % (", ".join(cols), sel))
    # Until every worker process has the new revision live, a code of the
    # old one is still some process's current revision.
    wait_for_revision(stack, before + 1, timeout=60)
    return [timed_get(stack, "/item/" + c, {"X-Bench-Uncached": "1"})[0] for c in codes[:24]]


def old_revisions_loadout(stack, n=32):
    """n + 1 change sets (each edits one weapon row, as old_revision does),
    a code written at each revision (the encoder of
    tests/integration/test_future_codes.py, docs/items.md's byte layout),
    then, once every worker process serves the newest, the /loadout path of
    the first n codes: n old revisions (tests/bench/old_revisions.py)."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
    from test_future_codes import code
    cols = [c for c in stack.sql(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() "
        "AND table_name = 'weapon_type' AND column_name NOT IN "
        "('id', 'added_rev', 'retired_rev', 'live_word') ORDER BY ordinal_position;").split()]
    sel = ", ".join("value + 1" if c == "value" else c for c in cols)
    codes = []
    for i in range(n + 1):
        rev = int(stack.sql(
            "START TRANSACTION;"
            "UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;"
            "SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1);"
            "CREATE TEMPORARY TABLE lf_edit AS SELECT id FROM weapon_type "
            "WHERE retired_rev IS NULL ORDER BY id LIMIT 1;"
            "UPDATE weapon_type SET retired_rev = @rev WHERE id IN (SELECT id FROM lf_edit);"
            "INSERT INTO weapon_type (%s, added_rev) SELECT %s, @rev FROM weapon_type "
            "WHERE id IN (SELECT id FROM lf_edit);"
            "DROP TEMPORARY TABLE lf_edit; COMMIT;"
            "SELECT @rev;" % (", ".join(cols), sel)).split()[-1])
        codes.append(code(0, rev, 1000 + i))
    wait_for_revision(stack, rev, timeout=60)
    path = "/loadout?" + "&".join("item=" + c for c in codes[:n]) + "&format=json"
    timed_get(stack, path, {})
    return path


class LoginFlood:
    """8 threads posting logins for made-up names, each from a loopback
    address of its own (so no back-off stops them), while a row runs
    (tests/bench/login_flood.py); the answers are counted by status."""

    def __init__(self, stack, loops=8):
        self.stack, self.loops = stack, loops
        self.stop, self.threads, self.answers = threading.Event(), [], {}
        self.numbers, self.lock = iter(range(2, 2**31)), threading.Lock()

    def _one(self, source):
        conn = http.client.HTTPConnection("127.0.0.1", self.stack.port, timeout=10,
                                          source_address=(source, 0))
        conn.request("GET", "/login", headers={"Accept": "application/json"})
        r = conn.getresponse()
        body = json.loads(r.read())
        cookie = "; ".join(v.split(";", 1)[0] for k, v in r.getheaders()
                           if k.lower() == "set-cookie")
        form = urllib.parse.urlencode({"csrf": body["csrf"], "password": "wrong-password",
                                       "name": "nobody-" + os.urandom(4).hex()})
        conn.request("POST", "/login", body=form, headers={
            "Accept": "application/json", "Cookie": cookie,
            "Content-Type": "application/x-www-form-urlencoded"})
        r = conn.getresponse()
        r.read()
        conn.close()
        return r.status

    def _loop(self):
        while not self.stop.is_set():
            with self.lock:
                n = next(self.numbers)
            try:
                status = self._one("127.%d.%d.%d" % (80 + n // 62500, n // 250 % 250,
                                                     n % 250 + 2))
            except (OSError, ValueError, KeyError) as e:
                status = type(e).__name__
            with self.lock:
                self.answers[status] = self.answers.get(status, 0) + 1

    def __enter__(self):
        self.threads = [threading.Thread(target=self._loop) for _ in range(self.loops)]
        for t in self.threads:
            t.start()
        time.sleep(1)  # under way before the row starts
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join()


class PathAccessLog(AccessLog):
    """An AccessLog that counts only the lines of requests for one path
    prefix (a row measured beside other traffic)."""

    def __init__(self, path, prefix):
        super().__init__(path)
        self.prefix = prefix.encode()

    def wants(self, line):
        request = line.split(b'"')[1].split(b" ") if line.count(b'"') >= 2 else []
        return len(request) >= 2 and request[1].startswith(self.prefix)


def sweep(args, daemon, var, port):
    """GET /healthz and GET /generate for each worker count, each on a fresh
    daemon and nginx (nginx keeps workers/2 idle connections: stack.sh)."""
    rows = []
    for n in args.sweep:
        st = Stack(daemon, var, port, n)
        try:
            st.start()
            if args.nginx_keepalive:
                st.set_nginx_keepalive(args.nginx_keepalive)
            access = AccessLog(st.path("log", "nginx-access.log"))
            floor = wrk(args, st, access, "/healthz")
            html = wrk(args, st, access, "/generate")
            rows.append((n, floor, html))
            log("workers %d: healthz %.0f/s p99 %.2f ms; generate %.0f/s p99 %.2f ms"
                % (n, floor["rps"], floor["p99"], html["rps"], html["p99"]))
        finally:
            st.stop()
    return rows


def measure(args):
    daemon = os.path.abspath(args.daemon)
    var = tempfile.mkdtemp(prefix="lf-bench-", dir="/tmp")
    port = args.port or free_port()
    ceiling_name = "bench-ceiling-%d.html" % os.getpid()
    ceiling_file = os.path.join(ROOT, "public", ceiling_name)
    item_name = "bench-item-%d.html" % os.getpid()
    item_file = os.path.join(ROOT, "public", item_name)
    st = Stack(daemon, var, port, args.workers)
    R = {"var": var}
    own_files = []
    ok = False
    try:
        if args.sweep:
            log("worker sweep %s (one stack each)" % ",".join(map(str, args.sweep)))
            R["sweep"] = sweep(args, daemon, var, port)
        log("starting the stack in %s on port %d, %d daemon workers" % (var, port, args.workers))
        st.start()
        if args.nginx_keepalive:
            log("nginx keepalive to the daemon: %d idle connections" % args.nginx_keepalive)
            st.set_nginx_keepalive(args.nginx_keepalive)
        R["nginx_keepalive"] = st.nginx_keepalive()
        access = AccessLog(st.path("log", "nginx-access.log"))

        status, page = st.get("/generate")
        if status != 200:
            raise BenchError("GET /generate answered %d" % status)
        with open(ceiling_file, "wb") as f:  # same bytes as a generated page
            f.write(page)
        R["page_bytes"] = len(page)
        status, body = st.get("/" + ceiling_name)
        if status != 200 or body != page:
            raise BenchError("nginx does not serve the ceiling file")

        tests = [
            ("ceiling", "static file, %d bytes (nginx alone)" % len(page),
             "/" + ceiling_name, (), None),
            ("floor", "GET /healthz (FastCGI floor)", "/healthz", (), None),
            ("json", "GET /generate, JSON", "/generate", ("Accept: application/json",), None),
            ("post", "POST /generate, 4 requested words, HTML", "/generate", (),
             os.path.join(HERE, "post.lua")),
            ("batch", "GET /generate?count=100, JSON", "/generate?count=100&format=json", (),
             None),
            # The word list and the spells (per revision: kept by the daemon).
            ("words", "GET /words, HTML", "/words", (), None),
            ("wordsjson", "GET /words, JSON", "/words?format=json", (), None),
            ("spells", "GET /spells, HTML", "/spells", (), None),
            # Dungeon maps (docs/maps.md): the default size and the largest.
            ("map", "GET /map, 12x8, HTML", "/map?seed=7", (), None),
            ("map30", "GET /map?w=30&h=30, HTML", "/map?w=30&h=30&seed=7", (), None),
            ("map30json", "GET /map?w=30&h=30, JSON", "/map?w=30&h=30&seed=7&format=json", (),
             None),
            ("map30t", "GET /map?w=30&h=30, text", "/map?w=30&h=30&seed=7&format=text", (),
             None),
            # Keyed dungeons (docs/dungeons.md): HTML, PNG and .dd2vtt at the
            # default size and the largest; one seed, so the same dungeon.
            ("dungeon", "GET /dungeon, 12x8, HTML", "/dungeon?seed=7", (), None),
            ("dungeonpng", "GET /dungeon, 12x8, PNG", "/dungeon?seed=7&format=png", (), None),
            ("dungeonvtt", "GET /dungeon, 12x8, .dd2vtt", "/dungeon?seed=7&format=vtt", (), None),
            ("dungeon30", "GET /dungeon?w=30&h=30, HTML", "/dungeon?w=30&h=30&seed=7", (), None),
            ("dungeon30json", "GET /dungeon?w=30&h=30, JSON",
             "/dungeon?w=30&h=30&seed=7&format=json", (), None),
            ("dungeon30png", "GET /dungeon?w=30&h=30, PNG",
             "/dungeon?w=30&h=30&seed=7&format=png", (), None),
            ("dungeon30vtt", "GET /dungeon?w=30&h=30, .dd2vtt",
             "/dungeon?w=30&h=30&seed=7&format=vtt", (), None),
            # Again, so that a change of the machine's load during the
            # run shows, and the ratios use the mean of the two.
            ("ceiling2", "static file again", "/" + ceiling_name, (), None),
            # Last before the catalog grows: the x1000 run is compared with it.
            ("html", "GET /generate, HTML", "/generate", (), None),
        ]
        req = urllib.request.Request(st.url("/generate"), data=POST_BODY.encode(), headers={
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            item = json.loads(resp.read())
        if item.get("unhonoured") or item["parts"]["type"] != "longsword":
            raise BenchError("POST /generate did not honour the requested words: %r" % item)

        # Permanent links (docs/items.md): 100 codes of the current revision,
        # asked for in turn. Uncached: past nginx's cache (item_cache_bypass),
        # the daemon regenerating each item, as GET /generate does.
        st.item_cache_bypass()
        codes = item_codes(st)
        item_paths = rotating_script(var, "items", ["/item/" + c for c in codes])
        R["item_code_len"] = sum(map(len, codes)) / len(codes)
        status, body = st.get("/item/" + codes[0])
        R["item_bytes"] = len(body)
        with open(item_file, "wb") as f:  # a static file as large as the page
            f.write(body)
        tests += [
            ("item", "GET /item/CODE, HTML, uncached, current revision", "/", (UNCACHED,),
             item_paths),
            ("itemjson", "GET /item/CODE, JSON, uncached, current revision", "/",
             (UNCACHED, "Accept: application/json"), item_paths),
            # One code, so that every request after the first is a HIT.
            ("itemcache", "GET /item/CODE, HTML, from nginx's cache", "/item/" + codes[0],
             (), None),
            ("itemceil", "static file, %d bytes (the /item/CODE page's size)" % len(body),
             "/" + item_name, (), None),
            ("catalog", "GET /catalog.json (current revision, no-store)", "/catalog.json", (),
             None),
            ("loadout", "GET /loadout, 4 items by the rules, HTML", loadout_path(st, codes[:4]),
             (), None),
        ]
        # The last two of the first list run last: the x1000 catalog is
        # compared with "html", and "ceiling2" is measured just before it.
        tests = [t for t in tests if t[0] not in ("ceiling2", "html")] + \
            [t for t in tests if t[0] in ("ceiling2", "html")]

        R["runs"] = {}
        for key, label, path, headers, script in tests:
            if key in OWN_STATIC:
                own = own_static_file(st, key, path, headers)
                own_files.append(own)
                size = os.path.getsize(own)
                slabel = "static file, %d bytes (%s's size)" % (size, label)
                log("wrk: " + slabel)
                R["runs"][key + "_static"] = dict(
                    wrk(args, st, access, "/" + os.path.basename(own)), label=slabel)
            log("wrk: " + label)
            R["runs"][key] = dict(wrk(args, st, access, path, headers, script), label=label)
            if key == "itemcache":
                r = urllib.request.urlopen(st.url("/item/" + codes[0]), timeout=10)
                if r.headers.get("X-Cache") != "HIT":
                    raise BenchError("/item/CODE was not served from nginx's cache: X-Cache %s"
                                     % r.headers.get("X-Cache"))
        status, body = st.get("/catalog.json")
        R["catalog_bytes"] = len(body)

        # An old revision: the same 100 codes once the catalog has moved on.
        log("old revision: one change set, then the first hits one by one")
        R["old_first"] = old_revision(st, codes)
        label = "GET /item/CODE, HTML, uncached, old revision (later hits)"
        log("wrk: " + label)
        R["runs"]["itemold"] = dict(wrk(args, st, access, "/", (UNCACHED,), item_paths),
                                    label=label)

        # Issue 31: a loadout of 32 items from 32 old revisions (each worker
        # process keeps 40 old catalogs, CATALOG_OLD_CACHE, so after the
        # first requests every one is found again), and /generate beside a
        # flood of logins for made-up names.
        log("old revisions: 33 change sets, a code at each")
        path = old_revisions_loadout(st)
        label = "GET /loadout, 32 items from 32 old revisions, JSON"
        log("wrk: " + label)
        R["runs"]["loadoutold"] = dict(wrk(args, st, access, path), label=label)
        label = "GET /generate, HTML, beside 8 loops of logins for made-up names"
        log("wrk: " + label)
        with LoginFlood(st) as flood:
            R["runs"]["genlogin"] = dict(
                wrk(args, st, PathAccessLog(access.path, "/generate"), "/generate"),
                label=label)
        R["login_answers"] = flood.answers
        log("logins answered beside it: %r" % flood.answers)

        # Far beyond the workers: queued, never refused (every answer 2xx).
        for n in OVERLOAD_CONNECTIONS:
            label = "GET /generate?tier=3, HTML, %d connections" % n
            log("wrk: " + label)
            R["runs"]["c%d" % n] = dict(wrk(args, st, access, "/generate?tier=3", connections=n),
                                       label=label)

        R["vm_shipped"] = daemon_memory(st)
        log("generator in-process, shipped catalog")
        R["gen"] = run_generator(args, st)

        log("growing the catalog by %d synthetic rows" % args.rows)
        t0 = time.time()
        st.sql(subprocess.run([sys.executable, os.path.join(HERE, "synth_catalog.py"),
                               "--rows", str(args.rows)], capture_output=True, text=True,
                              check=True).stdout)
        revision = int(st.sql("SELECT revision FROM catalog_revision WHERE id = 1;").strip())
        R["x1000_rows"], R["x1000_load_ms"] = wait_for_revision(st, revision)
        R["x1000_wait_s"] = time.time() - t0
        status, page = st.get("/generate")
        if status != 200:
            raise BenchError("GET /generate answered %d with the grown catalog" % status)
        R["x1000_page_bytes"] = len(page)
        log("wrk: GET /generate, HTML, grown catalog (%d rows)" % R["x1000_rows"])
        R["runs"]["x1000"] = dict(wrk(args, st, access, "/generate"),
                                  label="GET /generate, HTML, catalog x1000 (%d rows)"
                                  % R["x1000_rows"])
        R["vm"] = daemon_memory(st)
        log("generator in-process, grown catalog")
        R["gen_x1000"] = run_generator(args, st)
        ok = True
    finally:
        for f in [ceiling_file, item_file] + own_files:
            try:
                os.unlink(f)
            except FileNotFoundError:
                pass
        st.stop()
        if ok and not args.keep:
            shutil.rmtree(var, ignore_errors=True)
        else:
            log("var dir kept: " + var)
    return R


# ------------------------------------------------------------------ report

def fmt_ms(v):
    return "%.2f ms" % v


def fmt_int(v):
    return format(int(round(float(v))), ",")


# The table's rows, in this order (not the order they ran in).
ROW_ORDER = ("ceiling", "floor", "html", "json_static", "json", "post", "batch", "item",
             "itemjson", "itemold", "itemcache", "itemceil", "catalog_static", "catalog",
             "words_static", "words", "wordsjson_static", "wordsjson", "spells_static", "spells",
             "loadout", "loadoutold", "genlogin",
             "map", "map30_static", "map30", "map30json_static", "map30json", "map30t",
             "dungeon", "dungeonpng", "dungeonvtt", "dungeon30_static", "dungeon30",
             "dungeon30json_static", "dungeon30json", "dungeon30png_static", "dungeon30png",
             "dungeon30vtt_static", "dungeon30vtt", "ceiling2", "x1000")


def own_ratio(runs, key, ceil):
    """A row's requests/s over its own static file's (the card's is the
    ceiling: the same bytes), or None."""
    if key == "html":
        return runs[key]["rps"] / ceil
    if key + "_static" in runs:
        return runs[key]["rps"] / runs[key + "_static"]["rps"]
    return None


def cpu_total(r):
    """wrk's, nginx's and the daemon's CPU per request of a row, µs."""
    return r["cpu_wrk_us"] + r["cpu_nginx_us"] + r["cpu_daemon_us"]


def at_floor(runs, key):
    """What row key's requests/s would be if the daemon spent on it only
    what it spends on /healthz (the FastCGI round trip, nothing generated
    or rendered), wrk and nginx as measured for its bytes. On two cores
    that all three share, requests/s x CPU per request is about constant
    (the cores' busy time); the row's own is kept. (requests/s, the CPU
    per request it assumes)."""
    r, floor = runs[key], runs["floor"]
    cpu = r["cpu_wrk_us"] + r["cpu_nginx_us"] + floor["cpu_daemon_us"]
    return r["rps"] * cpu_total(r) / cpu, cpu


def floor_note(runs, key, static_rps, target):
    """The target's bound in this run: the ratio a daemon at /healthz's
    CPU would reach, and whether even that meets it."""
    rps, _ = at_floor(runs, key)
    best = rps / static_rps
    return "; at /healthz's daemon CPU (%.1f µs) it would be %.0f%%%s" % (
        runs["floor"]["cpu_daemon_us"], 100 * best,
        "" if best >= target else ": out of reach through FastCGI in this run")


def p99_note(runs, key):
    """At 32 connections in a closed loop the latency follows the CPU per
    request (Little's law; the tail a multiple of the mean): the card's
    p99 can come no nearer /healthz's than its CPU per request at the
    floor does to /healthz's own."""
    _, cpu = at_floor(runs, key)
    return "; at /healthz's daemon CPU its CPU per request would still be %.2fx /healthz's" % (
        cpu / cpu_total(runs["floor"]))


def report(args, R, command):
    runs = R["runs"]
    ceil = (runs["ceiling"]["rps"] + runs["ceiling2"]["rps"]) / 2
    lines = []
    lines.append("| test | requests/s | p50 | p99 | non-2xx | vs ceiling | vs its static file "
                 "| CPU µs/request: wrk · nginx · daemon |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for key in ROW_ORDER + tuple("c%d" % n for n in OVERLOAD_CONNECTIONS):
        if key not in runs:  # a page that does not exist yet (/loadout)
            continue
        r = runs[key]
        own = own_ratio(runs, key, ceil)
        lines.append("| %s | %s | %s | %s | %d | %.0f%% | %s | %.1f · %.1f · %.1f |"
                     % (r["label"], fmt_int(r["rps"]), fmt_ms(r["p50"]), fmt_ms(r["p99"]),
                        r["non2xx"], 100 * r["rps"] / ceil,
                        "%.0f%%" % (100 * own) if own is not None else "",
                        r["cpu_wrk_us"], r["cpu_nginx_us"], r["cpu_daemon_us"]))
    g, gx = R["gen"], R["gen_x1000"]
    lines.append("")
    lines.append("| in-process, one thread | shipped catalog (%s rows) | catalog x1000 (%s rows) |"
                 % (fmt_int(g["rows"]), fmt_int(gx["rows"])))
    lines.append("|---|---:|---:|")
    lines.append("| generator, weapons per CPU second | %s | %s |"
                 % (fmt_int(g["gen_per_cpu_s"]), fmt_int(gx["gen_per_cpu_s"])))
    lines.append("| generate + render_html, one card and the form | %s µs (%s bytes) | %s µs (%s bytes) |"
                 % (g["html_us"], g["html_bytes"], gx["html_us"], gx["html_bytes"]))
    lines.append("| generate + render_json_items, one item | %s µs | %s µs |"
                 % (g["json_us"], gx["json_us"]))
    lines.append("| generate + render_json_items, a batch of 100, per item | %s µs (%s bytes) "
                 "| %s µs (%s bytes) |" % (g["batch_item_us"], g["batch_bytes"],
                                          gx["batch_item_us"], gx["batch_bytes"]))
    lines.append("")
    first = R["old_first"]
    lines.append("/item/CODE at an old revision, requests one at a time past nginx's cache, "
                 "right after the change set: the first four %s (the first request each "
                 "worker process gets builds that revision's catalog and keeps it), the next "
                 "%d: median %s, slowest %s. Codes are %.1f characters on average; the "
                 "/item/CODE page is %d bytes, /catalog.json %d bytes."
                 % (", ".join(fmt_ms(v) for v in first[:4]), len(first) - 4,
                    fmt_ms(sorted(first[4:])[(len(first) - 4) // 2]), fmt_ms(max(first[4:])),
                    R["item_code_len"], R["item_bytes"], R["catalog_bytes"]))
    odd = [(r.get("label", k), r["non2xx_which"]) for k, r in R["runs"].items()
           if r.get("non2xx_which")]
    if odd:
        lines.append("")
        lines.append("The non-2xx answers, by row: " + "; ".join(
            "%s: %s" % (label, ", ".join("%s %d" % kv for kv in sorted(w.items())))
            for label, w in odd) + ".")
    if R.get("login_answers") is not None:
        lines.append("")
        lines.append("Beside the row \"%s\", the logins for made-up names were answered %s "
                     "(status: count); only the /generate requests count in the row."
                     % (runs["genlogin"]["label"], ", ".join(
                         "%s: %d" % kv for kv in sorted(R["login_answers"].items(),
                                                        key=lambda kv: str(kv[0])))))
    lines.append("")
    mem = R["vm"]
    workers = [m for _, role, m in mem if role != "supervisor"]
    biggest = max(workers, key=lambda m: m["VmRSS"])
    pss = sum(m.get("Pss", 0) for _, _, m in mem)
    lines.append("Daemon after the run, catalog x1000 live: "
                 + "; ".join("%s %d: VmRSS %.1f MiB (peak %.1f), %d threads"
                             % (role, pid, m["VmRSS"] / 1024, m["VmHWM"] / 1024, m["Threads"])
                             for pid, role, m in mem)
                 + "; all together (Pss) %.1f MiB. The grown catalog was live in every worker "
                 "process %.1f s after the INSERTs began (the slowest load: %d ms)."
                 % (pss / 1024, R["x1000_wait_s"], R["x1000_load_ms"]))
    if R.get("sweep"):
        lines.append("")
        lines.append("Worker sweep (a fresh stack for each count; stack.sh keeps workers/2 "
                     "idle connections from nginx):")
        lines.append("")
        lines.append("| daemon workers | /healthz req/s | p99 | /generate req/s | p99 | non-2xx |")
        lines.append("|---:|---:|---:|---:|---:|---:|")
        for n, f, h in R["sweep"]:
            lines.append("| %d | %s | %s | %s | %s | %d |"
                         % (n, fmt_int(f["rps"]), fmt_ms(f["p99"]), fmt_int(h["rps"]),
                            fmt_ms(h["p99"]), f["non2xx"] + h["non2xx"]))

    # Targets
    html = runs["html"]
    single = [runs[k] for k in ("floor", "html", "json", "post", "x1000")]
    worst = max(single, key=lambda r: r["p99"])
    non2xx = sum(r["non2xx"] for r in runs.values())
    x_ratio = runs["x1000"]["rps"] / html["rps"]
    gen_ok = float(g["gen_per_cpu_s"]) >= TARGETS["gen_per_s"]
    genx_ok = float(gx["gen_per_cpu_s"]) >= TARGETS["gen_per_s"]
    jsn, batch = runs["json"], runs["batch"]
    gain = batch["rps"] * 100 / jsn["rps"]
    pss_shipped = sum(m.get("Pss", 0) for _, _, m in R["vm_shipped"]) / 1024
    checks = [
        ("GET /generate HTML >= 55% of the ceiling's requests/s",
         html["rps"] / ceil >= TARGETS["html_ratio"], "%.0f%%" % (100 * html["rps"] / ceil)),
        ("GET /generate JSON >= 55% of the ceiling's requests/s",
         jsn["rps"] / ceil >= TARGETS["html_ratio"], "%.0f%%" % (100 * jsn["rps"] / ceil)),
        ("p99 <= 2 ms at %d connections, the card (HTML) and the item (JSON)" % args.connections,
         max(html["p99"], jsn["p99"]) <= TARGETS["p99_single_ms"],
         "HTML %s, JSON %s" % (fmt_ms(html["p99"]), fmt_ms(jsn["p99"]))),
        ("items/s in batches of 100 >= 10x items/s one by one (JSON)",
         gain >= TARGETS["batch_gain"], "%.1fx (%s against %s items/s)"
         % (gain, fmt_int(batch["rps"] * 100), fmt_int(jsn["rps"]))),
        ("p99 <= 5 ms at %d connections, every other single-item request" % args.connections,
         worst["p99"] <= TARGETS["p99_ms"], "worst %s (%s)" % (fmt_ms(worst["p99"]), worst["label"])),
        ("p99 <= 5 ms at %d connections, batch of 100" % args.connections,
         runs["batch"]["p99"] <= TARGETS["p99_ms"], fmt_ms(runs["batch"]["p99"])),
        ("GET /item/CODE uncached (current revision) within 10% of GET /generate, HTML",
         runs["item"]["rps"] >= (1 - TARGETS["item_within"]) * html["rps"],
         "%.0f%% of /generate" % (100 * runs["item"]["rps"] / html["rps"])),
        ("GET /item/CODE uncached (current revision) within 10% of GET /generate, JSON",
         runs["itemjson"]["rps"] >= (1 - TARGETS["item_within"]) * jsn["rps"],
         "%.0f%% of /generate" % (100 * runs["itemjson"]["rps"] / jsn["rps"])),
        ("GET /item/CODE from nginx's cache >= 80% of a static file of the same size",
         runs["itemcache"]["rps"] >= TARGETS["item_cached"] * runs["itemceil"]["rps"],
         "%.0f%% (%s against %s requests/s)"
         % (100 * runs["itemcache"]["rps"] / runs["itemceil"]["rps"],
            fmt_int(runs["itemcache"]["rps"]), fmt_int(runs["itemceil"]["rps"]))),
        ("issue 27: the card (HTML) >= 75% of a static file of its size",
         own_ratio(runs, "html", ceil) >= TARGETS["card_static"],
         "%.0f%%%s" % (100 * own_ratio(runs, "html", ceil),
                       floor_note(runs, "html", ceil, TARGETS["card_static"]))),
        ("issue 27: the item (JSON) >= 90% of a static file of its size",
         own_ratio(runs, "json", ceil) >= TARGETS["item_static"],
         "%.0f%%%s" % (100 * own_ratio(runs, "json", ceil),
                       floor_note(runs, "json", runs["json_static"]["rps"],
                                  TARGETS["item_static"]))),
        ("issue 27: the card's p99 within 1.15x the FastCGI floor's (/healthz)",
         html["p99"] <= TARGETS["card_p99_floor"] * runs["floor"]["p99"],
         "%s against %s (%.2fx)%s" % (fmt_ms(html["p99"]), fmt_ms(runs["floor"]["p99"]),
                                      html["p99"] / runs["floor"]["p99"],
                                      p99_note(runs, "html"))),
    ] + [
        ("issue 27: %s >= 50%% of a static file of its size" % runs[k]["label"],
         own_ratio(runs, k, ceil) >= TARGETS["own_static"],
         "%.0f%% (%s against %s requests/s)" % (100 * own_ratio(runs, k, ceil),
                                               fmt_int(runs[k]["rps"]),
                                               fmt_int(runs[k + "_static"]["rps"])))
        for k in OWN_STATIC if k != "json" and k in runs
    ] + [
        ("zero non-2xx", non2xx == 0, "%d" % non2xx),
        ("catalog x1000 within 10% of the normal requests/s",
         x_ratio >= 1 - TARGETS["x1000_within"], "%.0f%% of normal" % (100 * x_ratio)),
        (">= 3,000,000 weapons/s on one core (shipped catalog)", gen_ok,
         fmt_int(g["gen_per_cpu_s"])),
        (">= 3,000,000 weapons/s on one core (catalog x1000)", genx_ok,
         fmt_int(gx["gen_per_cpu_s"])),
        ("whole daemon Pss <= 32 MiB, shipped catalog (after its load tests)",
         pss_shipped <= TARGETS["pss_mib"], "%.1f MiB" % pss_shipped),
        ("whole daemon Pss <= 64 MiB, x1000 catalog",
         pss / 1024 <= TARGETS["pss_x1000_mib"],
         "%.1f MiB (largest process VmRSS %.1f MiB)" % (pss / 1024, biggest["VmRSS"] / 1024)),
    ]
    lines.append("")
    lines.append("| target | result | |")
    lines.append("|---|---|---|")
    for name, met, what in checks:
        lines.append("| %s | %s | %s |" % (name, what, "met" if met else "**missed**"))
    table = "\n".join(lines)

    head = [
        "Run %s on %s." % (datetime.datetime.now().strftime("%Y-%m-%d %H:%M %Z").strip(),
                            machine()),
        "",
        "Command: `%s`" % command,
        "",
        "wrk %s: %d thread, %d connections, %d s per test after a %d s warm-up; nginx 1 worker; "
        "daemon `--workers %d` (threads per worker process); nginx keeps %s idle connections to "
        "the daemon. Nothing is pinned: wrk, nginx and "
        "the daemon share the %d cores. Latencies are wrk's, through nginx; non-2xx counts "
        "nginx's access log (499, wrk closing its connections at the end, excluded) and wrk's "
        "socket errors; CPU per request is each program's CPU time over the test divided by "
        "the requests. The ceiling file is the generated page itself (%d bytes); it is "
        "measured first and again before the last test with the shipped catalog (GET "
        "/generate, HTML, the one the x1000 catalog is compared with), and the ratios are "
        "to the mean of the two."
        % (wrk_version(), args.threads, args.connections, args.duration, args.warmup,
           args.workers, "%s%s" % (R["nginx_keepalive"], "" if args.nginx_keepalive else
                                   " (as stack.sh sets it)"),
           os.cpu_count() or 0, R["page_bytes"]),
        "",
        "",
    ]
    return "\n".join(head) + table + "\n", all(m for _, m, _ in checks)


def wrk_version():
    r = subprocess.run(["wrk", "--version"], capture_output=True, text=True)
    m = re.search(r"wrk (\S+)", r.stdout + r.stderr)
    return m.group(1) if m else "?"


def write_doc(path, text):
    block = BEGIN + "\n" + text + END + "\n"
    try:
        with open(path) as f:
            old = f.read()
    except FileNotFoundError:
        old = "# Benchmarks\n\n" + BEGIN + "\n" + END + "\n"
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END) + 1:]
    else:
        new = old.rstrip("\n") + "\n\n" + block
    with open(path + ".new", "w") as f:
        f.write(new)
    os.replace(path + ".new", path)


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Benchmark the whole stack (see the top of tests/bench/bench.py).")
    ap.add_argument("--daemon", default=os.path.join(ROOT, "build", "rel", "lootforged"))
    ap.add_argument("--generator",
                    default=os.path.join(ROOT, "build", "rel", "tests", "bench_generate"))
    ap.add_argument("--threads", type=int, default=1, help="wrk threads (default 1)")
    ap.add_argument("--connections", type=int, default=32, help="wrk connections (default 32)")
    ap.add_argument("--duration", type=int, default=10, help="seconds per test (default 10)")
    ap.add_argument("--warmup", type=int, default=2, help="seconds of warm-up per test (2)")
    ap.add_argument("--workers", type=int, default=2,
                    help="daemon worker threads per process (default 2, as make run)")
    ap.add_argument("--nginx-keepalive", type=int, default=0, metavar="N",
                    help="idle connections nginx keeps to the daemon (default: what "
                    "stack.sh configures, workers/2); set in the temp var dir's nginx.conf")
    ap.add_argument("--rows", type=int, default=100000,
                    help="synthetic rows for the grown catalog (default 100000)")
    ap.add_argument("--gen-seconds", type=float, default=2.0,
                    help="CPU seconds of in-process generation per catalog (default 2)")
    ap.add_argument("--sweep", type=lambda s: [int(x) for x in s.split(",")], default=None,
                    metavar="N,N,...", help="first measure these daemon worker counts")
    ap.add_argument("--port", type=int, default=0, help="nginx port (default: a free one)")
    ap.add_argument("--doc", default=DOC, help="where to write the table (default %(default)s)")
    ap.add_argument("--no-doc", action="store_true", help="print only")
    ap.add_argument("--keep", action="store_true", help="keep the temp var dir")
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    for tool in ("wrk", "mariadb", "nginx"):
        if not shutil.which(tool):
            print("bench: %s is not installed (make deps)" % tool, file=sys.stderr)
            return 1
    for f in (args.daemon, args.generator):
        if not os.access(f, os.X_OK):
            print("bench: %s is not built" % f, file=sys.stderr)
            return 1
    # A TERM (or HUP) unwinds like Ctrl-C, so the finally blocks stop the stack.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, f: sys.exit(128 + s))
    # What `make bench` passes itself is not worth recording.
    shown, rest = [], list(argv)
    while rest:
        a = rest.pop(0)
        if a in ("--daemon", "--generator") and rest:
            rest.pop(0)
            continue
        shown.append(a)
    command = "make bench" + (" BENCH_ARGS=%s" % shlex.quote(" ".join(shown)) if shown else "")
    try:
        R = measure(args)
    except BenchError as e:
        print("bench: " + str(e), file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as e:
        print("bench: %s failed (%d): %s" % (" ".join(e.cmd), e.returncode,
                                             (e.stderr or "").strip()), file=sys.stderr)
        return 1
    text, all_met = report(args, R, command)
    print()
    print(text)
    if not args.no_doc:
        write_doc(args.doc, text)
        log("written to " + os.path.relpath(args.doc, ROOT))
    if not all_met:
        log("some targets were missed (see the table)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
