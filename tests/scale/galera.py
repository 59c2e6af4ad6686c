#!/usr/bin/env python3
"""make scale-galera: lootforge on a three-node Galera cluster, nodes killed.

    nginx (10.77.0.10) --FastCGI/TCP--> daemons d1, d2, d3 (.11 .12 .13)
    daemons --every statement--> Galera nodes g1, g2, g3 (.20 .21 .22),
            one node at a time (--db-hosts g1,g2,g3)
    the client (.30) talks HTTP to nginx, and to each daemon directly

Each host is a network namespace (net.py); the nodes run deploy/mariadb-galera.cnf
as user mysql, each with its own data directory under the run's temp dir.

Under load (generation through nginx; proposals, approvals and logins
through each daemon), every round kills one node with SIGKILL, then rejoins
it (--wsrep-recover, then --wsrep-start-position: IST, not SST), then
checks: no acknowledged write lost, every node's tables identical (CHECKSUM
TABLE), writes answered again within 5 s of the kill, no generation request
failed. Then two nodes at once: writes 503 with Retry-After, generation
200, the survivor non-primary (no split brain); the documented recovery
(pc.bootstrap=YES on the survivor, the others rejoined) brings back every
acknowledged write.

--brief (in `make check`): one node killed, then the two at once. Skips
(exit 0, a line saying SKIPPED) when network namespaces are forbidden."""

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hosts as H  # noqa: E402
import scale as S  # noqa: E402  (its Client, Load and proposal helpers)
from net import Net, Unavailable  # noqa: E402

# The daemon hosts d1..dN (--daemon-hosts), at .11 and up.
HOSTS = {"ngx": 10, "g1": 20, "g2": 21, "g3": 22, "cli": 30}
DAEMONS = []
DAEMON_HOSTS_MAX = 8


def set_daemon_hosts(n):
    DAEMONS[:] = ["d%d" % i for i in range(1, n + 1)]
    for i, h in enumerate(DAEMONS):
        HOSTS[h] = 11 + i
NODES = ["g1", "g2", "g3"]
JSON = {"Accept": "application/json"}
# The test's provider options: the shipped failure detection, a small gcache.
PROVIDER = ("gcache.size=32M; evs.keepalive_period=PT0.5S; evs.suspect_timeout=PT1.5S; "
            "evs.inactive_timeout=PT5S; evs.inactive_check_period=PT0.5S; "
            "evs.join_retrans_period=PT0.5S; evs.install_timeout=PT4.5S")
WRITE_BACK_S = 5.0


class Failure(Exception):
    pass


def check(cond, msg, *ctx):
    if not cond:
        raise Failure(msg + "".join("\n    " + repr(c)[:600] for c in ctx))


def say(*a):
    print("scale-galera:", *a, flush=True)


class Node:
    """One Galera node on its host, run as mysql."""

    def __init__(self, net, host, var):
        self.net, self.host = net, host
        self.dir = os.path.join(var, host)
        self.data = os.path.join(self.dir, "data")
        self.tmp = os.path.join(self.dir, "tmp")
        self.sock = os.path.join(self.dir, "mysqld.sock")
        self.err = os.path.join(self.dir, "mariadb.err")
        self.proc = None
        for d in (self.dir, self.data, self.tmp):
            os.makedirs(d, exist_ok=True)
        subprocess.run(["chown", "-R", "mysql:mysql", self.dir], check=True)

    def args(self):
        peers = ",".join(self.net.addr(h) for h in NODES)
        addr = self.net.addr(self.host)
        return ["mariadbd", "--defaults-file=" + os.path.join(H.ROOT, "deploy", "mariadb-galera.cnf"),
                "--datadir=" + self.data, "--socket=" + self.sock,
                "--pid-file=" + os.path.join(self.dir, "mariadb.pid"),
                "--log-error=" + self.err, "--tmpdir=" + self.tmp, "--user=mysql",
                "--bind-address=" + addr, "--wsrep-node-address=" + addr,
                "--wsrep-node-name=" + self.host,
                "--wsrep-cluster-address=gcomm://" + peers,
                "--wsrep-provider-options=" + PROVIDER,
                "--innodb-buffer-pool-size=32M", "--innodb-log-file-size=8M",
                "--performance-schema=OFF"]

    def install(self):
        with open(os.path.join(self.dir, "install.log"), "w") as out:
            rc = subprocess.run(["mariadb-install-db", "--no-defaults", "--datadir=" + self.data,
                                 "--tmpdir=" + self.tmp, "--user=mysql",
                                 "--innodb-log-file-size=8M", "--auth-root-authentication-method=socket"],
                                stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT).returncode
        check(rc == 0, "mariadb-install-db on " + self.host)

    def start(self, extra=(), timeout=120):
        self.log_mark = self.log_size()
        self.proc = self.net.popen(self.host, self.args() + list(extra),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        H.wait_for(self.host + " synced", self.synced, timeout)

    def recover(self):
        """--wsrep-recover: the position this node's data reached, read off
        its log (the server exits at once)."""
        mark = self.log_size()
        r = self.net.run(self.host, self.args() + ["--wsrep-recover"],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
        check(r.returncode == 0, "--wsrep-recover on " + self.host, self.log_since(mark)[-800:])
        m = re.findall(r"Recovered position: ([0-9a-f-]+:-?\d+)", self.log_since(mark))
        check(m, "a recovered position in %s's log" % self.host, self.log_since(mark)[-800:])
        return m[-1]

    def kill(self):
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.proc = None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None

    def log_size(self):
        try:
            return os.path.getsize(self.err)
        except OSError:
            return 0

    def log_since(self, mark):
        try:
            with open(self.err, errors="replace") as f:
                f.seek(mark)
                return f.read()
        except OSError:
            return ""

    def client(self):
        return ["mariadb", "--no-defaults", "--socket=" + self.sock, "-uroot",
                "--batch", "--skip-column-names"]

    def sql(self, statement, db=H.DB_NAME, check_rc=True):
        r = subprocess.run(self.client() + [db, "-e", statement], capture_output=True,
                           text=True, timeout=60)
        if check_rc and r.returncode != 0:
            raise Failure("%s: %s: %s" % (self.host, statement[:80], r.stderr.strip()))
        return [line.split("\t") for line in r.stdout.splitlines()]

    def status(self, name):
        try:
            rows = self.sql("SHOW GLOBAL STATUS LIKE '%s'" % name, db="mysql", check_rc=False)
        except subprocess.TimeoutExpired:
            return None
        return rows[0][1] if rows and len(rows[0]) > 1 else None

    def synced(self):
        if self.proc is None or self.proc.poll() is not None:
            raise RuntimeError("mariadbd on %s exited:\n%s"
                               % (self.host, self.log_since(getattr(self, "log_mark", 0))[-1500:]))
        return self.status("wsrep_local_state") == "4" and self.status("wsrep_ready") == "ON"


# ---- the writers ------------------------------------------------------------

class Writers:
    """Per daemon (its direct port): a proposer, a moderator approving what
    is pending, and logins. Every attempt is recorded with its answer; an
    acknowledged write is a 2xx/303 answer."""

    def __init__(self, run, daemon):
        self.run, self.daemon = run, daemon
        self.addr, self.port = run.ngx, run.nginx.direct_ports[daemon]
        self.stop_ev = threading.Event()
        self.proposals = []   # (word, sid, t) acknowledged
        self.prop_tries = 0
        self.approvals = []   # (id, t) acknowledged
        self.appr_tries = 0
        self.logins = []      # (token hash hex, t) acknowledged
        self.login_tries = 0
        self.answers = []     # (t, kind, status, had Retry-After)
        self.threads = [threading.Thread(target=f, daemon=True)
                        for f in (self._propose, self._approve, self._login)]

    def note(self, kind, status, headers):
        self.answers.append((time.time(), kind, status, "retry-after" in headers))

    def _propose(self):
        c = S.Client(self.addr, self.port, timeout=10)
        while not self.stop_ev.is_set():
            word = S.new_word()
            self.prop_tries += 1
            sid = csrf = None
            while not self.stop_ev.is_set():
                try:
                    if sid is None:
                        r = c.get("/submit?kind=weapon&part=prefix&format=json")
                        if r.status != 200:
                            self.note("proposal", r.status, r.headers)
                            time.sleep(0.2)
                            continue
                        f = r.json()
                        sid, csrf = f["submission_id"], f["csrf"]
                    r = c.post("/submit", {"csrf": csrf, "submission_id": sid, "kind": "weapon",
                                           "part": "prefix", "word": word, "attack": "1"},
                               headers=JSON)
                    self.note("proposal", r.status, r.headers)
                    if 200 <= r.status < 400:
                        self.proposals.append((word, sid, time.time()))
                        break
                except OSError as e:
                    self.note("proposal", "error: " + type(e).__name__, {})
                    c.close()
                time.sleep(0.2)
            time.sleep(0.15)

    def _moderator(self):
        m = S.Client(self.addr, self.port, timeout=10)
        f = m.get("/login", headers=JSON)
        r = m.post("/login", {"csrf": f.json()["csrf"], "name": self.run.mod_name,
                              "password": self.run.mod_password})
        return m if r.status == 303 else None

    def _approve(self):
        m = None
        while not self.stop_ev.is_set():
            try:
                if m is None:
                    m = self._moderator()
                    if m is None:
                        time.sleep(0.3)
                        continue
                q = m.get("/moderate", headers=JSON)
                if q.status != 200:
                    self.note("approval", q.status, q.headers)
                    time.sleep(0.3)
                    continue
                body = q.json()
                ids = [s["id"] for s in body.get("submissions", body.get("pending", []))
                       if isinstance(s, dict) and "id" in s]
                if not ids:
                    time.sleep(0.3)
                    continue
                # Each daemon's moderator takes its own share of the queue.
                mine = [i for i in ids if i % len(DAEMONS) == DAEMONS.index(self.daemon)] or ids
                sid = mine[0]
                self.appr_tries += 1
                r = m.post("/moderate/approve", {"csrf": body["csrf"], "id": str(sid),
                                                 "attack": "2", "crit": "0", "defense": "0",
                                                 "magic": "0", "sneak": "0"},
                           headers={"Origin": "http://%s:%d" % (self.addr, self.port)})
                self.note("approval", r.status, r.headers)
                if r.status == 303:
                    self.approvals.append((sid, time.time()))
            except (OSError, ValueError, KeyError) as e:
                self.note("approval", "error: " + type(e).__name__, {})
                m = None
            time.sleep(0.5)

    def _login(self):
        while not self.stop_ev.is_set():
            c = S.Client(self.addr, self.port, timeout=10)
            try:
                f = c.get("/login", headers=JSON)
                if f.status != 200:
                    self.note("login", f.status, f.headers)
                    time.sleep(0.3)
                    continue
                self.login_tries += 1
                r = c.post("/login", {"csrf": f.json()["csrf"], "name": self.run.mod_name,
                                      "password": self.run.mod_password})
                self.note("login", r.status, r.headers)
                if r.status == 303:
                    tok = next((c.cookies[n] for n in ("lf_session", "__Host-lf_session")
                                if n in c.cookies), None)
                    if tok:
                        self.logins.append((hashlib.sha256(tok.encode()).hexdigest(),
                                            time.time()))
            except (OSError, ValueError, KeyError) as e:
                self.note("login", "error: " + type(e).__name__, {})
            finally:
                c.close()
            time.sleep(0.4)

    def start(self):
        for t in self.threads:
            t.start()
        return self

    def stop(self):
        self.stop_ev.set()
        for t in self.threads:
            t.join(timeout=30)


# ---- the run ------------------------------------------------------------------

class Run:
    def __init__(self, args):
        self.a = args
        self.net = Net(HOSTS)
        self.var = tempfile.mkdtemp(prefix="lf-galera-", dir="/tmp")
        os.chmod(self.var, 0o755)  # the nodes run as mysql
        self.figures = {"rounds": []}
        self.daemons = {}
        self.nodes = {}
        self.nginx = None
        self.writers = []
        self.mod_name, self.mod_password = "galera", "pw-" + uuid.uuid4().hex

    def setup(self):
        t0 = time.monotonic()
        self.net.up()
        self.nodes = {h: Node(self.net, h, self.var) for h in NODES}
        g1 = self.nodes["g1"]
        g1.install()
        g1.start(["--wsrep-new-cluster"])
        secrets = os.path.join(self.var, "secrets")
        os.makedirs(secrets, mode=0o700)
        app = uuid.uuid4().hex
        with open(os.open(os.path.join(secrets, "app"), os.O_WRONLY | os.O_CREAT, 0o600),
                  "w") as f:
            f.write(app + "\n")
        with open(os.open(os.path.join(secrets, "secret"), os.O_WRONLY | os.O_CREAT, 0o600),
                  "wb") as f:
            f.write(os.urandom(32))
        pattern = "10.77.0.%"
        g1.sql("CREATE DATABASE %s CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
               "CREATE USER '%s'@'%s' IDENTIFIED BY '%s';"
               "GRANT SELECT, INSERT, UPDATE, DELETE ON %s.* TO '%s'@'%s';"
               % (H.DB_NAME, H.DB_USER, pattern, app, H.DB_NAME, H.DB_USER, pattern),
               db="mysql")
        subprocess.run([os.path.join(H.ROOT, "deploy", "migrate.sh"), "--no-defaults",
                        "--socket", g1.sock, "--user", "root", "--database", H.DB_NAME],
                       check=True, capture_output=True, cwd=H.ROOT)
        self.check_schema(g1)
        # The others join with empty data directories: a full copy (SST).
        for h in ("g2", "g3"):
            self.nodes[h].start()
        self.figures["cluster size"] = g1.status("wsrep_cluster_size")
        check(g1.status("wsrep_cluster_size") == "3", "three nodes in the cluster",
              g1.status("wsrep_cluster_size"))
        hosts = ",".join(self.net.addr(h) for h in NODES)
        self.db_args = ["--db-hosts", hosts, "--db-user", H.DB_USER, "--db-name", H.DB_NAME,
                        "--db-password-file", os.path.join(secrets, "app"),
                        "--secret-file", os.path.join(secrets, "secret"),
                        "--cookie-secure", "0", "--submit-limit", "100000", "--poll-ms", "250"]
        r = self.net.run("d1", [self.a.daemon, "--add-moderator", self.mod_name] + self.db_args,
                         input=self.mod_password + "\n", text=True, capture_output=True)
        check(r.returncode == 0, "--add-moderator against the cluster", r.stderr)
        for h in DAEMONS:
            self.daemons[h] = H.Daemon(self.net, h, self.var, self.a.daemon, self.db_args, "ngx")
            self.daemons[h].start()
        self.nginx = H.Nginx(self.net, "ngx", self.var, DAEMONS)
        self.nginx.start()
        self.net.enter("cli")
        self.ngx = self.net.addr("ngx")
        c = S.Client(self.ngx)
        H.wait_for("the site through nginx",
                   lambda: self._ok(lambda: c.get("/healthz").status == 200), 20)
        self.figures["set-up (s)"] = round(time.monotonic() - t0, 1)
        say("set-up: 3 Galera nodes synced, %d daemons on --db-hosts %s, in %.1f s"
            % (len(DAEMONS), hosts, time.monotonic() - t0))

    @staticmethod
    def _ok(f):
        try:
            return f()
        except OSError:
            return False

    def check_schema(self, node):
        """Galera replicates InnoDB rows only, and a table without a primary
        key replicates badly (every row event a full scan on each node)."""
        bad = node.sql(
            "SELECT t.TABLE_NAME, t.ENGINE FROM information_schema.TABLES t "
            "WHERE t.TABLE_SCHEMA = '%s' AND t.TABLE_TYPE = 'BASE TABLE' AND "
            "(t.ENGINE <> 'InnoDB' OR NOT EXISTS (SELECT 1 FROM "
            "information_schema.TABLE_CONSTRAINTS c WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA "
            "AND c.TABLE_NAME = t.TABLE_NAME AND c.CONSTRAINT_TYPE = 'PRIMARY KEY'))"
            % H.DB_NAME, db="information_schema")
        n = node.sql("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%s' "
                     "AND TABLE_TYPE = 'BASE TABLE'" % H.DB_NAME, db="information_schema")
        self.figures["schema"] = {"tables": int(n[0][0]), "not InnoDB or without a key": bad}
        say("schema: %s tables, every one InnoDB with a primary key: %s"
            % (n[0][0], "yes" if not bad else bad))
        check(not bad, "every table InnoDB with a primary key", bad)

    # -- helpers
    def up_nodes(self):
        return [n for n in self.nodes.values() if n.proc is not None]

    def rejoin(self, node):
        """As docs/scaling.md says after a crash: recover the position, then
        start from it; the node must catch up by IST."""
        t0 = time.monotonic()
        pos = node.recover()
        node.start(["--wsrep-start-position=" + pos])
        log = node.log_since(node.log_mark)
        # The rsync script runs for an IST too ("rsync IST completed on
        # joiner", then "SST received" for the position it kept); a full
        # copy says so, and moves the data files.
        ist = bool(re.search(r"Receiving IST: \d+ writesets|rsync IST completed on joiner", log))
        sst = bool(re.search(r"rsync SST completed on joiner|Transfer of InnoDB data files done",
                             log))
        return {"node": node.host, "position": pos, "IST": ist, "SST": sst,
                "rejoin (s)": round(time.monotonic() - t0, 1)}

    def settle(self, timeout=60):
        """Until every running node has applied the same last write."""
        def same():
            seen = {n.status("wsrep_last_committed") for n in self.up_nodes()}
            return len(seen) == 1 and None not in seen
        H.wait_for("every node at the same write", same, timeout)

    def checksums(self):
        """Each node's tables: CHECKSUM TABLE where it can be trusted, and
        an ordered dump's MD5 for the tables with STORED generated columns,
        whose CHECKSUM TABLE (MariaDB 10.11) changed between two runs on one
        node whose rows were the same."""
        g1 = self.nodes["g1"]
        tables = [r[0] for r in g1.sql(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%s' AND "
            "TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME" % H.DB_NAME, db="information_schema")]
        gen = {r[0] for r in g1.sql(
            "SELECT DISTINCT TABLE_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '%s' "
            "AND IS_GENERATED = 'ALWAYS'" % H.DB_NAME, db="information_schema")}
        plain = [t for t in tables if t not in gen]
        dump = "".join("SELECT '==%s=='; SELECT * FROM %s ORDER BY 1;" % (t, t)
                       for t in sorted(gen))
        out = {}
        for n in self.up_nodes():
            sums = {r[0].split(".")[-1]: r[1] for r in n.sql("CHECKSUM TABLE " + ", ".join(plain))}
            r = subprocess.run(n.client() + [H.DB_NAME, "-e", dump], capture_output=True,
                               check=True)
            chunks = re.split(rb"^==(\w+)==$", r.stdout, flags=re.M)
            for name, body in zip(chunks[1::2], chunks[2::2]):
                sums[name.decode()] = "md5:" + hashlib.md5(body).hexdigest()
            out[n.host] = sums
        self.figures["tables compared"] = {"CHECKSUM TABLE": len(plain),
                                           "ordered dump (generated columns)": len(gen)}
        return out

    def start_writers(self):
        self.writers = [Writers(self, h).start() for h in DAEMONS]
        # Few connections: on two cores an unthrottled load would starve
        # the nodes' state transfers, which are what the rounds wait for.
        self.load = S.Load(self.ngx, 2 if self.a.brief else 4, S.GEN_PATHS).start()

    def stop_writers(self):
        for w in self.writers:
            w.stop_ev.set()
        for w in self.writers:
            w.stop()
        self.load.stop()

    def acked_times(self):
        ts = []
        for w in self.writers:
            ts += [t for _, _, t in w.proposals] + [t for _, t in w.approvals] + \
                  [t for _, t in w.logins]
        return sorted(ts)

    def longest_gap(self, since, until):
        ts = [since] + [t for t in self.acked_times() if since <= t <= until] + [until]
        return max(b - a for a, b in zip(ts, ts[1:]))

    def tally(self, node):
        """attempted / acknowledged / present (on node) per kind of write."""
        props = [p for w in self.writers for p in w.proposals]
        sids = {r[0] for r in node.sql("SELECT submission_id FROM submission")}
        appr = [a for w in self.writers for a in w.approvals]
        approved = {int(r[0]) for r in node.sql(
            "SELECT id FROM submission WHERE status = 'approved'")}
        logins = [x for w in self.writers for x in w.logins]
        hashes = {r[0] for r in node.sql("SELECT LOWER(HEX(token_hash)) FROM moderator_session")}
        return {
            "proposals": (sum(w.prop_tries for w in self.writers), len(props),
                          sum(1 for p in props if p[1] in sids)),
            "approvals": (sum(w.appr_tries for w in self.writers), len(appr),
                          sum(1 for a in appr if a[0] in approved)),
            "logins": (sum(w.login_tries for w in self.writers), len(logins),
                       sum(1 for x in logins if x[0] in hashes)),
        }

    def verify(self, label):
        """After the writers stopped: every acknowledged write on every
        node, and the nodes identical."""
        self.settle()
        per_node = {n.host: self.tally(n) for n in self.up_nodes()}
        sums = self.checksums()
        first = next(iter(sums.values()))
        differ = {h: {t: (first.get(t), v.get(t)) for t in set(first) | set(v)
                      if first.get(t) != v.get(t)}
                  for h, v in sums.items() if v != first}
        some = next(iter(per_node.values()))
        say("%s: attempted / acknowledged / present per kind: %s" % (
            label, ", ".join("%s %d / %d / %d" % ((k,) + v) for k, v in some.items())))
        for h, t in per_node.items():
            lost = {k: v[1] - v[2] for k, v in t.items() if v[2] < v[1]}
            check(not lost, "no acknowledged write lost on " + h, lost, t)
        check(not differ, "every node's tables identical (CHECKSUM TABLE)", differ)
        return some, len(sums)

    def answers(self, since, until, kinds=None):
        return [a for w in self.writers for a in w.answers
                if since <= a[0] <= until and (kinds is None or a[1] in kinds)]

    # -- the rounds

    def round_capacity(self, seconds=15):
        """The capacity table's check: every daemon writing, generation
        through nginx, nothing killed; CPU per acknowledged write on each
        node and per generation request on nginx and the daemons."""
        hosts = ["ngx"] + DAEMONS + NODES
        before = {h: S.cpu_seconds(self.net, h) for h in hosts}
        t0 = time.time()
        self.start_writers()
        time.sleep(seconds)
        self.stop_writers()
        t1 = time.time()
        used = {h: S.cpu_seconds(self.net, h) - before[h] for h in hosts}
        writes = sum(len(w.proposals) + len(w.approvals) + len(w.logins) for w in self.writers)
        gen = [x for x in self.load.all() if t0 <= x[0] <= t1]
        gen_ok = sum(1 for x in gen if x[1] == 200)
        fig = {
            "daemon hosts": len(DAEMONS),
            "seconds": round(t1 - t0, 1),
            "acknowledged writes": writes,
            "writes/s": round(writes / (t1 - t0), 1),
            "generation requests": len(gen),
            "generation 200": gen_ok,
            "CPU ms per write, each node": {h: round(1000 * used[h] / max(writes, 1), 2)
                                            for h in NODES},
            "CPU share of a core, each node": {h: round(used[h] / (t1 - t0), 3) for h in NODES},
            "CPU share of a core, nginx and daemons": {
                h: round(used[h] / (t1 - t0), 3) for h in ["ngx"] + DAEMONS},
        }
        self.figures["capacity"] = fig
        say("capacity: %d daemon hosts, %.1f s: %d writes acknowledged (%.1f/s), CPU ms per "
            "write on the nodes %s (share of a core %s); generation %d requests, %d 200; "
            "nginx and daemons, share of a core: %s" % (
                len(DAEMONS), t1 - t0, writes, fig["writes/s"],
                fig["CPU ms per write, each node"], fig["CPU share of a core, each node"],
                len(gen), gen_ok, fig["CPU share of a core, nginx and daemons"]))
        check(gen and gen_ok == len(gen), "generation all 200 beside the writes",
              [x for x in gen if x[1] != 200][:5])
        check(writes > 0, "writes acknowledged from %d daemons" % len(DAEMONS))
        self.verify("capacity")
    def round_kill(self, victim):
        node = self.nodes[victim]
        self.start_writers()
        time.sleep(2)
        t_kill = time.time()
        node.kill()
        time.sleep(6)
        t_end = time.time()
        first_after = next((t for t in self.acked_times() if t > t_kill), None)
        gap = self.longest_gap(t_kill - 1, t_end)
        rj = self.rejoin(node)
        time.sleep(1)  # writes through the rejoined cluster
        self.stop_writers()
        n, ok, bad, rate = self.load.summary()
        counts, nodes_checked = self.verify("kill %s" % victim)
        back = (first_after - t_kill) if first_after else None
        odd = [a for a in self.answers(t_kill - 30, time.time())
               if not (isinstance(a[2], int) and (200 <= a[2] < 400 or a[2] in (503, 409)))]
        no_ra = [a for a in self.answers(t_kill - 30, time.time()) if a[2] == 503 and not a[3]]
        fig = {"killed": victim, "writes answered again after (s)":
               round(back, 2) if back is not None else None,
               "longest time without an acknowledged write (s)": round(gap, 2),
               "generation": {"requests": n, "failed": len(bad)},
               "writes attempted/acknowledged/present": counts, "rejoin": rj,
               "nodes compared": nodes_checked}
        self.figures["rounds"].append(fig)
        say("kill %s: writes answered again %.2f s after the kill; longest without a write "
            "%.2f s; generation %d requests, %d failed; rejoined in %.1f s by %s"
            % (victim, back if back is not None else -1, gap, n, len(bad), rj["rejoin (s)"],
               "IST" if rj["IST"] and not rj["SST"] else ("SST (!)" if rj["SST"] else "no IST seen (!)")))
        check(back is not None and back <= WRITE_BACK_S,
              "writes answered again within %g s of the kill" % WRITE_BACK_S, back)
        check(not bad, "no generation request failed", bad[:10])
        check(rj["IST"] and not rj["SST"], "%s rejoined by IST, not SST" % victim, rj)
        check(not odd, "writes answer 2xx/303, 409 (already decided) or 503", odd[:10])
        check(not no_ra, "every 503 carries Retry-After", no_ra[:5])

    def round_two_down(self):
        survivor = self.nodes["g1"]
        victims = [self.nodes["g2"], self.nodes["g3"]]
        self.start_writers()
        time.sleep(2)
        t_kill = time.time()
        for v in victims:
            v.kill()
        # Failure detection (evs.inactive_timeout 3 s) and then a while down.
        H.wait_for("the survivor non-primary",
                   lambda: survivor.status("wsrep_cluster_status") not in ("Primary", None), 20)
        t_np = time.time()
        time.sleep(4)
        t_rec = time.time()
        status = survivor.status("wsrep_cluster_status")
        ready = survivor.status("wsrep_ready")
        # Writes while non-primary: the survivor refuses every one.
        refused = subprocess.run(survivor.client() + [H.DB_NAME, "-e",
                                 "SELECT COUNT(*) FROM submission"],
                                 capture_output=True, text=True)
        down_answers = self.answers(t_np + 1, t_rec)
        acked_down = [t for t in self.acked_times() if t_np + 1 < t <= t_rec]
        w503 = [a for a in down_answers if a[2] == 503]
        w503_no_ra = [a for a in w503 if not a[3]]
        gen_down = [x for r in self.load.results for x in r if t_np + 1 <= x[0] <= t_rec]
        gen_bad = [x for x in gen_down if x[1] != 200]
        # The documented recovery: the survivor becomes the primary
        # component alone, then the others rejoin from it.
        survivor.sql("SET GLOBAL wsrep_provider_options = 'pc.bootstrap=YES'", db="mysql")
        H.wait_for("the survivor primary", lambda: survivor.status("wsrep_ready") == "ON", 20)
        t_boot = time.time()
        time.sleep(2)
        first_after = next((t for t in self.acked_times() if t > t_boot), None)
        # Both at once, as an operator would; each from the survivor's gcache.
        rj = [None, None]

        def one(k):
            try:
                rj[k] = self.rejoin(victims[k])
            except Exception as e:  # noqa: BLE001: reported below
                rj[k] = {"node": victims[k].host, "error": repr(e)[:500], "IST": False,
                         "SST": False}
        ts = [threading.Thread(target=one, args=(k,)) for k in (0, 1)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        for r in rj:
            check("error" not in r, "%s rejoined" % r["node"], r)
        time.sleep(2)
        self.stop_writers()
        n, ok, bad, rate = self.load.summary()
        counts, nodes_checked = self.verify("two down")
        fig = {"non-primary after the kills (s)": round(t_np - t_kill, 2),
               "survivor": {"wsrep_cluster_status": status, "wsrep_ready": ready,
                            "a read there": refused.stderr.strip()[:120]},
               "writes answered while non-primary": len(down_answers),
               "of them 503": len(w503), "503 without Retry-After": len(w503_no_ra),
               "acknowledged while non-primary": len(acked_down),
               "generation while non-primary": {"requests": len(gen_down),
                                                "not 200": len(gen_bad)},
               "first write after the bootstrap (s)":
                   round(first_after - t_boot, 2) if first_after else None,
               "generation overall": {"requests": n, "failed": len(bad)},
               "rejoins": rj, "writes attempted/acknowledged/present": counts,
               "nodes compared": nodes_checked}
        self.figures["two down"] = fig
        say("two down: survivor %s (wsrep_ready %s) %.1f s after the kills; %d write answers "
            "meanwhile, %d of them 503 (%d without Retry-After), %d acknowledged; generation "
            "%d requests, %d not 200; after pc.bootstrap=YES the first write %.2f s later; "
            "rejoined by %s"
            % (status, ready, t_np - t_kill, len(down_answers), len(w503), len(w503_no_ra),
               len(acked_down), len(gen_down), len(gen_bad),
               (first_after - t_boot) if first_after else -1,
               ", ".join("%s %s" % (r["node"], "IST" if r["IST"] and not r["SST"] else "SST")
                         for r in rj)))
        check(status != "Primary" and ready == "OFF", "the survivor is non-primary", status, ready)
        check(refused.returncode != 0 and "1047" in refused.stderr,
              "the survivor refuses statements (1047): no split brain", refused.stderr)
        check(w503 and not w503_no_ra, "writes 503 with Retry-After while non-primary",
              down_answers[:10])
        check(not acked_down, "no write acknowledged while non-primary", acked_down[:5])
        check(gen_down and not gen_bad, "generation 200 while non-primary", gen_bad[:10])
        check(not bad, "no generation request failed", bad[:10])
        check(first_after is not None, "writes answer again after the recovery")
        for r in rj:
            check(r["IST"] and not r["SST"], "%s rejoined by IST, not SST" % r["node"], r)

    def finish(self):
        errs = self.nginx.errors() if self.nginx else []
        check(not errs, "no [emerg]/[alert]/[crit] in nginx's log", errs[:5])
        moves = {h: d.text().count("writes go through") for h, d in self.daemons.items()}
        self.figures["node moves logged per daemon"] = moves
        for h, d in self.daemons.items():
            bad = [l for l in d.text().splitlines() if "Sanitizer" in l or "runtime error:" in l]
            check(not bad, "no sanitizer report from " + h, bad[:5])

    def teardown(self, failed):
        for d in self.daemons.values():
            try:
                d.stop()
            except Exception:  # noqa: BLE001: cleanup goes on
                pass
        for s in [self.nginx] + list(self.nodes.values()):
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
    ap.add_argument("--daemon-hosts", type=int, default=3,
                    help="daemon hosts behind nginx (1..%d)" % DAEMON_HOSTS_MAX)
    ap.add_argument("--capacity", action="store_true",
                    help="first a round of writes and generation with nothing killed")
    a = ap.parse_args()
    if not 1 <= a.daemon_hosts <= DAEMON_HOSTS_MAX:
        ap.error("--daemon-hosts: 1 to %d" % DAEMON_HOSTS_MAX)
    set_daemon_hosts(a.daemon_hosts)
    a.daemon = os.path.abspath(a.daemon)
    if os.geteuid() != 0:
        say("SKIPPED: network namespaces and nodes run as mysql need root (uid %d)"
            % os.geteuid())
        return 0
    for tool in ("ip", "mariadbd", "mariadb-install-db", "nginx", "rsync", "socat"):
        if not shutil.which(tool):
            say("FAIL: %s is not installed (make deps)" % tool)
            return 1
    if not os.path.exists("/usr/lib/galera/libgalera_smm.so"):
        say("FAIL: galera-4 is not installed (make deps)")
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
        if a.capacity:
            run.round_capacity()
        for victim in (["g1"] if a.brief else ["g1", "g2", "g3"]):
            run.round_kill(victim)
        run.round_two_down()
        run.finish()
        failed = False
    except (Failure, RuntimeError) as e:
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
