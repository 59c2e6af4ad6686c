#!/usr/bin/env python3
"""Make scale: lootforge on six test hosts on this machine.

    nginx (10.77.0.10) --FastCGI/TCP--> daemons d1, d2, d3 (.11 .12 .13)
    daemons --writes--> MariaDB primary (.20) --GTID replication--> replica (.21)
    daemons --catalog reads--> replica (the primary while it is gone)
    the client (.30) talks HTTP to nginx

Each host is a network namespace on one bridge (net.py); every server is
private to the run's temp dir. Phases, each with its figures and checks:

  spread    load through nginx: every answer 2xx, each daemon serves a share
  kill      a daemon host killed (SIGKILL, all its processes) mid-load: at
            most the requests it had in flight fail
  replica   the replica stopped mid-load: no request fails, a catalog change
            on the primary is live on every daemon meanwhile, and reads are
            back on the replica once it returns
  primary   the primary stopped mid-load: proposals 503 with Retry-After,
            generation 200; started again: proposals stored, none accepted
            lost (on the primary and, replicated, on the replica)
  approve   a word proposed, approved by a moderator through nginx, and live
            on every daemon; the replica's lag and each daemon's delay

--brief (in `make check`) shortens the loads; the full run is `make scale`.
Skips (exit 0, a line saying why) only when namespaces are forbidden: not
root, or `ip netns add` refused."""

import argparse
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cookies  # noqa: E402  (tests/cookies.py)
import hosts as H  # noqa: E402
from net import Net, Unavailable  # noqa: E402

HOSTS = {"ngx": 10, "d1": 11, "d2": 12, "d3": 13, "db1": 20, "db2": 21, "cli": 30}
DAEMONS = ["d1", "d2", "d3"]
JSON = {"Accept": "application/json"}
GEN_PATHS = ["/generate?tier=3&format=json", "/generate?kind=armor&count=5&format=json",
             "/generate?kind=trinket&tier=5&power=40", "/map?w=8&h=6&format=json"]
DB_PATHS = ["/words?kind=weapon&part=prefix&format=json"]


class Failure(Exception):
    pass


def check(cond, msg, *ctx):
    if not cond:
        raise Failure(msg + "".join("\n    " + repr(c)[:400] for c in ctx))


def say(*a):
    print("scale:", *a, flush=True)


# ---- HTTP from the client host ---------------------------------------------

class Resp:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return "<%d %r>" % (self.status, self.body[:200])


class Client:
    """Keeps cookies and one kept-alive connection to host:port."""

    def __init__(self, addr, port=80, timeout=10):
        self.addr, self.port, self.timeout = addr, port, timeout
        self.conn = None
        self.cookies = cookies.Jar()

    def request(self, method, path, body=None, headers=None):
        hdrs = dict(headers or {})
        cookie = self.cookies.header(self.addr, self.port, path)
        if cookie:
            hdrs["Cookie"] = cookie
        if isinstance(body, dict):
            body = urllib.parse.urlencode(body)
            hdrs.setdefault("Content-Type", "application/x-www-form-urlencoded")
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.addr, self.port,
                                                       timeout=self.timeout)
            try:
                self.conn.request(method, path, body=body, headers=hdrs)
                r = self.conn.getresponse()
                resp = Resp(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A kept connection nginx closed while idle: once more, new.
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        self.cookies.take(self.addr, self.port, path, r.getheaders())
        if resp.headers.get("connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return resp

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body, **kw):
        return self.request("POST", path, body=body, **kw)

    def close(self):
        if self.conn:
            self.conn.close()
        self.conn = None


class Load:
    """`conns` clients, each requesting in a loop on a kept connection (a
    new one after a failure); every outcome recorded with its time."""

    def __init__(self, addr, conns, paths):
        self.addr, self.conns, self.paths = addr, conns, paths
        self.stop_ev = threading.Event()
        self.results = [[] for _ in range(conns)]  # (t_end, status or "error: ...")
        self.threads = []

    def _run(self, i):
        c = Client(self.addr, timeout=10)
        n = i
        out = self.results[i]
        while not self.stop_ev.is_set():
            path = self.paths[n % len(self.paths)]
            n += 1
            try:
                r = c.get(path)
                out.append((time.time(), r.status))
            except Exception as e:  # noqa: BLE001: every failure is a figure
                out.append((time.time(), "error: " + type(e).__name__))
                c.close()

    def start(self):
        self.t0 = time.time()
        for i in range(self.conns):
            t = threading.Thread(target=self._run, args=(i,), daemon=True)
            t.start()
            self.threads.append(t)
        return self

    def stop(self):
        self.stop_ev.set()
        for t in self.threads:
            t.join(timeout=15)
        self.t1 = time.time()
        return self

    def all(self):
        return sorted(x for r in self.results for x in r)

    def summary(self):
        res = self.all()
        ok = sum(1 for _, s in res if isinstance(s, int) and 200 <= s < 300)
        bad = [(t, s) for t, s in res if not (isinstance(s, int) and 200 <= s < 300)]
        secs = max(self.t1 - self.t0, 1e-9)
        return len(res), ok, bad, len(res) / secs


def cpu_seconds(net, host):
    """CPU seconds (user + system, all threads) used so far by the
    processes running on host (its namespace)."""
    tck = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in net.pids(host):
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            pass
    return total / tck


def cpu_snapshot(net):
    return {h: cpu_seconds(net, h) for h in ("ngx", "d1", "d2", "d3", "db1", "db2")}


def cpu_per(net, before, n):
    """Microseconds of CPU per request since before, by role."""
    after = cpu_snapshot(net)
    d = {h: after[h] - before[h] for h in after}
    us = 1e6 / max(n, 1)
    return {"nginx": round(d["ngx"] * us, 1),
            "daemons": round((d["d1"] + d["d2"] + d["d3"]) * us, 1),
            "primary": round(d["db1"] * us, 1), "replica": round(d["db2"] * us, 1)}


def spread(nginx, daemons, net, since, until):
    """Requests per daemon in nginx's access log (the last upstream each
    request went to, the one that answered)."""
    counts = {h: 0 for h in daemons}
    for _, _, ups in nginx.log_lines(since, until):
        last = ups.split(",")[-1].strip()
        for h in daemons:
            if last == "%s:%d" % (net.addr(h), H.FCGI_PORT):
                counts[h] += 1
    return counts


# ---- proposals and moderation ------------------------------------------------

def new_word():
    return "zz" + "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:10])


def propose_until_stored(c, word, log, deadline):
    """As a person would: the form, then the post, resent (the same
    submission id) after a 503 until stored. Returns the submission id once
    answered 2xx (or 303), else None at the deadline."""
    sid = csrf = None
    while time.monotonic() < deadline:
        try:
            if sid is None:
                r = c.get("/submit?kind=weapon&part=prefix&format=json")
                log.append(("form", r.status, "retry-after" in r.headers))
                if r.status != 200:
                    time.sleep(0.2)
                    continue
                f = r.json()
                sid, csrf = f["submission_id"], f["csrf"]
            r = c.post("/submit", {"csrf": csrf, "submission_id": sid, "kind": "weapon",
                                   "part": "prefix", "word": word, "attack": "1"},
                       headers=JSON)
            log.append(("post", r.status, "retry-after" in r.headers))
            if 200 <= r.status < 400:
                return sid
            time.sleep(0.2)
        except OSError as e:
            log.append(("post", "error: " + type(e).__name__, False))
            c.close()
            time.sleep(0.2)
    return None


class Proposer:
    """Proposes new words one after another until stopped."""

    def __init__(self, addr, pause=0.1):
        self.c = Client(addr)
        self.pause = pause
        self.stop_ev = threading.Event()
        self.log = []          # every answer: (what, status, had Retry-After)
        self.accepted = []     # (word, submission id, time)
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self.stop_ev.is_set():
            word = new_word()
            sid = propose_until_stored(self.c, word, self.log, time.monotonic() + 60)
            if sid:
                self.accepted.append((word, sid, time.time()))
            time.sleep(self.pause)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.stop_ev.set()
        self.thread.join(timeout=70)


def honoured_on(addr, port, word):
    """Whether the daemon behind port rolls a requested prefix `word`."""
    c = Client(addr, port, timeout=5)
    try:
        r = c.get("/generate?attribute%%5Bprefix%%5D=%s&seed=7&format=json" % word)
        return r.status == 200 and r.json()["parts"].get("prefix") == word
    except (OSError, ValueError, KeyError):
        return False
    finally:
        c.close()


def time_live_everywhere(net, nginx, word, t0, timeout=20):
    """Seconds from t0 until each daemon honours word."""
    left = dict(nginx.direct_ports)
    got = {}
    end = time.monotonic() + timeout
    while left and time.monotonic() < end:
        for h, port in list(left.items()):
            if honoured_on(net.addr("ngx"), port, word):
                got[h] = time.time() - t0
                del left[h]
        time.sleep(0.02)
    check(not left, "%s live on every daemon within %d s" % (word, timeout), got, left)
    return got


# ---- the run -----------------------------------------------------------------

class Run:
    def __init__(self, args):
        self.a = args
        self.brief = args.brief
        self.net = Net(HOSTS)
        self.var = tempfile.mkdtemp(prefix="lf-scale-", dir="/tmp")
        self.figures = {}
        self.daemons = {}
        self.primary = self.replica = self.nginx = None

    # -- set-up
    def setup(self):
        t0 = time.monotonic()
        self.net.up()
        self.primary = H.MariaDB(self.net, "db1", self.var, "mariadb-primary.cnf", 1)
        self.replica = H.MariaDB(self.net, "db2", self.var, "mariadb-replica.cnf", 2)
        # One after the other: two at once was the set-up's one flaky step.
        for db in (self.primary, self.replica):
            check(db.install(), "mariadb-install-db on " + db.host)
        self.primary.start()
        self.replica.start()
        secrets = os.path.join(self.var, "secrets")
        os.makedirs(secrets, mode=0o700)
        pw = {}
        for name in ("app", "repl"):
            path = os.path.join(secrets, name)
            with open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
                pw[name] = uuid.uuid4().hex
                f.write(pw[name] + "\n")
        with open(os.open(os.path.join(secrets, "secret"), os.O_WRONLY | os.O_CREAT, 0o600),
                  "wb") as f:
            f.write(os.urandom(32))  # one secret for every daemon host
        net_pattern = "10.77.0.%"
        subprocess.run([os.path.join(H.ROOT, "deploy", "replication.sh"), "primary-user",
                        net_pattern, os.path.join(secrets, "repl")] +
                       self.primary.client_args(), check=True, capture_output=True)
        self.primary.script(
            "CREATE DATABASE %s CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;\n"
            "CREATE USER '%s'@'%s' IDENTIFIED BY '%s';\n"
            "GRANT SELECT, INSERT, UPDATE, DELETE ON %s.* TO '%s'@'%s';\n"
            % (H.DB_NAME, H.DB_USER, net_pattern, pw["app"], H.DB_NAME, H.DB_USER,
               net_pattern))
        subprocess.run([os.path.join(H.ROOT, "deploy", "replication.sh"), "replica-start",
                        self.net.addr("db1"), os.path.join(secrets, "repl")] +
                       self.replica.client_args(), check=True, capture_output=True)
        subprocess.run([os.path.join(H.ROOT, "deploy", "migrate.sh"), "--no-defaults",
                        "--socket", self.primary.sock, "--user", "root",
                        "--database", H.DB_NAME], check=True, capture_output=True, cwd=H.ROOT)
        self.wait_replicated(30)
        grants = self.replica.sql("SHOW GRANTS FOR 'lootforge_repl'@'10.77.0.%'", db="mysql")
        self.figures["replication user grants"] = [g[0].split(" IDENTIFIED")[0] for g in grants]
        check(len(grants) == 1 and "GRANT REPLICATION SLAVE ON *.*" in grants[0][0],
              "the replication user holds REPLICATION SLAVE and nothing else", grants)
        ro = self.replica.sql("SELECT @@read_only, @@gtid_strict_mode", db="mysql")
        check(ro == [["1", "1"]], "the replica is read_only with strict GTIDs", ro)
        db_args = ["--db-host", self.net.addr("db1"), "--db-port", "3306",
                   "--db-replica-host", self.net.addr("db2"), "--db-replica-port", "3306",
                   "--db-user", H.DB_USER, "--db-name", H.DB_NAME,
                   "--db-password-file", os.path.join(secrets, "app"),
                   "--secret-file", os.path.join(secrets, "secret"),
                   "--cookie-secure", "0", "--submit-limit", "100000", "--poll-ms", "250"]
        self.db_args = db_args
        for h in DAEMONS:
            self.daemons[h] = H.Daemon(self.net, h, self.var, self.a.daemon, db_args, "ngx")
            self.daemons[h].start()
        self.nginx = H.Nginx(self.net, "ngx", self.var, DAEMONS)
        self.nginx.start()
        self.net.enter("cli")
        self.ngx = self.net.addr("ngx")
        c = Client(self.ngx)
        H.wait_for("the site through nginx",
                   lambda: self._ok(lambda: c.get("/healthz").status == 200), 20)
        self.figures["set-up"] = "%.1f s" % (time.monotonic() - t0)
        say("set-up: 6 hosts, replication running, 3 daemons ready in",
            self.figures["set-up"])

    @staticmethod
    def _ok(f):
        try:
            return f()
        except OSError:
            return False

    def gtid(self, db):
        return db.sql("SELECT @@gtid_binlog_pos" if db is self.primary
                      else "SELECT @@gtid_slave_pos", db="mysql")[0][0]

    def wait_replicated(self, timeout):
        """Seconds until the replica has applied everything the primary logged."""
        t0 = time.monotonic()
        want = self.gtid(self.primary)
        H.wait_for("the replica to reach %s" % want,
                   lambda: self.gtid(self.replica) == want, timeout)
        return time.monotonic() - t0

    def load(self, seconds, conns=12, paths=None, during=None):
        ld = Load(self.ngx, conns, paths or GEN_PATHS).start()
        ev = {}
        if during:
            during(ld, ev)
        rest = seconds - (time.time() - ld.t0)
        if rest > 0:
            time.sleep(rest)
        ld.stop()
        return ld, ev

    # -- phases
    def phase_spread(self):
        secs = 4 if self.brief else 20
        before = cpu_snapshot(self.net)
        ld, _ = self.load(secs)
        n, ok, bad, rate = ld.summary()
        cpu = cpu_per(self.net, before, n)
        time.sleep(0.3)  # nginx writes its log line after the answer
        per = spread(self.nginx, DAEMONS, self.net, ld.t0, ld.t1 + 0.2)
        self.figures["spread"] = {"requests": n, "2xx": ok, "rate/s": round(rate),
                                  "per daemon": per, "CPU µs/request": cpu}
        say("spread: %d requests in %d s (%.0f/s), %d 2xx; per daemon %s; CPU µs per "
            "request %s" % (n, secs, rate, ok, per, cpu))
        check(n > 0 and not bad, "every answer 2xx under load", bad[:10])
        total = sum(per.values())
        check(total >= 0.95 * n, "nginx logged the load's requests", total, n)
        for h, k in per.items():
            check(k >= 0.15 * total, "%s served at least 15%% of the requests" % h, per)

    def phase_writes(self):
        """Proposals from 8 clients at once: the CPU each costs the primary,
        the replica (applying it), the daemons and nginx."""
        secs = 3 if self.brief else 10
        before = cpu_snapshot(self.net)
        t0 = time.time()
        props = [Proposer(self.ngx, pause=0).start() for _ in range(8)]
        time.sleep(secs)
        for p in props:
            p.stop_ev.set()
        for p in props:
            p.stop()
        lag = self.wait_replicated(30)
        n = sum(len(p.accepted) for p in props)
        cpu = cpu_per(self.net, before, n)
        rate = n / (time.time() - t0)
        # A 503 with Retry-After is the daemon shedding calls while the
        # database is slow (dbgate.c: at most so many workers wait on it);
        # the proposer resends the same submission id, as a person's
        # browser would (stored once: the id is unique). On a loaded machine
        # (make check beside other runs) a few are shed: what must hold is
        # that each carries Retry-After, that every accepted one is stored,
        # and that nothing else is answered.
        shed = [x for p in props for x in p.log if x[1] == 503]
        shed_no_ra = [x for x in shed if not x[2]]
        others = [x for p in props for x in p.log if x[1] not in (200, 201, 303, 503)]
        accepted = [a for p in props for a in p.accepted]
        rows = [r[0] for r in self.primary.sql("SELECT submission_id FROM submission")]
        lost = [a for a in accepted if a[1] not in set(rows)]
        self.figures["writes"] = {"proposals": n, "rate/s": round(rate, 1),
                                  "CPU µs/proposal (form + post)": cpu,
                                  "answered 503 and resent": len(shed),
                                  "replica caught up after (s)": round(lag, 2)}
        say("writes: %d proposals in %d s (%.0f/s) from 8 clients; CPU µs per proposal "
            "(form + post) %s; %d answered 503 and resent; replica caught up %.2f s after"
            % (n, secs, rate, cpu, len(shed), lag))
        check(n > 0 and not others, "proposals answer only 2xx/303 or 503", others[:10])
        check(not shed_no_ra, "every 503 carries Retry-After", shed_no_ra[:5])
        check(not lost, "every accepted proposal stored", lost[:5])

    def phase_kill(self):
        secs = 6 if self.brief else 20
        victim = self.daemons["d2"]
        conns = 12

        def during(ld, ev):
            time.sleep(secs / 3)
            ev["kill"] = time.time()
            victim.kill()
        ld, ev = self.load(secs, conns=conns, during=during)
        n, ok, bad, rate = ld.summary()
        time.sleep(0.3)
        after = spread(self.nginx, DAEMONS, self.net, ev["kill"] + 1, ld.t1)
        self.figures["kill"] = {"requests": n, "2xx": ok, "failed": len(bad),
                                "failures": [s for _, s in bad][:10],
                                "in flight bound": conns, "per daemon after": after}
        say("kill: d2 killed %.1f s into %d s of load: %d requests, %d failed (at most %d "
            "in flight); per daemon from 1 s after the kill %s"
            % (ev["kill"] - ld.t0, secs, n, len(bad), conns, after))
        check(len(bad) <= conns, "only requests in flight fail", bad[:20])
        check(all(t <= ev["kill"] + 2 for t, _ in bad),
              "no failure later than 2 s after the kill", bad[:20])
        check(after["d2"] == 0 and after["d1"] > 0 and after["d3"] > 0,
              "the others take the dead host's share", after)
        t0 = time.monotonic()
        victim.start()
        self.figures["kill"]["restart"] = "%.2f s" % (time.monotonic() - t0)

    def phase_replica(self):
        secs = 6 if self.brief else 20
        word = new_word()
        marks = {}

        def during(ld, ev):
            time.sleep(secs / 4)
            ev["stop"] = time.time()
            self.replica.stop()
            ev["stopped"] = time.time()
            # A catalog change while the replica is away: only the primary has it.
            self.primary.sql("INSERT INTO weapon_prefix (word, attack) VALUES ('%s', 1)"
                             % word)
            marks["live"] = time_live_everywhere(self.net, self.nginx, word, time.time())
        ld, ev = self.load(secs, paths=GEN_PATHS + DB_PATHS, during=during)
        n, ok, bad, rate = ld.summary()
        t0 = time.time()
        self.replica.start()
        started = time.time()
        # Reads come back to the replica: each daemon logs it.
        H.wait_for("every daemon reading from the replica again", lambda: all(
            d.text().count("the replica answers again") >= 1 for d in self.daemons.values()),
            20)
        back = time.time() - started
        lag = self.wait_replicated(30)
        self.figures["replica"] = {
            "requests": n, "2xx": ok, "failed": len(bad),
            "change on the primary live per daemon (s)": {
                h: round(v, 3) for h, v in marks["live"].items()},
            "replica start (s)": round(started - t0, 2),
            "reads back on the replica after its start (s)": round(back, 2),
            "replica caught up after (s)": round(lag, 2)}
        say("replica: stopped %.1f s into %d s of load (generation, /words): %d requests, "
            "%d failed; a change made on the primary meanwhile live on %s s; replica back: "
            "reads on it %.2f s after its start, caught up %.2f s later"
            % (ev["stop"] - ld.t0, secs, n, len(bad),
               {h: round(v, 3) for h, v in marks["live"].items()}, back, lag))
        check(not bad, "the replica stopped costs no request", bad[:10])
        check(all("the replica does not answer; reading the catalog from the primary"
                  in d.text() for d in self.daemons.values()),
              "every daemon read the catalog from the primary meanwhile")
        check(max(marks["live"].values()) < 5, "the change is live within 5 s",
              marks["live"])

    def phase_primary(self):
        secs = 8 if self.brief else 25
        prop = Proposer(self.ngx).start()
        ev = {}

        def during(ld, e):
            time.sleep(secs / 4)
            e["stop"] = time.time()
            self.primary.stop()
            e["stopped"] = time.time()
            time.sleep(secs / 3)
            e["start"] = time.time()
            self.primary.start()
            e["started"] = time.time()
        ld, ev = self.load(secs, during=during)
        # Give the proposer time to store what it retries after the return.
        H.wait_for("a proposal stored after the primary's return", lambda: any(
            t > ev["started"] for _, _, t in prop.accepted), 30)
        prop.stop()
        n, ok, bad, rate = ld.summary()
        down = [x for x in prop.log if x[0] == "post" and x[1] == 503]
        down_no_ra = [x for x in down if not x[2]]
        others = [x for x in prop.log if x[1] not in (200, 201, 303, 503)]
        first_after = min(t for _, _, t in prop.accepted if t > ev["started"])
        accepted = prop.accepted
        stored = {r[0] for r in self.primary.sql("SELECT submission_id FROM submission")}
        lost = [a for a in accepted if a[1] not in stored]
        lag = self.wait_replicated(30)
        on_replica = {r[0] for r in self.replica.sql("SELECT submission_id FROM submission")}
        lost_replica = [a for a in accepted if a[1] not in on_replica]
        self.figures["primary"] = {
            "generation requests": n, "2xx": ok, "failed": len(bad),
            "proposal answers 503": len(down), "503 without Retry-After": len(down_no_ra),
            "other proposal answers": others[:10],
            "proposals accepted": len(accepted), "lost on the primary": len(lost),
            "lost on the replica": len(lost_replica),
            "down for (s)": round(ev["started"] - ev["stop"], 2),
            "first proposal stored after the primary's start (s)":
                round(first_after - ev["started"], 2),
            "replica caught up after (s)": round(lag, 2)}
        say("primary: down %.1f s in %d s of load: generation %d requests, %d failed; "
            "proposals: %d answered 503 (%d without Retry-After), %d accepted, %d lost "
            "(%d on the replica); the first stored %.2f s after the primary's start"
            % (ev["started"] - ev["stop"], secs, n, len(bad), len(down), len(down_no_ra),
               len(accepted), len(lost), len(lost_replica), first_after - ev["started"]))
        check(not bad, "generation answers 2xx while the primary is down", bad[:10])
        check(down, "proposals answered 503 while the primary was down", prop.log[-20:])
        check(not down_no_ra, "every 503 carries Retry-After", down_no_ra[:5])
        check(not others, "proposals answer only 2xx/303 or 503", others[:10])
        check(not lost and not lost_replica, "no accepted proposal lost", lost, lost_replica)

    def phase_approve(self):
        name, password = "scaler", "pw-" + uuid.uuid4().hex
        r = self.net.run("d1", [self.a.daemon, "--add-moderator", name] + self.db_args,
                         input=password + "\n", text=True, capture_output=True)
        check(r.returncode == 0, "--add-moderator on a daemon host", r.stderr)
        word = new_word()
        c = Client(self.ngx)
        sid = propose_until_stored(c, word, [], time.monotonic() + 20)
        check(sid, "the proposal is stored")
        sub = self.primary.sql("SELECT id FROM submission WHERE submission_id = '%s'" % sid)
        check(len(sub) == 1, "one submission row", sub)
        # The moderator's requests go wherever nginx sends them: the session
        # lives in the database, so every daemon knows it.
        m = Client(self.ngx)
        f = m.get("/login", headers=JSON)
        check(f.status == 200, "GET /login", f)
        r = m.post("/login", {"csrf": f.json()["csrf"], "name": name, "password": password})
        check(r.status == 303, "login", r)
        seen = set()
        for _ in range(6):
            q = m.get("/moderate", headers=JSON)
            check(q.status == 200, "the queue, on whichever daemon", q)
        time.sleep(0.3)
        for _, _, ups in self.nginx.log_lines(time.time() - 10):
            seen.add(ups.split(",")[-1].strip())
        csrf = q.json()["csrf"]
        t0 = time.time()
        r = m.post("/moderate/approve", {"csrf": csrf, "id": sub[0][0], "attack": "2",
                                         "crit": "0", "defense": "0", "magic": "0",
                                         "sneak": "0"},
                   headers={"Origin": "http://" + self.ngx})
        check(r.status == 303, "approve answers 303", r)
        lag = self.wait_replicated(30)  # from the approval's answer
        live = time_live_everywhere(self.net, self.nginx, word, t0)
        self.figures["approve"] = {
            "live per daemon after the approval (s)": {h: round(v, 3) for h, v in live.items()},
            "replica had it after (s)": round(lag, 3),
            "daemons that served the moderator": len(seen)}
        say("approve: approved through nginx (the moderator served by %d daemons); the "
            "replica had it %.3f s after the answer; live on %s s after the approval"
            % (len(seen), lag, {h: round(v, 3) for h, v in live.items()}))

    def finish(self):
        errs = self.nginx.errors() if self.nginx else []
        check(not errs, "no [emerg]/[alert]/[crit] in nginx's log", errs[:5])
        for h, d in self.daemons.items():
            bad = [l for l in d.text().splitlines()
                   if "Sanitizer" in l or "runtime error:" in l]
            check(not bad, "no sanitizer report from " + h, bad[:5])

    def teardown(self, failed):
        for d in self.daemons.values():
            try:
                d.stop()
            except Exception:  # noqa: BLE001: cleanup goes on
                pass
        for s in (self.nginx, self.replica, self.primary):
            try:
                if s:
                    s.stop()
            except Exception:  # noqa: BLE001
                pass
        left = self.net.down()
        if left:
            say("WARNING: namespaces left behind:", left)
        if failed or self.a.keep:
            say("kept the run's files in", self.var)
        else:
            shutil.rmtree(self.var, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", required=True)
    ap.add_argument("--brief", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--figures", help="write the figures as JSON to this file")
    a = ap.parse_args()
    a.daemon = os.path.abspath(a.daemon)
    for tool in ("ip", "mariadbd", "mariadb-install-db", "nginx"):
        if not shutil.which(tool):
            say("FAIL: %s is not installed (make deps)" % tool)
            return 1
    run = Run(a)
    failed = True

    def on_signal(sig, _frame):
        raise SystemExit(128 + sig)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    t0 = time.monotonic()
    try:
        try:
            run.setup()
        except Unavailable as e:
            say("SKIPPED: this machine forbids network namespaces:", e)
            failed = False
            return 0
        run.phase_spread()
        run.phase_writes()
        run.phase_kill()
        run.phase_replica()
        run.phase_primary()
        run.phase_approve()
        run.finish()
        failed = False
    except Failure as e:
        say("FAIL:", e)
        return 1
    finally:
        run.teardown(failed)
        if a.figures:
            with open(a.figures, "w") as f:
                json.dump(run.figures, f, indent=1, default=str)
    say("passed in %.1f s (%s)" % (time.monotonic() - t0, "brief" if a.brief else "full"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
