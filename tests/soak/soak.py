#!/usr/bin/env python3
"""Load through nginx with wrk against the whole stack (lf.Stack), then a
longer run at half that load while the daemon's memory is sampled.

  peak   100 connections (30 s; --brief: 5 s): every answer 2xx, counted by
         wrk's script (tests/soak/load.lua) and again in nginx's access log;
         no socket errors; no [emerg]/[alert]/[crit] in nginx's error log.
  soak   half the peak's request rate (10 min; --brief: 5 s), the same
         checks, and the daemon's resident memory (VmRSS) sampled all along:
         no sample more than 5% above the first. The first is taken after
         the peak run, so what a warm daemon holds is the baseline and only
         growth counts.

  overload  512 and then 1,024 connections (15 s each; --brief: 5 s), far
         beyond what the workers serve at once: they queue (the daemon's
         listen backlog, nginx's worker_connections), every answer 2xx and
         no socket error (before: 502s and broken connections at 512).

With --faults (make soak switches them on), a fault run comes between the
peak and the soak: the peak load again for 30 s (--brief: 20 s) with
  kill-worker  kill -9 one worker process of the supervised daemon every
               5 s: only requests in flight may fail (at most one per
               connection and kill), and each worker is back within 1 s
  db-outage    MariaDB stopped for 10 s: only 2xx or 503 with Retry-After
               while it is away, every probe answered within 2 s, and a
               page that needs it back within 1 s of its return
  db-freeze    MariaDB frozen (SIGSTOP) for 5 s while 12 clients propose
               words: /generate answers 200 within 2 s all along, proposals
               2xx or 503 with Retry-After (never a hang), all stored within
               5 s of SIGCONT, none answered 2xx lost
  db-down-restart
               MariaDB stopped, then every worker process killed: the new
               ones generate from the cached catalog (every probe 200), and
               a page that needs the database is back within 5 s of it
  idle-peers   64 connections to the daemon's FastCGI socket that send
               nothing (reopened when the daemon closes them after its idle
               bound), and 2 that send half a request and stall: every
               answer still 2xx, and each stalled one closed by the daemon
               (its read bound is 1 s)
  catalog-flood
               256 connections asking /catalog.json?rev=R (the current
               revision, which nginx keeps) for 10 s, from
               the 2nd second: every flood answer 2xx, the export a cache HIT
               afterwards, and /generate probed beside it (every probe 200;
               its p50/p99 printed beside those of the second before)
  head-then-get
               fresh codes, each asked HEAD /item/CODE, then GET: every GET
               gets the whole body (a HEAD once left an empty answer in
               nginx's cache for the GETs); /generate p99
               printed beside it
  login-flood  8 loops posting logins for made-up names, each from a fresh
               loopback address (so no back-off stops them), for 10 s, as
               tests/bench/login_flood.py does: every
               answer 401, or 503 with Retry-After when the slow lane is
               full; no moderation_log or login_throttle row written;
               /generate probed beside it (every probe 200; p50/p99 printed
               beside those of the second before)
  moderator-flood
               8 loops posting wrong passwords for one real moderator, each
               from a fresh loopback address (so no address's back-off stops
               them), for 10 s (--brief: 5 s, run after the overload even
               without --faults), while a browser that logged in before (its
               device cookie, docs/moderation.md) logs in again every second:
               every device-cookie login 200, every guess 401, 429 or 503
               with Retry-After; /generate p50/p99 printed beside it, and the
               device-cookie logins' answers and times
  rev-spelling-flood
               4 loops asking /catalog.json?rev=R with R spelled otherwise
               (leading zeros, percent-escaped digits) for 10 s: every
               answer a 301 to the one spelling, and nginx's cache not one
               file larger; /generate p50/p99 printed beside it
  old-revision-flood
               16 connections asking /loadout of 32 items from 32 old
               revisions for 10 s (item 2; before the fault run,
               33 change sets are made and a code written at each revision,
               as tests/bench/old_revisions.py does): every flood answer
               2xx; /generate probed beside it the same way
(db-freeze and db-down-restart start after the others' time, at 15 s and
25 s, and lengthen the fault run to 28 and 40 s; the floods run one after
the other, after catalog-flood and the database faults when those run, so
that each /generate figure is beside one flood only, and lengthen it too)
and, when /submit exists, a submitter proposing words all along: every
proposal answered 2xx must be in the database afterwards.

Usage: tests/soak/soak.py --daemon build/rel/lootforged [--brief]
       [--workers N] [--faults kill-worker,db-outage,db-freeze,db-down-restart,idle-peers,
                               catalog-flood,head-then-get,login-flood,moderator-flood,
                               rev-spelling-flood,old-revision-flood]
       [--keep]"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
import lf  # noqa: E402

LUA = os.path.join(HERE, "load.lua")
PEAK_CONNECTIONS = 100
OVERLOAD_CONNECTIONS = (512, 1024)
IDLE_PEERS = 64
STALLED_PEERS = 2
SOAK_CONNECTIONS = 50
RSS_TOLERANCE = 0.05
BAD_NGINX_LEVELS = ("[emerg]", "[alert]", "[crit]")
# A page that needs the database (the word list): what the outage
# probe asks for besides the generator.
DB_PAGE = "/words?format=json"
# The fault probes' own requests (and the proposals of the submitter and of
# db-freeze) carry this, so the access log's count of the load leaves them out.
PROBE_AGENT = "lootforge-soak-probe"


class Failure(Exception):
    pass


# ----------------------------------------------------------------- helpers
def log_path(stack, name):
    return os.path.join(stack.var, "log", name)


def log_size(stack, name):
    try:
        return os.path.getsize(log_path(stack, name))
    except OSError:
        return 0


def log_since(stack, name, offset):
    try:
        with open(log_path(stack, name), "rb") as f:
            f.seek(offset)
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def access_after(stack, at, quiet=0.5, limit=10.0):
    """The access log's statuses from offset at, once the log has been
    still for `quiet` seconds (at most `limit`): nginx writes the line of a
    request wrk gave up on (499) when it notices the close, which under load
    can be after wrk has returned. Read at once, those lines landed in the
    next phase's window instead (the soak once counted 52 499s against its
    50 connections, the overload's 1,024 before it)."""
    size = log_size(stack, "nginx-access.log")
    start = still_since = time.monotonic()
    while time.monotonic() - still_since < quiet and time.monotonic() - start < limit:
        time.sleep(0.05)
        now = log_size(stack, "nginx-access.log")
        if now != size:
            size, still_since = now, time.monotonic()
    return access_statuses(log_since(stack, "nginx-access.log", at))


def pid_of(stack, what):
    try:
        with open(os.path.join(stack.var, "run", what + ".pid")) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def rss_kib(pid):
    """VmRSS of pid and of its children (the workers, once the daemon is
    supervised), in KiB."""
    total = 0
    for p in [pid] + children(pid):
        try:
            with open("/proc/%d/status" % p) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def children(pid):
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            out.append(int(entry))
    return out


def access_statuses(text):
    """Status counts of nginx access log lines (combined format), the
    probes' lines left out."""
    counts = {}
    for line in text.splitlines():
        m = re.search(r'" (\d{3}) ', line)
        if m and PROBE_AGENT not in line:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def wrk(stack, seconds, connections, delay_ms=0.0):
    """Runs wrk with load.lua; returns its figures as a dict."""
    threads = 2 if connections >= 2 else 1
    cmd = ["wrk", "-t%d" % threads, "-c%d" % connections, "-d%ds" % seconds, "--timeout", "10s",
           "-s", LUA, "http://127.0.0.1:%d" % stack.port, "--", "%.3f" % delay_ms]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    fig = {"output": out}
    m = re.search(r"(\d+) requests in ([\d.]+)(us|ms|s|m|h)\b", out)
    if not m:
        raise Failure("cannot read wrk's output:\n" + out)
    fig["requests"] = int(m.group(1))
    unit = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}[m.group(3)]
    fig["seconds"] = float(m.group(2)) * unit
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    fig["rps"] = float(m.group(1)) if m else 0.0
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    fig["socket_errors"] = sum(int(x) for x in m.groups()) if m else 0
    m = re.search(r"lf-counts ok=(\d+) s503_retry=(\d+) s503_bare=(\d+) other=(\d+)", out)
    if not m:
        raise Failure("load.lua printed no counts:\n" + out)
    fig.update(zip(("ok", "s503_retry", "s503_bare", "other"), map(int, m.groups())))
    m = re.search(r"Latency\s+(\S+)\s+(\S+)\s+(\S+)", out)
    fig["latency"] = "avg %s, max %s" % (m.group(1), m.group(3)) if m else "?"
    return fig


def check_load(name, fig, access, connections, allow_503=False, may_fail=0):
    """Every answer 2xx (or, under a database outage, 503 with Retry-After);
    under killed workers, at most may_fail other failures (the requests that
    were in flight), answers and socket errors together."""
    bad = fig["other"] + fig["s503_bare"] + (0 if allow_503 else fig["s503_retry"])
    if bad + fig["socket_errors"] > may_fail or fig["ok"] == 0:
        raise Failure("%s: %d answers that are not 2xx%s, %d socket errors (%d allowed), %d 2xx"
                      "\n%s" % (name, bad, "" if allow_503 else " (503s included)",
                                 fig["socket_errors"], may_fail, fig["ok"], fig["output"]))
    # 499 is nginx's note of a client that closed its connection: wrk does
    # that to the requests in flight when its time is up, at most one per
    # connection. Any earlier give-up shows as a wrk timeout above.
    non2xx = {k: v for k, v in access.items() if not k.startswith("2")
              and not (allow_503 and k == "503") and k != "499"}
    if sum(non2xx.values()) > may_fail:
        raise Failure("%s: nginx's access log has non-2xx answers: %r" % (name, non2xx))
    if access.get("499", 0) > connections + may_fail:
        raise Failure("%s: %d requests given up by the client (499), more than the %d "
                      "in flight when wrk stops" % (name, access["499"], connections))


def check_nginx_errors(stack, offset):
    text = log_since(stack, "nginx-error.log", offset)
    bad = [l for l in text.splitlines() if any(level in l for level in BAD_NGINX_LEVELS)]
    if bad:
        raise Failure("nginx logged %d [emerg]/[alert]/[crit] lines:\n%s"
                      % (len(bad), "\n".join(bad[:10])))
    return sum(1 for l in text.splitlines() if "[error]" in l)


def get(stack, path, timeout=5):
    """(status, headers, seconds) of one GET; status 0 when it failed."""
    t0 = time.time()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=timeout)
        conn.request("GET", path, headers={"User-Agent": PROBE_AGENT})
        r = conn.getresponse()
        r.read()
        conn.close()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, time.time() - t0
    except OSError:
        return 0, {}, time.time() - t0


# ------------------------------------------------------------- fault hooks
# Each runs in a thread while the peak load runs, until `stop` is set, and
# records what it saw in `report` (a dict), which check_faults() judges.

def fault_kill_worker(stack, stop, report, every=5.0):
    """kill -9 one worker of the supervised daemon every `every` seconds and
    measure how long until the supervisor has a replacement running."""
    daemon = pid_of(stack, "daemon")
    report.update(kills=0, restart_s=[], errors=[])
    while not stop.wait(every):
        workers = children(daemon) if daemon else []
        if not workers:
            report["errors"].append("the daemon (pid %s) has no worker processes: this "
                                    "fault needs the supervised daemon" % daemon)
            return
        victim = workers[0]
        os.kill(victim, signal.SIGKILL)
        report["kills"] += 1
        t0 = time.time()
        while time.time() - t0 < 10:
            now = children(daemon)
            if victim not in now and len(now) >= len(workers):
                report["restart_s"].append(time.time() - t0)
                break
            time.sleep(0.01)
        else:
            report["errors"].append("no replacement for worker %d within 10 s" % victim)


def fault_idle_peers(stack, stop, report):
    """Holds IDLE_PEERS connections to the daemon's socket that send nothing
    and STALLED_PEERS that send half a request; each one the daemon closes
    is counted (with how long it was held) and replaced."""
    path = os.path.join(stack.var, "run", "fcgi.sock")
    report.update(opened=0, idle_closed=0, stalled_closed=[], errors=[])
    begin = struct.pack(">BBHHBB", 1, 1, 1, 8, 0, 0) + struct.pack(">HB5x", 1, 1)
    half = begin + struct.pack(">BBHHBB", 1, 4, 1, 40, 0, 0) + b"\x0e\x03REQUEST_METHOD"

    def open_peer(stalled):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        if stalled:
            s.sendall(half)
        s.setblocking(False)
        report["opened"] += 1
        return [s, stalled, time.time()]

    peers = []
    try:
        peers = [open_peer(False) for _ in range(IDLE_PEERS)] + \
            [open_peer(True) for _ in range(STALLED_PEERS)]
        while not stop.wait(0.05):
            for i, (s, stalled, since) in enumerate(peers):
                try:
                    if s.recv(4096):
                        continue  # an answer: not expected, but not ours to judge
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                s.close()
                if stalled:
                    report["stalled_closed"].append(time.time() - since)
                else:
                    report["idle_closed"] += 1
                peers[i] = open_peer(stalled)
    except OSError as e:
        report["errors"].append("cannot hold connections to %s: %s" % (path, e))
    finally:
        for p in peers:
            p[0].close()


def check_idle_peers(stack, rep, reports):
    stalled = rep.get("stalled_closed", [])
    print("    idle-peers: %d connections opened; %d idle ones closed by the daemon; "
          "%d stalled requests cut, after %s s"
          % (rep.get("opened", 0), rep.get("idle_closed", 0), len(stalled),
             ", ".join("%.2f" % t for t in stalled[:8]) or "-"))
    problems = []
    if not stalled:
        problems.append("idle-peers: no stalled request was closed by the daemon")
    # Bound 1 s, checked every 0.1 s by the daemon and every 0.05 s here.
    late = [t for t in stalled if t > 2.0]
    if late:
        problems.append("idle-peers: %d stalled requests held over 2 s: %r" % (len(late), late))
    return problems


def fault_db_outage(stack, stop, report, after=3.0, seconds=10.0):
    """Stops MariaDB `after` seconds into the load for `seconds`, probing the
    site all along, then starts it again (stack.sh start starts only what is
    not running) and measures how long until DB_PAGE answers 200."""
    report.update(probes=[], recovery_s=None, errors=[])
    if stop.wait(after):
        return
    if hasattr(stack, "db_stop"):
        stack.db_stop()  # deploy/stack.sh db-stop: TERM, and waits until it is gone
    else:
        pid = pid_of(stack, "mariadb")
        if not pid:
            report["errors"].append("no MariaDB pid")
            return
        os.kill(pid, signal.SIGTERM)
    down_at = time.time()
    while time.time() - down_at < seconds:
        for path in ("/generate?format=json", DB_PAGE):
            status, headers, took = get(stack, path)
            report["probes"].append((path, status, "retry-after" in headers, took))
        time.sleep(0.1)
    if hasattr(stack, "db_start"):
        stack.db_start()
    else:
        stack._stack("start", "--daemon", stack.daemon, "--workers", str(stack.workers))
    up_at = time.time()
    while time.time() - up_at < 30:
        status, _, _ = get(stack, DB_PAGE)
        report["last_status"] = status
        if status == 200:
            report["recovery_s"] = time.time() - up_at
            break
        time.sleep(0.05)


def submitter(stack, stop, report, every=0.2):
    """Proposes new words all along (each from a client of its own, as the
    site limits them per client) and notes the submission id of every one
    answered 2xx: none of them may be lost."""
    report.update(accepted=[], answers={})
    n = 0
    while not stop.wait(every):
        n += 1
        c = lf.Client(stack, "127.0.%d.%d" % (1 + n // 250 % 250, 1 + n % 250))
        word = "soak" + "".join(chr(ord("a") + int(x, 16)) for x in os.urandom(6).hex())
        try:
            r = c.get("/submit?kind=weapon&part=abstract&format=json",
                      headers={"User-Agent": PROBE_AGENT})
            if r.status != 200:
                report["answers"]["form %d" % r.status] = \
                    report["answers"].get("form %d" % r.status, 0) + 1
                continue
            f = r.json()
            r = c.post("/submit", {"csrf": f["csrf"], "submission_id": f["submission_id"],
                                   "kind": "weapon", "part": "abstract", "word": word},
                       headers={"Accept": "application/json", "User-Agent": PROBE_AGENT})
        except (OSError, ValueError, KeyError) as e:
            report["answers"][type(e).__name__] = report["answers"].get(type(e).__name__, 0) + 1
            continue
        report["answers"][r.status] = report["answers"].get(r.status, 0) + 1
        if 200 <= r.status < 300:
            report["accepted"].append(f["submission_id"])


def propose_until_stored(stack, c, body, report, deadline):
    """Posts one proposal (the same submission id each time, as a person
    would press the button again after a 503) until it is answered 2xx or
    the deadline passes; every answer is noted in report["answers"]."""
    while time.time() < deadline:
        t0 = time.time()
        try:
            r = c.post("/submit", body,
                       headers={"Accept": "application/json", "User-Agent": PROBE_AGENT})
            answer = (r.status, "retry-after" in r.headers, time.time() - t0)
        except OSError as e:  # lf's client waits 10 s: a hang
            answer = (type(e).__name__, False, time.time() - t0)
        report["answers"].append(answer)
        if isinstance(answer[0], int) and 200 <= answer[0] < 300:
            report["accepted"].append(body["submission_id"])
            return time.time()
        time.sleep(0.05)
    return None


def fault_db_freeze(stack, stop, report, after=15.0, seconds=5.0, proposers=12):
    """Freezes MariaDB (SIGSTOP: a hung server, not a stopped one) for
    `seconds` while `proposers` clients keep proposing words; /generate is
    probed all along (it needs no database). After SIGCONT the proposers go
    on until stored; recovery_s is the time until the last of them was."""
    report.update(gen=[], answers=[], accepted=[], recovery_s=None, errors=[],
                  proposers=proposers)
    clients, bodies = [], []
    for i in range(proposers):  # forms first: they need no database, but a fresh id each
        c = lf.Client(stack, "127.0.3.%d" % (1 + i))
        try:
            f = c.get("/submit?kind=weapon&part=adjective&format=json",
                      headers={"User-Agent": PROBE_AGENT}).json()
        except (OSError, ValueError) as e:
            report["errors"].append("proposal form: %s" % e)
            return
        word = "frz" + "".join(chr(ord("a") + int(x, 16)) for x in os.urandom(6).hex())
        clients.append(c)
        bodies.append({"csrf": f["csrf"], "submission_id": f["submission_id"],
                       "kind": "weapon", "part": "adjective", "word": word})
    if stop.wait(after):
        return
    pid = pid_of(stack, "mariadb")
    if not pid:
        report["errors"].append("no MariaDB pid")
        return
    done = [None] * proposers

    def proposer(i):
        done[i] = propose_until_stored(stack, clients[i], bodies[i], report, frozen_at + 30)

    os.kill(pid, signal.SIGSTOP)
    frozen_at = time.time()
    try:
        threads = [threading.Thread(target=proposer, args=(i,)) for i in range(proposers)]
        for t in threads:
            t.start()
        while time.time() - frozen_at < seconds:
            report["gen"].append(get(stack, "/generate?format=json", timeout=2))
            time.sleep(0.05)
    finally:
        os.kill(pid, signal.SIGCONT)
    cont_at = time.time()
    for t in threads:
        t.join()
    if all(done):
        report["recovery_s"] = max(done) - cont_at


def fault_db_down_restart(stack, stop, report, after=25.0, seconds=6.0):
    """Stops MariaDB, then kills every worker process: the replacements start
    without a database and must generate from the cached catalog. /generate
    is probed all along; MariaDB comes back after `seconds`."""
    report.update(gen=[], kills=0, recovery_s=None, errors=[])
    if stop.wait(after):
        return
    daemon = pid_of(stack, "daemon")
    if not daemon or not children(daemon):
        report["errors"].append("no worker processes: this fault needs the supervised daemon")
        return
    stack.db_stop()
    try:
        down_at = time.time()
        killed = []
        for pid in children(daemon):  # now: kill-worker may have replaced one meanwhile
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            killed.append(pid)
            report["kills"] += 1
        while time.time() - down_at < seconds:
            report["gen"].append(get(stack, "/generate?format=json", timeout=5))
            time.sleep(0.05)
        fresh = children(daemon)
        if set(fresh) & set(killed) or not fresh:
            report["errors"].append("workers %r not all replaced: %r" % (killed, fresh))
    finally:
        stack.db_start()
    up_at = time.time()
    while time.time() - up_at < 30:
        if get(stack, DB_PAGE)[0] == 200:
            report["recovery_s"] = time.time() - up_at
            break
        time.sleep(0.05)


def check_db_freeze(stack, rep, reports):
    gen = rep.get("gen", [])
    bad_gen = [g for g in gen if g[0] != 200]
    answers = rep.get("answers", [])
    # While frozen: stored (2xx, when let through just before) or 503 with
    # Retry-After; never another status, never a hang. With kill-worker
    # beside it, a proposal in flight on a killed worker may get nginx's 502
    # (at most every proposer, once per kill).
    kills = reports.get("kill-worker", {}).get("kills", 0)
    killed = [a for a in answers if a[0] == 502]
    wrong = [a for a in answers if not (isinstance(a[0], int) and
                                        (200 <= a[0] < 300 or (a[0] == 503 and a[1])))
             and not (kills and a[0] == 502)]
    if len(killed) > kills * rep.get("proposers", 0):
        wrong += killed
    n503 = sum(1 for a in answers if a[0] == 503)
    slowest = max((g[2] for g in gen), default=0.0)
    print("    db-freeze: /generate probed %d times while frozen, %d not 200, slowest %.3f s; "
          "proposals: %d answers, %d of them 503+Retry-After, %d wrong, slowest %.2f s; "
          "all stored %s s after SIGCONT"
          % (len(gen), len(bad_gen), slowest, len(answers), n503, len(wrong),
             max((a[2] for a in answers), default=0.0),
             "%.2f" % rep["recovery_s"] if rep.get("recovery_s") is not None else "never"))
    problems = []
    if not gen:
        problems.append("db-freeze: no probe ran (the run was too short?)")
    if bad_gen:
        problems.append("db-freeze: /generate did not answer 200 within 2 s: %r" % bad_gen[:5])
    if wrong:
        problems.append("db-freeze: proposals answered other than 2xx or 503+Retry-After: %r"
                        % wrong[:5])
    if rep.get("recovery_s") is None or rep["recovery_s"] > 5.0:
        problems.append("db-freeze: proposals not all stored within 5 s of SIGCONT")
    stored = {r[0] for r in stack.sql("SELECT submission_id FROM submission")}
    lost = [sid for sid in rep.get("accepted", []) if sid not in stored]
    if lost:
        problems.append("db-freeze: %d proposals answered 2xx are not stored" % len(lost))
    return problems


def check_db_down_restart(stack, rep, reports):
    gen = rep.get("gen", [])
    bad = [g for g in gen if g[0] != 200]
    print("    db-down-restart: %d workers killed with the database down; /generate probed "
          "%d times, %d not 200; database page back %s s after the database"
          % (rep.get("kills", 0), len(gen), len(bad),
             "%.3f" % rep["recovery_s"] if rep.get("recovery_s") is not None else "never"))
    problems = []
    if not gen:
        problems.append("db-down-restart: no probe ran (the run was too short?)")
    if bad:
        problems.append("db-down-restart: /generate answered %r" % bad[:5])
    if rep.get("recovery_s") is None or rep["recovery_s"] > 5.0:
        problems.append("db-down-restart: %s not back within 5 s of the database" % DB_PAGE)
    return problems


def p99(seconds):
    """(p50, p99) of a list of durations, in ms (nearest rank)."""
    if not seconds:
        return (0.0, 0.0)
    xs = sorted(seconds)
    return (xs[len(xs) // 2] * 1000.0, xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000.0)


def probe_generate(stack, stop, out, every=0.02):
    """Probes /generate until stop is set; appends (status, headers, s)."""
    while not stop.is_set():
        out.append(get(stack, "/generate?format=json", timeout=10))
        stop.wait(every)


CATALOG_FLOOD_CONNECTIONS = 256
CATALOG_FLOOD_SECONDS = 10


def fault_catalog_flood(stack, stop, report):
    """wrk floods /catalog.json?rev=R while /generate is probed: before and
    during the flood, so that the p99 of each can be printed side by side."""
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
    conn.request("GET", "/catalog.json", headers={"User-Agent": PROBE_AGENT})
    rev = json.loads(conn.getresponse().read())["revision"]
    conn.close()
    report.update(before=[], during=[], errors=[])
    halt = threading.Event()
    t = threading.Thread(target=probe_generate, args=(stack, halt, report["before"]))
    t.start()
    stop.wait(1.0)
    halt.set()
    t.join()
    if stop.is_set():
        return
    halt = threading.Event()
    t = threading.Thread(target=probe_generate, args=(stack, halt, report["during"]))
    t.start()
    path = "/catalog.json?rev=%d" % rev
    try:
        report.update(zip(("requests", "non2xx", "socket_errors"),
                          wrk_flood(stack, path, CATALOG_FLOOD_CONNECTIONS,
                                    CATALOG_FLOOD_SECONDS)))
    finally:
        halt.set()
        t.join()
    report["path"] = path


def wrk_flood(stack, path, connections, seconds):
    """wrk on one path (the probes' User-Agent, so the load's access-log
    count leaves it out): (requests, answers not 2xx, socket errors)."""
    out = subprocess.run(
        ["wrk", "-t2", "-c%d" % connections, "-d%ds" % seconds,
         "--timeout", "10s", "-H", "User-Agent: " + PROBE_AGENT,
         "http://127.0.0.1:%d%s" % (stack.port, path)],
        capture_output=True, text=True, check=True).stdout
    m = re.search(r"(\d+) requests in", out)
    requests = int(m.group(1)) if m else 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    non2xx = int(m.group(1)) if m else 0
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return requests, non2xx, sum(int(x) for x in m.groups()) if m else 0


def check_catalog_flood(stack, rep, reports):
    problems = []
    if "requests" not in rep:
        return ["catalog-flood: the flood did not run (the run was too short?)"]
    b50, b99 = p99([g[2] for g in rep["before"] if g[0] == 200])
    d50, d99 = p99([g[2] for g in rep["during"] if g[0] == 200])
    bad = [g[:1] for g in rep["before"] + rep["during"] if g[0] != 200]
    print("    catalog-flood: %d connections on %s for %d s: %d requests, %d not 2xx, %d socket "
          "errors; /generate before: %d probes, p50 %.1f ms, p99 %.1f ms; during: %d probes, "
          "p50 %.1f ms, p99 %.1f ms, %d not 200"
          % (CATALOG_FLOOD_CONNECTIONS, rep["path"], CATALOG_FLOOD_SECONDS, rep["requests"],
             rep["non2xx"], rep["socket_errors"], len(rep["before"]), b50, b99,
             len(rep["during"]), d50, d99, len(bad)))
    if rep["non2xx"] or rep["socket_errors"]:
        problems.append("catalog-flood: %d answers not 2xx, %d socket errors"
                        % (rep["non2xx"], rep["socket_errors"]))
    if bad:
        problems.append("catalog-flood: /generate answered %r" % bad[:5])
    # The export at R is nginx's after the first answer: a later one a MISS
    # would mean the flood reaches the daemon again.
    status, h, _ = get(stack, rep["path"])
    if status != 200 or h.get("x-cache") != "HIT":
        problems.append("catalog-flood: %s after the flood: %d, X-Cache %r"
                        % (rep["path"], status, h.get("x-cache")))
    return problems


def fault_head_then_get(stack, stop, report):
    """Fresh codes one after the other: HEAD /item/CODE, then GET, each
    GET's body checked against its Content-Length."""
    report.update(codes=0, broken=[], gen=[])
    rnd = random.Random(31)  # fixed: the same codes each run of one catalog
    while not stop.is_set():
        seed = rnd.randint(1, 2**48)
        t0 = time.time()
        status, _, _ = get(stack, "/generate?format=json", timeout=10)
        report["gen"].append((status, {}, time.time() - t0))
        try:
            conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=3)
            conn.request("GET", "/generate?kind=trinket&seed=%d&format=json" % seed,
                         headers={"User-Agent": PROBE_AGENT})
            code = json.loads(conn.getresponse().read())["code"]
            for fmt in ("json", "html"):
                path = "/item/%s?format=%s" % (code, fmt)
                conn.request("HEAD", path, headers={"User-Agent": PROBE_AGENT})
                r = conn.getresponse()
                r.read()
                conn.request("GET", path, headers={"User-Agent": PROBE_AGENT})
                r = conn.getresponse()
                body = r.read()
                if r.status != 200 or len(body) != int(r.getheader("Content-Length", "-1")):
                    report["broken"].append((path, r.status, len(body)))
            conn.close()
            report["codes"] += 1
        except (OSError, ValueError, KeyError) as e:
            report["broken"].append(("code for seed %d" % seed, repr(e), 0))
        stop.wait(0.05)


def check_head_then_get(stack, rep, reports):
    g50, g99 = p99([g[2] for g in rep.get("gen", []) if g[0] == 200])
    bad_gen = [g[0] for g in rep.get("gen", []) if g[0] != 200]
    print("    head-then-get: %d fresh codes, HEAD then GET as JSON and HTML: %d broken; "
          "/generate beside it: %d probes, p50 %.1f ms, p99 %.1f ms, %d not 200"
          % (rep.get("codes", 0), len(rep.get("broken", [])), len(rep.get("gen", [])), g50, g99,
             len(bad_gen)))
    problems = []
    if not rep.get("codes"):
        problems.append("head-then-get: no code was tried (the run was too short?)")
    if rep.get("broken"):
        problems.append("head-then-get: GETs after a HEAD without their whole body: %r"
                        % rep["broken"][:5])
    if bad_gen:
        problems.append("head-then-get: /generate answered %r" % bad_gen[:5])
    return problems


FLOOD_SECONDS = 10  # each of login-flood and old-revision-flood
LOGIN_LOOPS = 8
LOADOUT_FLOOD_CONNECTIONS = 16
OLD_REVISIONS = 32


def flood_schedule(faults):
    """When login-flood and old-revision-flood start (seconds into the
    fault run), one after the other and after what else disturbs /generate:
    catalog-flood (1 s to 11 s), db-freeze (15 s) and db-down-restart (25 s
    to about 35 s). Returns ({fault: start}, the seconds the run needs)."""
    at = 0.0
    if "catalog-flood" in faults:
        at = 1.0 + CATALOG_FLOOD_SECONDS + 1.0
    if "db-down-restart" in faults:
        at = max(at, FAULT_WINDOW["db-down-restart"])
    elif "db-freeze" in faults:
        at = max(at, FAULT_WINDOW["db-freeze"])
    starts = {}
    for name in ("login-flood", "moderator-flood", "rev-spelling-flood", "old-revision-flood"):
        if name in faults:
            starts[name] = at
            at += 1.0 + FLOOD_SECONDS + 1.0  # a second of probes before, one to settle
    return starts, at + 1.0


def beside_generate(stack, stop, report, flood):
    """Probes /generate for a second, then runs flood() (which returns when
    its time is up) while probing on: report["before"] and report["during"]
    get the probes, for their p50/p99 side by side."""
    report.setdefault("before", [])
    report.setdefault("during", [])
    halt = threading.Event()
    t = threading.Thread(target=probe_generate, args=(stack, halt, report["before"]))
    t.start()
    stop.wait(1.0)
    halt.set()
    t.join()
    if stop.is_set():
        return
    halt = threading.Event()
    t = threading.Thread(target=probe_generate, args=(stack, halt, report["during"]))
    t.start()
    try:
        flood()
    finally:
        halt.set()
        t.join()


def print_beside(name, what, rep):
    """Prints a flood's line with /generate's p50/p99 before and during it;
    returns the problems of the probes (any not 200)."""
    b50, b99 = p99([g[2] for g in rep.get("before", []) if g[0] == 200])
    d50, d99 = p99([g[2] for g in rep.get("during", []) if g[0] == 200])
    bad = [g[0] for g in rep.get("before", []) + rep.get("during", []) if g[0] != 200]
    print("    %s: %s; /generate before: %d probes, p50 %.1f ms, p99 %.1f ms; during: %d "
          "probes, p50 %.1f ms, p99 %.1f ms, %d not 200"
          % (name, what, len(rep.get("before", [])), b50, b99, len(rep.get("during", [])),
             d50, d99, len(bad)))
    if not rep.get("during"):
        return ["%s: /generate was not probed during the flood (the run was too short?)" % name]
    return ["%s: /generate answered %r" % (name, bad[:5])] if bad else []


def table_rows(stack, table):
    return int(stack.sql("SELECT COUNT(*) FROM %s" % table)[0][0])


def fault_login_flood(stack, stop, report):
    """LOGIN_LOOPS loops post logins for made-up names, each from a loopback
    address of its own (127.80.0.2 on), for FLOOD_SECONDS; answers counted
    by status (503 noted with or without Retry-After)."""
    report.update(answers={}, errors=[], tables={}, login_s=[])
    if stop.wait(report.get("after", 0.0)):
        return
    tables = ("moderation_log", "login_throttle")
    report["tables"]["before"] = [table_rows(stack, t) for t in tables]
    numbers = iter(range(2, 2**31))
    lock = threading.Lock()

    def loop(until):
        while time.time() < until and not stop.is_set():
            with lock:
                n = next(numbers)
            c = lf.Client(stack, "127.%d.%d.%d" % (80 + n // 62500, n // 250 % 250, n % 250 + 2))
            t0 = time.time()
            try:
                r = c.get("/login", headers={"Accept": "application/json",
                                              "User-Agent": PROBE_AGENT})
                token = r.json()["csrf"]
                r = c.post("/login", {"csrf": token, "name": "nobody-" + uuid.uuid4().hex[:8],
                                      "password": "wrong-password"},
                           headers={"Accept": "application/json", "User-Agent": PROBE_AGENT})
                key = r.status if r.status != 503 else \
                    ("503+Retry-After" if "retry-after" in r.headers else "503 bare")
            except (OSError, ValueError, KeyError) as e:
                key = type(e).__name__
            with lock:
                report["answers"][key] = report["answers"].get(key, 0) + 1
                report["login_s"].append(time.time() - t0)

    def flood():
        until = time.time() + FLOOD_SECONDS
        loops = [threading.Thread(target=loop, args=(until,)) for _ in range(LOGIN_LOOPS)]
        for t in loops:
            t.start()
        for t in loops:
            t.join()

    beside_generate(stack, stop, report, flood)
    report["tables"]["after"] = [table_rows(stack, t) for t in tables]


def check_login_flood(stack, rep, reports):
    answers = rep.get("answers", {})
    problems = print_beside(
        "login-flood", "%d loops of logins for made-up names for %d s: %d answers %r, each "
        "(form and post) p50 %.0f ms, p99 %.0f ms"
        % ((LOGIN_LOOPS, FLOOD_SECONDS, sum(answers.values()), answers)
           + p99(rep.get("login_s", []))), rep)
    if not answers:
        problems.append("login-flood: no login was tried (the run was too short?)")
    # With kill-worker beside it, a login in flight on a killed worker gets
    # nginx's 502 (a POST is not retried): at most one per loop and kill.
    kills = reports.get("kill-worker", {}).get("kills", 0)
    allowed = (401, "503+Retry-After") + ((502,) if answers.get(502, 0) <= kills * LOGIN_LOOPS
                                          else ())
    wrong = {k: v for k, v in answers.items() if k not in allowed}
    if wrong:
        problems.append("login-flood: answers other than 401 or 503+Retry-After: %r" % wrong)
    t = rep.get("tables", {})
    print("    login-flood: moderation_log, login_throttle rows before %r, after %r"
          % (t.get("before"), t.get("after")))
    if t.get("before") != t.get("after"):
        problems.append("login-flood: made-up names wrote rows: moderation_log, login_throttle "
                        "%r before, %r after" % (t.get("before"), t.get("after")))
    return problems


REV_LOOPS = 4


def rev_spelling(rnd, rev):
    """rev spelled another way: leading zeros, or percent-escaped digits."""
    digits = str(rev)
    if rnd.random() < 0.5:
        return "0" * rnd.randint(1, 19 - len(digits)) + digits
    # the first digit escaped always, so that no spelling is the canonical one
    return "".join("%%%02X" % ord(d) if i == 0 or rnd.random() < 0.5 else d
                   for i, d in enumerate(digits))


def cache_bytes(stack):
    """Files and bytes of nginx's cache of items, dungeons and exports."""
    files = size = 0
    for d, _, names in os.walk(os.path.join(stack.var, "tmp", "nginx", "items")):
        for n in names:
            try:
                size += os.path.getsize(os.path.join(d, n))
                files += 1
            except OSError:
                pass
    return files, size


def fault_rev_spelling_flood(stack, stop, report):
    """REV_LOOPS loops ask /catalog.json?rev=R spelled every other way
    (leading zeros, %3x digits) for FLOOD_SECONDS while /generate is
    probed: each spelling is answered with the canonical address (301), and
    nginx's cache does not grow by one file."""
    report.update(answers={}, errors=[])
    if stop.wait(report.get("after", 0.0)):
        return
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
    conn.request("GET", "/catalog.json", headers={"User-Agent": PROBE_AGENT})
    rev = json.loads(conn.getresponse().read())["revision"]
    conn.close()
    get(stack, "/catalog.json?rev=%d" % rev)  # the canonical entry, kept once
    report["cache_before"] = cache_bytes(stack)
    lock = threading.Lock()

    def loop(until, seed):
        rnd = random.Random(seed)
        conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
        while time.time() < until and not stop.is_set():
            try:
                conn.request("GET", "/catalog.json?rev=" + rev_spelling(rnd, rev),
                             headers={"User-Agent": PROBE_AGENT})
                r = conn.getresponse()
                r.read()
                key = r.status
            except (OSError, http.client.HTTPException) as e:
                key = type(e).__name__
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
            with lock:
                report["answers"][key] = report["answers"].get(key, 0) + 1
        conn.close()

    def flood():
        until = time.time() + FLOOD_SECONDS
        loops = [threading.Thread(target=loop, args=(until, i)) for i in range(REV_LOOPS)]
        for t in loops:
            t.start()
        for t in loops:
            t.join()

    beside_generate(stack, stop, report, flood)
    report["cache_after"] = cache_bytes(stack)


def check_rev_spelling_flood(stack, rep, reports):
    answers = rep.get("answers", {})
    before, after = rep.get("cache_before", (0, 0)), rep.get("cache_after", (0, 0))
    problems = print_beside(
        "rev-spelling-flood", "%d loops asking the export at one revision spelled otherwise for "
        "%d s: %d answers %r; nginx's cache %d files, %d bytes before, %d files, %d bytes after"
        % (REV_LOOPS, FLOOD_SECONDS, sum(answers.values()), answers, before[0], before[1],
           after[0], after[1]), rep)
    if not answers:
        problems.append("rev-spelling-flood: no request was made (the run was too short?)")
    kills = reports.get("kill-worker", {}).get("kills", 0)
    wrong = {k: v for k, v in answers.items() if k != 301}
    if sum(wrong.values()) > kills * REV_LOOPS:
        problems.append("rev-spelling-flood: answers other than 301: %r" % wrong)
    if after[0] > before[0]:
        problems.append("rev-spelling-flood: nginx's cache grew from %d to %d files"
                        % (before[0], after[0]))
    return problems


MODERATOR_LOOPS = 8


def fault_moderator_flood(stack, stop, report, seconds=FLOOD_SECONDS):
    """MODERATOR_LOOPS loops post wrong passwords for one moderator, each
    from a loopback address of its own (127.90.0.2 on), for seconds; a
    browser with a device cookie logs in again every second meanwhile."""
    report.update(answers={}, errors=[], device=[])
    if stop.wait(report.get("after", 0.0)):
        return
    name, password = "soak-mod-" + uuid.uuid4().hex[:8], "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    json_h = {"Accept": "application/json", "User-Agent": PROBE_AGENT}

    def login(c, pw):
        token = c.get("/login", headers=json_h).json()["csrf"]
        return c.post("/login", {"csrf": token, "name": name, "password": pw}, headers=json_h)

    browser = lf.Client(stack, "127.89.0.2")
    r = login(browser, password)
    if r.status != 200 or "lf_device" not in browser.cookies:
        report["errors"].append("the first login answered %d without a device cookie" % r.status)
        return
    numbers = iter(range(2, 2**31))
    lock = threading.Lock()

    def loop(until):
        while time.time() < until and not stop.is_set():
            with lock:
                n = next(numbers)
            c = lf.Client(stack, "127.%d.%d.%d" % (90 + n // 62500, n // 250 % 250, n % 250 + 2))
            try:
                r = login(c, "wrong-password")
                key = r.status if r.status != 503 else \
                    ("503+Retry-After" if "retry-after" in r.headers else "503 bare")
            except (OSError, ValueError, KeyError) as e:
                key = type(e).__name__
            with lock:
                report["answers"][key] = report["answers"].get(key, 0) + 1

    def flood():
        until = time.time() + seconds
        loops = [threading.Thread(target=loop, args=(until,)) for _ in range(MODERATOR_LOOPS)]
        for t in loops:
            t.start()
        stop.wait(0.5)
        while time.time() < until - 0.5 and not stop.is_set():
            t0 = time.time()
            try:
                status = login(browser, password).status
            except (OSError, ValueError, KeyError) as e:
                status = type(e).__name__
            report["device"].append((status, time.time() - t0))
            stop.wait(1.0)
        for t in loops:
            t.join()

    beside_generate(stack, stop, report, flood)


def check_moderator_flood(stack, rep, reports):
    answers, device = rep.get("answers", {}), rep.get("device", [])
    d50, d99 = p99([d[1] for d in device])
    problems = print_beside(
        "moderator-flood", "%d loops of wrong passwords for one moderator from fresh addresses: "
        "%d answers %r; device-cookie logins %r, p50 %.0f ms, max %.0f ms"
        % (MODERATOR_LOOPS, sum(answers.values()), answers, [d[0] for d in device], d50,
           max([d[1] * 1000 for d in device] or [0])), rep)
    if not device:
        problems.append("moderator-flood: no device-cookie login was tried")
    if any(d[0] != 200 for d in device):
        problems.append("moderator-flood: a device-cookie login was refused: %r" % device)
    kills = reports.get("kill-worker", {}).get("kills", 0)
    allowed = (401, 429, "503+Retry-After") + ((502,) if kills else ())
    wrong = {k: v for k, v in answers.items() if k not in allowed}
    if wrong:
        problems.append("moderator-flood: answers other than 401, 429 or 503+Retry-After: %r"
                        % wrong)
    return problems


def prepare_old_revisions(stack):
    """33 change sets (each edits one weapon row: retired and a copy added,
    docs/items.md), a code written at each revision (the encoder of
    tests/integration/test_future_codes.py, docs/items.md's byte layout),
    then waits until every worker process serves the newest. Returns the
    /loadout path of the first 32 codes: 32 old revisions."""
    from test_future_codes import code  # noqa: E402 (tests/integration is on the path)
    codes = []
    for i in range(OLD_REVISIONS + 1):
        stack.edit_rows("weapon_type", "id = (SELECT MIN(id) FROM weapon_type "
                        "WHERE retired_rev IS NULL)", value="value + 1")
        rev = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
        codes.append(code(0, rev, 1000 + i))
    lf.settled(stack)
    path = "/loadout?" + "&".join("item=" + c for c in codes[:OLD_REVISIONS]) + "&format=json"
    status, _, _ = get(stack, path, timeout=10)
    if status != 200:
        raise Failure("old-revision-flood: the loadout of 32 old revisions answered %d" % status)
    return path


def fault_old_revision_flood(stack, stop, report):
    """wrk asks the loadout of 32 old revisions (report["path"], made before
    the fault run) on LOADOUT_FLOOD_CONNECTIONS connections for
    FLOOD_SECONDS while /generate is probed."""
    report.update(errors=[])
    if stop.wait(report.get("after", 0.0)):
        return

    def flood():
        report.update(zip(("requests", "non2xx", "socket_errors"),
                          wrk_flood(stack, report["path"], LOADOUT_FLOOD_CONNECTIONS,
                                    FLOOD_SECONDS)))

    beside_generate(stack, stop, report, flood)


def check_old_revision_flood(stack, rep, reports):
    if "requests" not in rep:
        return ["old-revision-flood: the flood did not run (the run was too short?)"]
    problems = print_beside(
        "old-revision-flood", "%d connections on /loadout of %d items from %d old revisions "
        "for %d s: %d requests (%.0f/s), %d not 2xx, %d socket errors"
        % (LOADOUT_FLOOD_CONNECTIONS, OLD_REVISIONS, OLD_REVISIONS, FLOOD_SECONDS,
           rep["requests"], rep["requests"] / FLOOD_SECONDS, rep["non2xx"],
           rep["socket_errors"]), rep)
    # With kill-worker beside it, the requests in flight on a killed worker
    # may fail: at most one per connection and kill.
    kills = reports.get("kill-worker", {}).get("kills", 0)
    if rep["non2xx"] + rep["socket_errors"] > kills * LOADOUT_FLOOD_CONNECTIONS:
        problems.append("old-revision-flood: %d answers not 2xx, %d socket errors (%d kills)"
                        % (rep["non2xx"], rep["socket_errors"], kills))
    return problems


def brief_moderator_flood(stack, seconds=5):
    """--brief without --faults: moderator-flood alone, shorter."""
    print("soak: moderator-flood, %d s" % seconds)
    rep, stop = {}, threading.Event()
    fault_moderator_flood(stack, stop, rep, seconds)
    problems = ["moderator-flood: %s" % e for e in rep.get("errors", [])]
    problems += check_moderator_flood(stack, rep, {})
    if problems:
        raise Failure("; ".join(problems))


FAULTS = {"kill-worker": fault_kill_worker, "db-outage": fault_db_outage,
          "db-freeze": fault_db_freeze, "db-down-restart": fault_db_down_restart,
          "idle-peers": fault_idle_peers, "catalog-flood": fault_catalog_flood,
          "head-then-get": fault_head_then_get, "login-flood": fault_login_flood,
          "moderator-flood": fault_moderator_flood,
          "rev-spelling-flood": fault_rev_spelling_flood,
          "old-revision-flood": fault_old_revision_flood}
# Faults that need the fault phase to last at least this long (seconds): they
# start after the others are over, so that each sees its own fault alone.
FAULT_WINDOW = {"db-freeze": 28, "db-down-restart": 40}
FAULT_CHECKS = {"db-freeze": check_db_freeze, "db-down-restart": check_db_down_restart,
                "idle-peers": check_idle_peers, "catalog-flood": check_catalog_flood,
                "head-then-get": check_head_then_get, "login-flood": check_login_flood,
                "moderator-flood": check_moderator_flood,
                "rev-spelling-flood": check_rev_spelling_flood,
                "old-revision-flood": check_old_revision_flood}
# Made before the fault run (not in its time): {fault: fn(stack) -> report["path"]}.
FAULT_PREPARE = {"old-revision-flood": prepare_old_revisions}


def check_faults(stack, reports):
    """The properties the soak promises, for the faults that ran."""
    problems = []
    sub = reports.get("submissions")
    if sub is not None:
        stored = {r[0] for r in stack.sql("SELECT submission_id FROM submission")}
        lost = [sid for sid in sub["accepted"] if sid not in stored]
        print("    submissions: %d answered 2xx, %d of them lost; answers %r"
              % (len(sub["accepted"]), len(lost), sub["answers"]))
        if lost:
            problems.append("submissions: %d answered 2xx are not in the database: %r"
                            % (len(lost), lost[:5]))
    for name, rep in reports.items():
        if name == "submissions":
            continue
        problems += ["%s: %s" % (name, e) for e in rep.get("errors", [])]
        if name == "kill-worker" and not rep.get("kills") and not rep.get("errors"):
            problems.append("kill-worker: no worker was killed (the run was too short?)")
        if name == "kill-worker" and rep.get("restart_s"):
            slow = [t for t in rep["restart_s"] if t > 1.0]
            print("    kill-worker: %d kills, replacement after %s s"
                  % (rep["kills"], ", ".join("%.3f" % t for t in rep["restart_s"])))
            if slow:
                problems.append("kill-worker: %d replacements took over 1 s" % len(slow))
        if name in FAULT_CHECKS:
            problems += FAULT_CHECKS[name](stack, rep, reports)
        if name == "db-outage":
            probes = rep.get("probes", [])
            wrong = [p for p in probes if not (p[1] in (200, 404) or (p[1] == 503 and p[2]))]
            slow = [p for p in probes if p[3] > 2.0]
            print("    db-outage: %d probes while it was away, %d wrong, %d slower than 2 s; "
                  "back after %s s" % (len(probes), len(wrong), len(slow),
                                       "%.3f" % rep["recovery_s"]
                                       if rep.get("recovery_s") is not None else "never"))
            if wrong:
                problems.append("db-outage: answers other than 2xx or 503+Retry-After: %r"
                                % wrong[:5])
            if slow:
                problems.append("db-outage: %d answers took over 2 s" % len(slow))
            if rep.get("recovery_s") is None or rep["recovery_s"] > 1.0:
                problems.append("db-outage: %s not back within 1 s of the database (it "
                                "answered %s)" % (DB_PAGE, rep.get("last_status")))
    if problems:
        raise Failure("\n".join(problems))


# ------------------------------------------------------------------ phases
def peak(stack, seconds):
    at = log_size(stack, "nginx-access.log")
    fig = wrk(stack, seconds, PEAK_CONNECTIONS)
    access = access_after(stack, at)
    print("peak: %d connections, %d s: %d requests, %.0f/s, latency %s; 2xx %d, other %d, "
          "socket errors %d; access log %r"
          % (PEAK_CONNECTIONS, seconds, fig["requests"], fig["rps"], fig["latency"], fig["ok"],
             fig["other"] + fig["s503_retry"] + fig["s503_bare"], fig["socket_errors"], access))
    check_load("peak", fig, access, PEAK_CONNECTIONS)
    return fig


def overload(stack, seconds):
    """Connections far beyond the workers: queued, never refused."""
    for connections in OVERLOAD_CONNECTIONS:
        at = log_size(stack, "nginx-access.log")
        fig = wrk(stack, seconds, connections)
        access = access_after(stack, at)
        print("overload: %d connections, %d s: %d requests, %.0f/s, latency %s; 2xx %d, "
              "other %d, socket errors %d; access log %r"
              % (connections, seconds, fig["requests"], fig["rps"], fig["latency"], fig["ok"],
                 fig["other"] + fig["s503_retry"] + fig["s503_bare"], fig["socket_errors"],
                 access))
        check_load("overload %d" % connections, fig, access, connections)


def fault_phase(stack, seconds, faults):
    """The peak load again, with the fault hooks (and the submitter, when
    /submit exists) running beside it."""
    stop = threading.Event()
    reports = {name: {} for name in faults}
    starts, _ = flood_schedule(faults)
    for name, at in starts.items():
        reports[name]["after"] = at
    for name, prepare in FAULT_PREPARE.items():
        if name in faults:
            reports[name]["path"] = prepare(stack)
    jobs = [(FAULTS[name], reports[name]) for name in faults]
    if get(stack, "/submit")[0] == 200:
        reports["submissions"] = {}
        jobs.append((submitter, reports["submissions"]))
    threads = [threading.Thread(target=fn, args=(stack, stop, rep)) for fn, rep in jobs]
    at = log_size(stack, "nginx-access.log")
    for t in threads:
        t.start()
    try:
        fig = wrk(stack, seconds, PEAK_CONNECTIONS)
    finally:
        stop.set()
        for t in threads:
            t.join()
    access = access_after(stack, at)
    print("faults (%s): %d connections, %d s: %d requests, %.0f/s, latency %s; 2xx %d, "
          "503+Retry-After %d, other %d, socket errors %d; access log %r"
          % (", ".join(faults), PEAK_CONNECTIONS, seconds, fig["requests"], fig["rps"],
             fig["latency"], fig["ok"], fig["s503_retry"], fig["other"] + fig["s503_bare"],
             fig["socket_errors"], access))
    problems = []
    kills = sum(rep.get("kills", 0) for rep in reports.values())
    for check in (lambda: check_faults(stack, reports),
                  lambda: check_load("faults", fig, access, PEAK_CONNECTIONS,
                                     allow_503="db-outage" in faults,
                                     may_fail=PEAK_CONNECTIONS * kills)):
        try:
            check()
        except Failure as e:
            problems.append(str(e))
    if problems:
        raise Failure("\n".join(problems))


def soak(stack, seconds, peak_rps, sample_every):
    """Half the peak rate, RSS sampled; returns the samples (KiB)."""
    target = peak_rps / 2
    delay_ms = SOAK_CONNECTIONS / target * 1000.0
    if seconds >= 60:
        # Latency and timer slack eat into the pause: two short runs to
        # measure them and correct it.
        for _ in range(2):
            cal = wrk(stack, 3, SOAK_CONNECTIONS, delay_ms)
            cycle_ms = SOAK_CONNECTIONS / max(cal["rps"], 1.0) * 1000.0
            delay_ms = max(delay_ms + SOAK_CONNECTIONS / target * 1000.0 - cycle_ms, 0.0)
    pid = pid_of(stack, "daemon")
    samples = []
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            samples.append(rss_kib(pid))
            stop.wait(sample_every)

    at = log_size(stack, "nginx-access.log")
    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        fig = wrk(stack, seconds, SOAK_CONNECTIONS, delay_ms)
    finally:
        stop.set()
        sampler.join()
    access = access_after(stack, at)
    print("soak: %d connections, %d s at a target of %.0f/s (half of %.0f): %d requests, "
          "%.0f/s (%.0f%% of peak), latency %s; 2xx %d, other %d, socket errors %d"
          % (SOAK_CONNECTIONS, seconds, target, peak_rps, fig["requests"], fig["rps"],
             100.0 * fig["rps"] / peak_rps, fig["latency"], fig["ok"],
             fig["other"] + fig["s503_retry"] + fig["s503_bare"], fig["socket_errors"]))
    if len(samples) < 3 or samples[0] == 0:
        raise Failure("soak: too few RSS samples of the daemon (pid %s): %r" % (pid, samples))
    first, top, last = samples[0], max(samples), samples[-1]
    print("soak: daemon RSS (KiB), %d samples every %g s: first %d, min %d, max %d, last %d "
          "(max %+.2f%% of first; limit %+.0f%%)"
          % (len(samples), sample_every, first, min(samples), top, last,
             100.0 * (top - first) / first, 100 * RSS_TOLERANCE))
    step = max(1, len(samples) // 12)
    print("soak: RSS every %g s: %s" % (step * sample_every,
                                        " ".join(str(x) for x in samples[::step])))
    check_load("soak", fig, access, SOAK_CONNECTIONS)
    if top > first * (1 + RSS_TOLERANCE):
        raise Failure("soak: the daemon's memory grew more than %.0f%%: %r"
                      % (100 * RSS_TOLERANCE, samples))
    return samples


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--daemon", required=True)
    ap.add_argument("--brief", action="store_true", help="5 s + 5 s instead of 30 s + 10 min")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--faults", default="",
                    help="comma-separated: %s (need the supervised daemon)" % ", ".join(FAULTS))
    ap.add_argument("--keep", action="store_true", help="keep the stack's temp dir (logs)")
    args = ap.parse_args()
    faults = [f for f in args.faults.split(",") if f]
    for f in faults:
        if f not in FAULTS:
            ap.error("unknown fault %r (known: %s)" % (f, ", ".join(FAULTS)))
    if not shutil.which("wrk"):
        print("soak: wrk is not installed (deploy/install-deps.sh)")
        return 1
    peak_s, soak_s, every = (5, 5, 0.25) if args.brief else (30, 600, 5.0)
    overload_s = 5 if args.brief else 15
    fault_s = 20 if args.brief else 30  # room for an outage of 10 s and a few kills
    fault_s = max([fault_s] + [FAULT_WINDOW.get(f, 0) for f in faults] +
                  [int(flood_schedule(faults)[1] + 0.999)])
    # The submitter posts far more than a client's hourly limit.
    os.environ.setdefault("LOOTFORGE_SUBMIT_LIMIT", "100000")
    stack = lf.Stack(args.daemon, workers=args.workers)
    print("soak: stack under %s (%d workers)" % (stack.var, args.workers))
    failed = False
    try:
        stack.start()
        err_at = log_size(stack, "nginx-error.log")
        fig = peak(stack, peak_s)
        overload(stack, overload_s)
        if faults:
            fault_phase(stack, fault_s, faults)
        elif args.brief:
            brief_moderator_flood(stack)
        soak(stack, soak_s, fig["rps"], every)
        errors = check_nginx_errors(stack, err_at)
        print("soak: nginx error log: 0 [emerg]/[alert]/[crit], %d [error]" % errors)
    except (Failure, subprocess.CalledProcessError) as e:
        failed = True
        print("FAIL %s" % e)
    finally:
        stack.stop()
    print("soak: %s" % ("FAILED" if failed else "passed"))
    if failed or args.keep:
        print("logs kept in %s/log" % stack.var)
    else:
        shutil.rmtree(stack.var, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
