#!/usr/bin/env python3
"""/generate beside a flood of logins for made-up names.

Starts the test stack (deploy/stack.sh through tests/integration/lf.py, 2
processes of 2 threads) with the daemon given, times 100 GET /generate
alone, then 200 while 8 threads post logins for made-up names in a loop,
each from a fresh loopback address (so no back-off stops them), and prints
the medians and tails. Not a test: nothing is asserted.

  python3 tests/bench/login_flood.py build/rel/lootforged
"""

import itertools
import os
import sys
import threading
import time
import uuid

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
import lf  # noqa: E402
from lf import Client  # noqa: E402

JSON = {"Accept": "application/json"}


def q(values, p):
    return sorted(values)[int(p * (len(values) - 1))] * 1000


def timed(stack, n):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        stack.get("/generate")
        out.append(time.perf_counter() - t)
    return out


def main():
    stack = lf.Stack(sys.argv[1]).start()
    try:
        numbers = itertools.count(2)
        stop = threading.Event()

        def flood():
            while not stop.is_set():
                n = next(numbers)
                c = Client(stack, "127.%d.%d.%d" % (80 + n // 62500, n // 250 % 250, n % 250 + 2))
                token = c.get("/login", headers=JSON).json()["csrf"]
                c.post("/login", {"csrf": token, "name": "nobody-" + uuid.uuid4().hex[:8],
                                  "password": "wrong-password"}, headers=JSON)

        timed(stack, 50)  # warm up
        idle = timed(stack, 100)
        threads = [threading.Thread(target=flood) for _ in range(8)]
        for t in threads:
            t.start()
        time.sleep(1)
        busy = timed(stack, 200)
        stop.set()
        for t in threads:
            t.join()
        print("/generate alone: median %.1f ms, p99 %.1f ms" % (q(idle, .5), q(idle, .99)))
        print("/generate beside 8 login loops: median %.1f ms, p90 %.1f ms, p99 %.1f ms"
              % (q(busy, .5), q(busy, .9), q(busy, .99)))
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
