"""The database hangs or vanishes, generation does not care.

- A frozen MariaDB (SIGSTOP, as a stuck server looks): proposals answer 503
  with Retry-After instead of holding every worker, /generate keeps
  answering meanwhile, and proposals work again soon after SIGCONT.
- Worker processes started while MariaDB is down serve the last good catalog
  from the cache file, and take the live one once MariaDB is back.

Both leave MariaDB running. Clients talk from 127.0.2.N, an address range of
their own (nginx's per-client limit on posts, the daemon's hourly count)."""

import http.client
import json
import os
import signal
import threading
import time
import urllib.parse
import uuid

from lf import Client, check
from test_supervise import worker_pids

JSON = {"Accept": "application/json"}
_sources = iter(range(2, 250))


def client(stack):
    return Client(stack, "127.0.2.%d" % next(_sources))


def new_word():
    """Letters only, unlikely to exist, sorting after the shipped words."""
    return "zz" + "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:10])


def proposal(c, word):
    """A ready-to-send proposal of a weapon prefix: (client, body)."""
    r = c.get("/submit?kind=weapon&part=prefix&format=json")
    check(r.status == 200, "the proposal form", r)
    f = r.json()
    return {"csrf": f["csrf"], "submission_id": f["submission_id"], "kind": "weapon",
            "part": "prefix", "word": word}


def timed_get(stack, path, timeout):
    """(status, seconds); status None when no answer came within timeout."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=timeout)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        return r.status, time.monotonic() - t0
    except (OSError, http.client.HTTPException):
        return None, time.monotonic() - t0
    finally:
        conn.close()


def mariadb_pid(stack):
    with open(os.path.join(stack.var, "run", "mariadb.pid")) as f:
        return int(f.read().split()[0])


def wait_for(probe, seconds, step=0.1):
    """probe() until it is true or the deadline passes; (result, seconds)."""
    t0 = time.monotonic()
    while True:
        got = probe()
        if got or time.monotonic() - t0 > seconds:
            return got, time.monotonic() - t0
        time.sleep(step)


def generate_json(stack, path):
    r = stack.get(path, headers=JSON)
    return r.json() if r.status == 200 else None


def test_frozen_database_does_not_starve_generation(stack):
    n = 12
    clients = [client(stack) for _ in range(n)]
    bodies = [proposal(c, new_word()) for c in clients]
    stack.get("/generate?format=json")  # the catalog is in
    results = [None] * n
    pid = mariadb_pid(stack)

    def send(i):
        t0 = time.monotonic()
        try:
            r = clients[i].post("/submit", bodies[i], headers=JSON)
            results[i] = (r.status, r.headers.get("retry-after"), time.monotonic() - t0)
        except OSError as e:  # no answer within lf's 10 s: a hang
            results[i] = ("no answer: %s" % e, None, time.monotonic() - t0)

    os.kill(pid, signal.SIGSTOP)
    try:
        threads = [threading.Thread(target=send, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        time.sleep(0.3)  # the proposals have reached the workers
        # Generation needs no database: it must answer while the proposals
        # are in flight. 2 s is generous; behind 2 s database timeouts it fails.
        gen = [timed_get(stack, "/generate?format=json", 2.0) for _ in range(10)]
        for t in threads:
            t.join()
    finally:
        os.kill(pid, signal.SIGCONT)
    t_cont = time.monotonic()
    statuses = [s for s, _ in gen]
    times = sorted(t for _, t in gen)
    answers = sorted(r[2] for r in results)
    print("    frozen: /generate %s, median %.3f s, max %.3f s; proposals %s, answered in "
          "%.2f..%.2f s" % (statuses, times[len(times) // 2], times[-1],
                            sorted(str(r[0]) for r in results), answers[0], answers[-1]))
    check(all(s == 200 for s in statuses), "/generate answers during the freeze", gen)
    check(all(r[0] == 503 for r in results), "every proposal answered 503", results)
    check(all(r[1] and r[1].isdigit() and int(r[1]) > 0 for r in results),
          "each with Retry-After", results)

    c = client(stack)
    body = proposal(c, new_word())

    def stored():
        return c.post("/submit", body, headers=JSON).status == 201

    ok, took = wait_for(stored, 10, step=0.2)
    print("    proposals stored again %.2f s after SIGCONT" % (time.monotonic() - t_cont))
    check(ok, "a proposal is stored within 10 s of SIGCONT", took)
    log = stack.log("daemon.log")
    check("database unreachable" in log and "database answers again" in log,
          "the breaker's opening and closing are logged")


def test_workers_started_without_database_serve_the_cached_catalog(stack):
    cache = os.path.join(stack.var, "catalog.cache")
    r = stack.get("/generate?format=json")
    check(r.status == 200, "generation works", r)
    written = os.path.exists(cache)
    master, before = worker_pids(stack)
    stack.db_stop()
    try:
        for pid in before:
            os.kill(pid, signal.SIGKILL)

        def replaced():
            after = worker_pids(stack)[1]
            return len(after) == len(before) and not set(after) & set(before)

        ok, _ = wait_for(replaced, 5)
        check(ok, "both worker processes were replaced", before, worker_pids(stack))
        # Every answer now comes from a worker that never saw the database.
        statuses = [stack.get("/generate?format=json&tier=3").status for _ in range(20)]
        print("    database down, workers restarted: /generate %s" % sorted(set(statuses)))
        check(all(s == 200 for s in statuses), "generation answers from the cached catalog",
              statuses)
        item = generate_json(stack, "/generate?tier=3&attribute[type]=longsword")
        check(item and item["parts"]["type"] == "longsword", "a real item", item)
        check(written, "the catalog had been written to the cache file", cache)
        check("live from " + cache in stack.log("daemon.log"), "the log says where it came from")
    finally:
        stack.db_start()
    word = new_word()
    stack.sql("INSERT INTO weapon_prefix (word, attack) VALUES ('%s', 1)" % word)
    try:
        path = "/generate?attribute[prefix]=%s&seed=1" % urllib.parse.quote(word)

        def live():
            item = generate_json(stack, path)
            return item and item["parts"]["prefix"] == word

        ok, took = wait_for(live, 10)
        print("    a word added after the database came back was live after %.2f s" % took)
        check(ok, "a word added once the database is back becomes live")
    finally:
        stack.retire("weapon_prefix", "word = '%s'" % word)
