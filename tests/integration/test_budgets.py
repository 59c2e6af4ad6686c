"""Budgets a stranger could spend for everyone (docs/moderation.md,
docs/operations.md): the kept files and the page cache's shelves, the
logins of a browser that has logged in before (device cookies) during a
flood of guesses from many addresses, and the bounds on proposals.

Clients talk from addresses 127.0.77.N (and 127.0.78.N for floods) of
their own, apart from the other tests', so nginx's per-address limits
never mix them."""

import threading
import time
import urllib.parse
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
FREE = 5  # backoff.h LOGIN_FREE_FAILURES

_sources = iter(range(2, 250))
_flood = iter(range(2, 250))


def client(stack):
    return Client(stack, "127.0.77.%d" % next(_sources))


def new_moderator(stack, prefix):
    name, password = prefix + "-" + uuid.uuid4().hex[:12], "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    return name, password


def login(c, name, password, extra_cookie=None):
    r = c.get("/login", headers=JSON)
    check(r.status == 200, "GET /login", r)
    headers = dict(JSON)
    if extra_cookie:
        # a device cookie another browser holds, shown beside this one's own
        own = c.cookies.header("127.0.0.1", c.stack.port, "/login")
        headers["Cookie"] = "; ".join(x for x in (own, extra_cookie) if x)
        body = {"csrf": r.json()["csrf"], "name": name, "password": password}
        return c.stack.request("POST", "/login", body=urllib.parse.urlencode(
            body), headers=headers, source=c.source)
    return c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
                  headers=headers)


def device_of(c):
    value = c.cookies.get("lf_device")
    check(value, "a device cookie after the login", dict(c.cookies._live()))
    return "lf_device=" + value


def test_a_device_cookie_logs_in_during_a_flood_from_many_addresses(stack):
    name, password = new_moderator(stack, "echo")
    browser = client(stack)
    r = login(browser, name, password)
    check(r.status == 200, "the first login", r)
    device = device_of(browser)

    n = 80
    guessers = [Client(stack, "127.0.78.%d" % next(_flood)) for _ in range(n)]
    tokens = [g.get("/login", headers=JSON).json()["csrf"] for g in guessers]
    out = [None] * n
    start = threading.Barrier(n + 1)

    def guess(i):
        start.wait()
        out[i] = guessers[i].post("/login", {"csrf": tokens[i], "name": name,
                                             "password": "wrong-%d" % i}, headers=JSON)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(n)]
    stack.http_timeout = 120
    try:
        for t in threads:
            t.start()
        start.wait()
        time.sleep(0.05)  # sequencing only: the guesses are sent first
        t0 = time.monotonic()
        mine = login(client(stack), name, password, extra_cookie=device)
        took = time.monotonic() - t0
        for t in threads:
            t.join()
    finally:
        stack.http_timeout = 10
    print("device-cookie login during the flood: %d in %.3f s" % (mine.status, took))
    check(mine.status == 200 and mine.json()["moderator"] == name,
          "the browser that logged in before logs in during the flood", mine)
    check(None not in out and {r.status for r in out} <= {401, 429, 503},
          "the flood is refused", sorted({r.status for r in out if r}))


def test_a_device_cookie_skips_its_address_back_off_and_has_its_own(stack):
    name, password = new_moderator(stack, "foxtrot")
    browser = client(stack)
    check(login(browser, name, password).status == 200, "the first login")
    device = device_of(browser)
    # an address in back-off after FREE wrong guesses
    shared = client(stack)
    for i in range(FREE):
        check(login(shared, name, "wrong-%d" % i).status == 401, "guess %d: 401" % i)
    r = login(Client(stack, shared.source), name, password)
    check(r.status == 429 and r.headers.get("retry-after", "").isdigit(),
          "without a device cookie: the address's back-off, as before", r)
    r = login(Client(stack, shared.source), name, password, extra_cookie=device)
    check(r.status == 200, "with the device cookie: in at once from that address", r)
    # a device cookie for another moderator is worth nothing for this one
    other, other_pw = new_moderator(stack, "golf")
    r = login(Client(stack, shared.source), other, other_pw, extra_cookie=device)
    check(r.status == 429, "another name with this cookie: untrusted, the back-off", r)
    # a forged one neither
    forged = "lf_device=d" + "0" * 112
    r = login(Client(stack, shared.source), name, password, extra_cookie=forged)
    check(r.status == 429, "a forged device cookie: untrusted", r)
    # the cookie fails FREE times (from an address of its own): locked on its own
    elsewhere = client(stack)
    for i in range(FREE):
        r = login(Client(stack, elsewhere.source), name, "wrong-%d" % i, extra_cookie=device)
        check(r.status == 401, "a wrong password with the cookie: 401", r)
    r = login(Client(stack, shared.source), name, password, extra_cookie=device)
    check(r.status == 429, "the cookie in back-off: untrusted, the address's back-off", r)
    # its failures were the cookie's, not the address's
    r = login(Client(stack, elsewhere.source), name, password)
    check(r.status == 200, "the cookie's address was not counted", r)
