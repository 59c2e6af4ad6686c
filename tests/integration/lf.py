"""Helpers for the integration tests: start the real stack (MariaDB, daemon,
nginx) with deploy/stack.sh on a free loopback port in a temp dir, talk HTTP to
it with http.client (so malformed requests can be sent byte for byte), and run
SQL through the private instance's socket as its admin."""

import gzip
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cookies  # noqa: E402  (tests/cookies.py)
import openapi  # noqa: E402  (tests/integration/openapi.py)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STACK = os.path.join(ROOT, "deploy", "stack.sh")


def _proposal_types():
    """The proposal types of src/rules/proposal_list.h, in its order, as
    (type, table): the tests that look at every proposal table read them
    from the one list the daemon is built from."""
    with open(os.path.join(ROOT, "src", "rules", "proposal_list.h")) as f:
        text = f.read()
    block = text[text.index("#define PROPOSAL_TYPE_LIST"):text.index("#define PROPOSAL_FORM_LIST")]
    rows = re.findall(r'X\((\w+), "(\w+)", "[^"]*"\)', block)
    assert rows, "no proposal type found in proposal_list.h"
    return rows


PROPOSAL_TYPES = _proposal_types()


def _ephemeral_low():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


# How long a catalog change may take to be live: the daemon promises one
# second, which the release build's run checks; the ASan + UBSan build runs
# several times slower, so its run (conftest.py --sanitized) allows three.
SETTLE = 1.0


def settle():
    """Waits as long as a catalog change may take to be live."""
    import time
    time.sleep(SETTLE)


def settled(stack, seconds=30.0):
    """Waits until the daemons serve the database's current catalog revision
    (six /catalog.json answers in a row: each worker process loads a change
    itself), so that a test after a catalog change starts with no change on
    its way (test_spells compares revisions before and after its own)."""
    import time
    want = int(stack.sql("SELECT revision FROM catalog_revision WHERE id = 1")[0][0])
    deadline = time.monotonic() + seconds
    while True:
        # with a query: nginx answers a plain /catalog.json from the file of
        # the revision the link names (src/web/kept.h), this one the daemon
        if all(stack.get_json("/catalog.json?format=json").json()["revision"] >= want
               for _ in range(6)):
            return
        if time.monotonic() > deadline:
            raise Failure("the catalog did not reach revision %d in %.0f s" % (want, seconds))
        time.sleep(0.1)


def free_port():
    """A port that binds on every address now, chosen below the kernel's
    ephemeral range: a port the kernel hands out (bind to 0) can be taken by
    any outgoing connection before the server binds it, which once made a
    test's daemon fail with "Address already in use"."""
    high = _ephemeral_low() - 1
    low = max(1024, high - 12000)
    # Under pytest-xdist (make integration runs two workers) each worker
    # draws from a slice of its own, so two stacks starting at the same
    # moment never pick the same port.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = os.environ.get("PYTEST_XDIST_WORKER_COUNT", "")
    if worker.startswith("gw") and worker[2:].isdigit() and count.isdigit() and int(count) > 1:
        width = (high - low + 1) // int(count)
        low += width * (int(worker[2:]) % int(count))
        high = low + width - 1
    rnd = random.SystemRandom()
    for _ in range(200):
        port = rnd.randint(low, high)
        try:
            with socket.socket() as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(("0.0.0.0", port))
            return port
        except OSError:
            continue
    raise Failure("no free port below %d" % (high + 1))


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.raw_headers = list(headers)  # in the order sent, for recordings
        self.headers = {k.lower(): v for k, v in headers}
        self.body = body
        self.text = body.decode("utf-8", "replace")
        # Every Set-Cookie (the dict above keeps only one): (name, value, attributes).
        self.set_cookies = []
        for k, v in headers:
            if k.lower() == "set-cookie":
                first, _, attrs = v.partition(";")
                name, _, value = first.strip().partition("=")
                self.set_cookies.append((name, value, attrs))

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return "<%d %s %r>" % (self.status, self.headers.get("content-type"), self.text[:300])


class Stack:
    """The running stack of one test run."""

    def __init__(self, daemon, workers=2, var=None):
        self.daemon = os.path.abspath(daemon)
        self.own_var = var is None
        self.var = var or tempfile.mkdtemp(prefix="lf-it-", dir="/tmp")
        self.workers = workers
        self.port = None

    def _stack(self, *args, check=True):
        cmd = [STACK, *args, "--var", self.var]
        return subprocess.run(cmd, cwd=ROOT, check=check, stdin=subprocess.DEVNULL)

    def start(self):
        self._stack("start", "--port", str(free_port()), "--daemon", self.daemon,
                    "--workers", str(self.workers))
        with open(os.path.join(self.var, "port")) as f:
            self.port = int(f.read().strip())
        return self

    def stop(self):
        self._stack("stop", check=False)

    def log(self, name):
        path = os.path.join(self.var, "log", name)
        try:
            with open(path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def log_events(self, name="daemon.log"):
        """The daemon's log as its JSON objects, one a line (docs/operations.md,
        "Logs"); lines that are not one (a sanitizer's report) are left out."""
        events = []
        for line in self.log(name).splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if isinstance(ev, dict):
                events.append(ev)
        return events

    # --- HTTP -------------------------------------------------------------
    def request(self, method, path, body=None, headers=None, raw_target=None, source=None):
        """source: the loopback address to connect from (127.0.0.N), so that
        a test can be a client of its own for per-client limits."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                          timeout=getattr(self, "http_timeout", 10),
                                          source_address=(source, 0) if source else None)
        hdrs = dict(headers or {})
        if body is not None and "Content-Type" not in hdrs:
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        if isinstance(body, str):
            body = body.encode()
        conn.request(method, raw_target or path, body=body, headers=hdrs)
        r = conn.getresponse()
        resp = Response(r.status, r.getheaders(), r.read())
        conn.close()
        # Every JSON answer any test receives fits public/openapi.json; a
        # gzip answer (nginx, for Accept-Encoding: gzip) is checked inflated.
        checked = resp.body
        if resp.headers.get("content-encoding") == "gzip" and method != "HEAD" and checked:
            checked = gzip.decompress(checked)
        openapi.validate(method, raw_target or path, resp.status, resp.headers.get("content-type"),
                         checked)
        return resp

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def get_json(self, path):
        return self.request("GET", path, headers={"Accept": "application/json"})

    def post(self, path, body, **kw):
        return self.request("POST", path, body=body, **kw)

    # --- MariaDB alone, moderators ------------------------------------------
    def db_stop(self):
        self._stack("db-stop")

    def db_start(self):
        self._stack("db-start")

    def add_moderator(self, name, password):
        subprocess.run([STACK, "add-moderator", name, "--var", self.var, "--daemon", self.daemon],
                       cwd=ROOT, check=True, input=password + "\n", text=True,
                       capture_output=True)

    # --- SQL as the instance's admin (test fixtures only) -------------------
    def sql(self, statement):
        out = subprocess.run(
            ["mariadb", "--socket=" + os.path.join(self.var, "run", "mysqld.sock"), "-uroot",
             "--batch", "--skip-column-names", "lootforge", "-e", statement],
            check=True, capture_output=True, text=True)
        return [line.split("\t") for line in out.stdout.splitlines()]

    # --- catalog change sets (docs/items.md): rows never change in place ----
    def change_set(self, statements):
        """Runs statements as one change set: the revision is bumped once and
        is @rev for every row they add (added_rev) or retire (retired_rev)."""
        self.sql("START TRANSACTION; "
                 "UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; "
                 "SET @rev = (SELECT revision FROM catalog_revision WHERE id = 1); "
                 + "; ".join(statements) + "; COMMIT")

    def retire(self, table, where):
        """Retires the live rows of table that match the SQL condition where."""
        self.change_set(["UPDATE %s SET retired_rev = @rev WHERE retired_rev IS NULL AND (%s)"
                         % (table, where)])

    def edit_rows(self, table, where, **changes):
        """Edits the live rows of table matching where: retires each and adds
        a copy with the columns in changes (SQL expressions) replaced."""
        cols = [r[0] for r in self.sql(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "DATABASE() AND table_name = '%s' AND column_name NOT IN "
            "('id', 'added_rev', 'retired_rev', 'live_word') ORDER BY ordinal_position" % table)]
        sel = ", ".join(str(changes[c]) if c in changes else c for c in cols)
        self.change_set([
            "CREATE TEMPORARY TABLE lf_edit AS SELECT id FROM %s WHERE retired_rev IS NULL "
            "AND (%s)" % (table, where),
            "UPDATE %s SET retired_rev = @rev WHERE id IN (SELECT id FROM lf_edit)" % table,
            "INSERT INTO %s (%s, added_rev) SELECT %s, @rev FROM %s WHERE id IN "
            "(SELECT id FROM lf_edit)" % (table, ", ".join(cols), sel, table),
            "DROP TEMPORARY TABLE lf_edit"])


def signed_in(c, name, password):
    """Client c signed in as the moderator name (POST /login's 303), returned."""
    r = c.get("/login", headers={"Accept": "application/json"})
    r = c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password})
    check(r.status == 303, "the moderator logs in", r)
    return c


class Client:
    """A browser-like client: keeps the cookies the site sets (tests/cookies.py,
    the standard library's cookie jar), and talks from its own loopback
    address when given one."""

    def __init__(self, stack, source=None):
        self.stack = stack
        self.source = source
        self.cookies = cookies.Jar()

    def request(self, method, path, body=None, headers=None):
        hdrs = dict(headers or {})
        cookie = self.cookies.header("127.0.0.1", self.stack.port, path)
        if cookie:
            hdrs["Cookie"] = cookie
        if isinstance(body, dict):
            body = urllib.parse.urlencode(body)
        r = self.stack.request(method, path, body=body, headers=hdrs, source=self.source)
        self.cookies.take("127.0.0.1", self.stack.port, path, r.raw_headers)
        return r

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body, **kw):
        return self.request("POST", path, body=body, **kw)


class Failure(Exception):
    pass


def check(cond, msg, *ctx):
    if not cond:
        raise Failure(msg + "".join("\n    " + repr(c) for c in ctx))


def first_error(r):
    """The first problem of an error answer: {"errors": [{"field", "code",
    "message"}, ...]} (docs/api.md)."""
    body = r if isinstance(r, dict) else json.loads(r.body)
    check(list(body) == ["errors"] and body["errors"] and all(
        list(e) == ["field", "code", "message"] for e in body["errors"]),
        "an error answer in the one shape", body)
    return body["errors"][0]
