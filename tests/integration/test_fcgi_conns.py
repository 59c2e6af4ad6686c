"""The daemon's FastCGI socket under peers that hold connections: idle
connections and stalled requests must not take the workers."""

import http.client
import os
import socket
import struct
import time

import lf

FCGI_BEGIN_REQUEST = 1
FCGI_PARAMS = 4


def fcgi_sock(stack):
    return os.path.join(stack.var, "run", "fcgi.sock")


def connect_fcgi(stack):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(fcgi_sock(stack))
    return s


def record(rtype, content, request_id=1):
    return struct.pack(">BBHHBB", 1, rtype, request_id, len(content), 0, 0) + content


def closed_by_daemon(s, timeout=15):
    """b"" when the daemon closed s (a reset counts: our bytes were unread),
    None when it is still open after timeout seconds, else what it sent."""
    s.settimeout(timeout)
    try:
        return s.recv(4096)
    except socket.timeout:
        return None
    except ConnectionResetError:
        return b""


def get_generate(stack, timeout):
    """GET /generate through nginx with a client timeout: the old failure
    was a hang, so a timeout here is the failure."""
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=timeout)
    try:
        conn.request("GET", "/generate?tier=1", headers={"Accept": "application/json"})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def test_idle_connections_do_not_take_the_workers(stack):
    # More idle connections than all worker threads of all processes.
    idle = [connect_fcgi(stack) for _ in range(32)]
    try:
        time.sleep(0.3)  # let the daemon accept them all
        for _ in range(5):
            status, body = get_generate(stack, timeout=3)
            lf.check(status == 200, "GET /generate with 32 idle FastCGI connections", status,
                     body[:200])
    finally:
        for s in idle:
            s.close()


def test_stalled_request_is_closed(stack):
    """A peer that starts a request (half of its params record) and then
    sends nothing holds no worker (a worker looks, sees the request is not
    whole, and puts it back), and is closed by the daemon after its read
    bound (1 s): with more stalled requests than workers, the site answers
    at once (the client allows 3 s; before, it hung until the peers left)."""
    stalled = []
    try:
        for _ in range(8):  # more than the workers
            s = connect_fcgi(stack)
            begin = record(FCGI_BEGIN_REQUEST, struct.pack(">HB5x", 1, 1))
            params = record(FCGI_PARAMS, b"\x0e\x03REQUEST_METHODGET" * 4)
            s.sendall(begin + params[:len(params) // 2])
            stalled.append(s)
        status, body = get_generate(stack, timeout=3)
        lf.check(status == 200, "GET /generate beside 8 stalled FastCGI requests", status,
                 body[:200])
        for s in stalled:
            got = closed_by_daemon(s)  # generous: the bound is 1 s
            lf.check(got == b"", "a stalled FastCGI request is closed by the daemon", got)
    finally:
        for s in stalled:
            s.close()


def test_half_record_is_closed(stack):
    """Half a record header, then nothing: closed after the read bound."""
    s = connect_fcgi(stack)
    try:
        s.sendall(b"\x01\x01\x00")
        got = closed_by_daemon(s)
        lf.check(got == b"", "half a FastCGI record header is closed by the daemon", got)
    finally:
        s.close()
