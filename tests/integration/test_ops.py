"""Operators: liveness and readiness, metrics, logs, the version.

- /healthz answers "ok" whatever happens behind it; /readyz answers 200
  "ok" with the detail, and 503 "degraded" when the database is stopped.
- /metrics is the Prometheus text format (parsed here by a parser of our
  own), its counters move with the requests made, and nginx answers it and
  /readyz only to loopback and the addresses of the monitor include.
- Every line of the daemon's log is a JSON object; a line written while
  answering a request carries the id nginx logs for that request.

Clients other than the operator talk from 127.0.4.N (an address range of
their own: nginx's per-client limits, the daemon's hourly count)."""

import json
import os
import re
import signal
import socket
import struct
import subprocess
import time
import uuid

import lf
from lf import Client, check
from test_supervise import worker_pids

JSON = {"Accept": "application/json"}
_sources = iter(range(2, 250))


def other_source():
    return "127.0.4.%d" % next(_sources)


def wait_for(probe, seconds, step=0.1):
    t0 = time.monotonic()
    while True:
        got = probe()
        if got or time.monotonic() - t0 > seconds:
            return got
        time.sleep(step)


# ------------------------------------------------------------ the parser

SAMPLE_RE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})? (\S+)$')
LABEL_RE = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)')


def parse_metrics(text):
    """The Prometheus text format (0.0.4), strictly: {(name, labels): value}
    and {family: type}. Raises on any line that is not a comment, a TYPE or
    HELP line, or a sample of a family whose TYPE came first."""
    samples, types = {}, {}
    check(text.endswith("\n"), "the exposition ends with a newline")
    for line in text.split("\n")[:-1]:
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            check(kind in ("counter", "gauge", "histogram", "summary", "untyped"),
                  "unknown type", line)
            check(name not in types, "a family typed twice", line)
            types[name] = kind
            continue
        if line.startswith("# HELP ") or line.startswith("#"):
            continue
        m = SAMPLE_RE.match(line)
        check(m, "not a sample line", line)
        name, labels = m.group(1), ()
        if m.group(3):
            pairs, rest = [], m.group(3)
            while rest:
                lm = LABEL_RE.match(rest)
                check(lm, "bad labels", line)
                pairs.append((lm.group(1), lm.group(2)))
                rest = rest[lm.end():]
            labels = tuple(sorted(pairs))
        family = re.sub(r"_(bucket|sum|count)$", "", name)
        check(name in types or (family in types and types[family] == "histogram"),
              "a sample before its TYPE", line)
        value = float(m.group(4))
        check((name, labels) not in samples, "a sample twice", line)
        samples[(name, labels)] = value
    # Histograms: buckets cumulative, +Inf equal to _count.
    for fam, kind in types.items():
        if kind != "histogram":
            continue
        series = {}
        for (name, labels), v in samples.items():
            if name == fam + "_bucket":
                rest = tuple(kv for kv in labels if kv[0] != "le")
                le = dict(labels)["le"]
                series.setdefault(rest, []).append((float("inf") if le == "+Inf" else float(le), v))
        for rest, buckets in series.items():
            buckets.sort()
            counts = [v for _, v in buckets]
            check(counts == sorted(counts), "buckets are cumulative", fam, rest, buckets)
            check(buckets[-1][0] == float("inf"), "a +Inf bucket", fam, rest)
            check(samples.get((fam + "_count", rest)) == counts[-1], "+Inf equals _count",
                  fam, rest)
    return samples, types


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def scrape(stack):
    r = stack.get("/metrics")
    check(r.status == 200, "GET /metrics from loopback", r)
    check(r.headers.get("content-type", "").startswith("text/plain; version=0.0.4"),
          "the Prometheus content type", r.headers)
    return parse_metrics(r.text)


def ready(stack):
    r = stack.get("/readyz")
    check(r.headers.get("content-type") == "application/json", "readiness is JSON", r)
    return r.status, r.json()


# ----------------------------------------------------------------- health

def test_liveness_keeps_its_bytes_and_readiness_says_ok(stack):
    lf.settled(stack)
    r = stack.get("/healthz")
    check(r.status == 200 and r.body == b"ok\n", "/healthz is still 200 \"ok\"", r)
    status, d = ready(stack)
    check(status == 200 and d["status"] == "ok" and d["problems"] == [], "ready", d)
    want = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    check(d["database"] == {"reachable": True, "ok": True, "revision": want},
          "the database's revision", d)
    check(d["replica"] is None, "no replica on the dev stack", d)
    _, kids = worker_pids(stack)
    procs = d["processes"]
    check(sorted(p["pid"] for p in procs) == kids, "one entry per worker process", procs, kids)
    check(all(p["running"] and p["catalog_revision"] == want and p["database"] == "up"
              for p in procs), "each worker has the database's revision live", procs)


def test_readiness_is_degraded_while_the_database_is_stopped(stack):
    stack.db_stop()
    try:
        r = stack.get("/healthz")
        check(r.status == 200 and r.body == b"ok\n", "liveness does not care", r)
        r = stack.get("/readyz")
        status, d = ready(stack)
        check(status == 503 and d["status"] == "degraded", "503 degraded", status, d)
        check(r.status == 503 and r.headers.get("retry-after") == "1",
              "a 503 with Retry-After, as every 503", r.headers)
        check(d["database"]["reachable"] is False, "the database is unreachable", d)
        check(any("database" in p for p in d["problems"]), "the problem is named", d)
        # Generation is still up: the catalog in memory.
        check(stack.get("/generate?format=json").status == 200, "generation still answers")
        # Each poller finds it down too within a poll or two.
        check(wait_for(lambda: all(p["database"] == "down" for p in ready(stack)[1]["processes"]),
                       10), "every worker process's poller sees it down")
        samples, _ = scrape(stack)
        check(value(samples, "lootforge_database_up") == 0, "metrics: the database is down")
        check(value(samples, "lootforge_database_errors_total") > 0, "metrics: errors counted")
    finally:
        stack.db_start()
    check(wait_for(lambda: ready(stack)[0] == 200, 30), "ready again once MariaDB is back",
          ready(stack))


def test_a_restarted_worker_is_counted(stack):
    samples, _ = scrape(stack)
    before = value(samples, "lootforge_worker_restarts_total")
    _, kids = worker_pids(stack)
    os.kill(kids[0], signal.SIGKILL)
    check(wait_for(lambda: len(worker_pids(stack)[1]) == len(kids) and
                   kids[0] not in worker_pids(stack)[1], 10), "the worker is replaced")
    check(wait_for(lambda: ready(stack)[0] == 200, 15), "ready again", ready(stack))
    status, d = ready(stack)
    check(sum(p["restarts"] for p in d["processes"]) >= 1, "readiness counts the restart", d)
    samples, _ = scrape(stack)
    check(value(samples, "lootforge_worker_restarts_total") == before + 1,
          "metrics count one restart more", before, samples)
    check(value(samples, "lootforge_worker_processes_running") == len(kids),
          "every worker process runs")


# ---------------------------------------------------------------- metrics

def test_metrics_parse_and_move_with_requests(stack):
    samples, types = scrape(stack)
    for fam, kind in (("lootforge_http_requests_total", "counter"),
                      ("lootforge_http_request_duration_seconds", "histogram"),
                      ("lootforge_items_generated_total", "counter"),
                      ("lootforge_catalog_revision", "gauge"),
                      ("lootforge_catalog_load_seconds", "gauge"),
                      ("lootforge_database_up", "gauge"),
                      ("lootforge_database_errors_total", "counter"),
                      ("lootforge_proposals", "gauge"),
                      ("lootforge_worker_restarts_total", "counter")):
        check(types.get(fam) == kind, "family %s is a %s" % (fam, kind), types.get(fam))
    gen = dict(route="/generate", status="200")
    reqs = value(samples, "lootforge_http_requests_total", **gen)
    hist = value(samples, "lootforge_http_request_duration_seconds_count", route="/generate")
    armor = value(samples, "lootforge_items_generated_total", kind="armor")
    n404 = value(samples, "lootforge_http_requests_total", route="other", status="404")
    for seed in range(5):
        r = stack.get("/generate?kind=armor&count=3&seed=%d&format=json" % seed)
        check(r.status == 200, "a roll", r)
    check(stack.get("/no-such-page-%s" % uuid.uuid4().hex).status == 404, "a 404")
    samples, _ = scrape(stack)
    # Nothing else talks to this stack while a test runs: exact counts.
    check(value(samples, "lootforge_http_requests_total", **gen) == reqs + 5,
          "five more 200s on /generate", reqs, samples)
    check(value(samples, "lootforge_http_request_duration_seconds_count", route="/generate")
          == hist + 5, "and five more in its histogram")
    check(value(samples, "lootforge_items_generated_total", kind="armor") == armor + 15,
          "fifteen armor pieces rolled")
    check(value(samples, "lootforge_http_requests_total", route="other", status="404")
          == n404 + 1, "the 404 counted under \"other\"")
    # The proposal queues are counted in the database at the scrape. A
    # proposal of an earlier test may still be landing (a retried store):
    # compare a scrape with the count before and after it, once they agree.
    def count():
        return int(stack.sql("SELECT COUNT(*) FROM submission WHERE status = 'pending'")[0][0])
    for _ in range(20):
        before = count()
        seen = value(scrape(stack)[0], "lootforge_proposals", form="word", status="pending")
        if before == count():
            break
    check(seen == before, "pending word proposals as the database counts them", before, seen)
    # Every proposal type's table has its series, each status of it.
    for form, table in lf.PROPOSAL_TYPES:
        for status in ("pending", "approved", "rejected"):
            key = ("lootforge_proposals", tuple(sorted({"form": form, "status": status}.items())))
            check(key in samples, "a series for %s proposals %s" % (form, status), table)
    # A change set of an earlier test reaches every process within its
    # reload interval: ask until each says the database's revision.
    want = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    for _ in range(50):
        revs = [v for (n, _), v in scrape(stack)[0].items() if n == "lootforge_catalog_revision"]
        if revs and all(v == want for v in revs):
            break
        time.sleep(0.1)
    check(revs and all(v == want for v in revs), "each process's revision", revs, want)


def nginx_reload(stack):
    subprocess.run(["nginx", "-p", stack.var + "/", "-e",
                    os.path.join(stack.var, "log", "nginx-error.log"), "-c",
                    os.path.join(stack.var, "nginx.conf"), "-s", "reload"], check=True)


def test_operator_pages_only_for_loopback_and_the_monitor(stack):
    for path in ("/metrics", "/readyz"):
        check(stack.get(path).status in (200, 503), "%s from 127.0.0.1" % path)
        r = stack.get(path, source=other_source())
        check(r.status == 403, "%s from another address: 403" % path, r)
    monitor, stranger = other_source(), other_source()
    conf = os.path.join(stack.var, "nginx-monitor.conf")
    with open(conf, "w") as f:
        f.write("allow %s;\n" % monitor)
    try:
        nginx_reload(stack)
        check(wait_for(lambda: stack.get("/metrics", source=monitor).status == 200, 10),
              "the monitor's address of the include is let in")
        check(stack.get("/metrics", source=stranger).status == 403, "no one else")
    finally:
        os.unlink(conf)
        nginx_reload(stack)
    check(wait_for(lambda: stack.get("/metrics", source=monitor).status == 403, 10),
          "without the include, the monitor is refused again")


# ------------------------------------------------------------------- logs

def test_log_lines_are_json_and_carry_nginx_request_id(stack):
    name = "ops" + uuid.uuid4().hex[:8]
    password = "correct horse battery"
    stack.add_moderator(name, password)
    c = Client(stack, other_source())
    r = c.get("/login", headers=JSON)
    check(r.status == 200, "the login form", r)
    r = c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
               headers=JSON)
    check(r.status in (200, 303), "logged in", r)
    text = stack.log("daemon.log")
    events = stack.log_events()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    check(len(events) == len(lines), "every line of the daemon's log is a JSON object",
          [ln for ln in lines if not ln.startswith("{")][:5])
    check(all({"time", "level", "pid", "tid", "msg"} <= set(ev) for ev in events),
          "each has time, level, pid, tid and msg")
    mine = [ev for ev in events if ev["msg"] == "login: moderator %s logged in" % name]
    check(len(mine) == 1 and re.fullmatch(r"[0-9a-f]{32}", mine[0].get("rid", "")),
          "the login's line carries a request id", mine)
    rid = mine[0]["rid"]

    # nginx writes its line in the log phase, after the last byte went out:
    # a client may read the answer first (seen under load, in a newcomer run)
    def logged():
        return [ln for ln in stack.log("nginx-access.log").splitlines() if "rid=" + rid in ln]
    wait_for(logged, 5)
    access = logged()
    check(len(access) == 1 and '"POST /login' in access[0], "nginx logged the same request",
          access)
    check(re.search(r" rt=\d+\.\d{3} urt=\d+\.\d{3} rid=", access[0]),
          "with its request and upstream times", access[0])


# ---------------------------------------------------------------- version

def test_version(stack):
    with open(os.path.join(lf.ROOT, "src", "base", "version.h")) as f:
        want = re.search(r'#define LOOTFORGE_VERSION\s+"([^"]+)"', f.read()).group(1)
    out = subprocess.run([stack.daemon, "--version"], capture_output=True, text=True, check=True)
    check(out.stdout == "lootforged %s\n" % want, "lootforged --version", out.stdout)
    check(ready(stack)[1]["version"] == want, "readiness names the version too")
    samples, _ = scrape(stack)
    check(value(samples, "lootforge_build_info", version=want) == 1, "and the metrics")


def test_man_page_names_every_option(stack):
    """docs/man/lootforged.8, which the unit's Documentation= names, lists
    every option `lootforged --help` prints."""
    out = subprocess.run([stack.daemon, "--help"], capture_output=True, text=True, check=True)
    flags = set(re.findall(r"^  (--[a-z-]+)", out.stdout, re.M))
    check(len(flags) > 20, "the options of --help", flags)
    with open(os.path.join(lf.ROOT, "docs", "man", "lootforged.8")) as f:
        page = f.read().replace("\\-", "-")
    missing = sorted(f for f in flags if f not in page)
    check(not missing, "the man page names every option", missing)
    with open(os.path.join(lf.ROOT, "deploy", "lootforged.service")) as f:
        check("\nDocumentation=man:lootforged(8)\n" in f.read(), "the unit points to it")


def fcgi_answer(raw):
    """The STDOUT of a FastCGI answer: (status, body)."""
    out, i = b"", 0
    while i + 8 <= len(raw):
        _, rtype, _, clen, plen, _ = struct.unpack(">BBHHBB", raw[i:i + 8])
        if rtype == 6:
            out += raw[i + 8:i + 8 + clen]
        i += 8 + clen + plen
    head, _, body = out.partition(b"\r\n\r\n")
    return int(re.match(rb"Status: (\d+)", head).group(1)), body


def readyz_of(stack, replica_socket, monkeypatch):
    """/readyz of a daemon of its own (one process, FastCGI on TCP) whose
    replica is replica_socket."""
    from test_fcgi_allow import fcgi_request, read_all, started
    monkeypatch.setenv("LOOTFORGE_DB_REPLICA_SOCKET", replica_socket)
    d, port = started(stack, ":%d")
    try:
        def ask():
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(fcgi_request(b"/readyz"))
            out, _ = read_all(s)
            s.close()
            status, body = fcgi_answer(out)
            return status, json.loads(body)
        # The first poll decides the replica's state: wait for it.
        wait_for(lambda: ask()[1]["replica"] is not None, 10)
        return ask()
    finally:
        d.stop()


def test_readiness_reports_the_replica(stack, monkeypatch):
    want = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    # The primary's own server as the "replica": it answers, at no lag.
    status, d = readyz_of(stack, os.path.join(stack.var, "run", "mysqld.sock"), monkeypatch)
    check(status == 200 and d["replica"] == {"answering": True, "revision": want,
                                             "revisions_behind": 0}, "a replica in step", d)
    # A replica that is not there: the catalog comes from the primary, and
    # readiness says so.
    status, d = readyz_of(stack, os.path.join(stack.var, "run", "no-replica.sock"), monkeypatch)
    check(status == 503 and d["replica"]["answering"] is False and
          any("replica" in p for p in d["problems"]), "a replica gone is degraded", d)
    check(d["catalog_revision"] == want, "generation still has the catalog", d)
