"""A daemon on a TCP FastCGI socket: ":PORT" binds loopback only, and a
peer not in fcgi-allow is closed at once and logged."""

import os
import socket
import struct
import subprocess
import time

import lf


def record(rtype, content, request_id=1):
    return struct.pack(">BBHHBB", 1, rtype, request_id, len(content), 0, 0) + content


def param(name, value):
    return bytes([len(name), len(value)]) + name + value


def fcgi_request(path):
    params = param(b"REQUEST_METHOD", b"GET") + param(b"DOCUMENT_URI", path) + \
        param(b"QUERY_STRING", b"") + param(b"HTTP_ACCEPT", b"application/json")
    return (record(1, struct.pack(">HB5x", 1, 0)) + record(4, params) + record(4, b"") +
            record(5, b""))


def read_all(s, timeout=5):
    s.settimeout(timeout)
    out = b""
    while True:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            return out, False
        except ConnectionResetError:  # closed with our request unread
            return out, True
        if not chunk:
            return out, True
        out += chunk


class Daemon:
    def __init__(self, stack, socket_arg, allow=None):
        self.log = os.path.join(stack.var, "log", "daemon-tcp-%d.log" % lf.free_port())
        var = stack.var
        cmd = [stack.daemon, "--socket", socket_arg, "--processes", "0", "--workers", "1",
               "--templates", os.path.join(lf.ROOT, "templates"),
               "--db-socket", os.path.join(var, "run", "mysqld.sock"),
               "--db-user", "lootforge", "--db-name", "lootforge",
               "--db-password-file", os.path.join(var, "db-password"),
               "--secret-file", os.path.join(var, "secret"), "--cookie-secure", "0"]
        if allow is not None:
            cmd += ["--fcgi-allow", allow]
        env = dict(os.environ, LOOTFORGE_CATALOG_CACHE=os.path.join(var, "catalog-tcp.cache"))
        self.out = open(self.log, "w")
        self.proc = subprocess.Popen(cmd, cwd=lf.ROOT, env=env, stdin=subprocess.DEVNULL,
                                     stdout=self.out, stderr=subprocess.STDOUT)

    def wait_ready(self):
        for _ in range(200):
            if "ready on" in self.text():
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise lf.Failure("the TCP daemon did not start:\n" + self.text())

    def text(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.out.close()


def started(stack, socket_fmt, allow=None):
    """A ready TCP daemon and its port. free_port() only says the port was
    free a moment ago; if another process took it since, try another."""
    for _ in range(5):
        port = lf.free_port()
        d = Daemon(stack, socket_fmt % port, allow)
        try:
            d.wait_ready()
            return d, port
        except lf.Failure:
            d.stop()
            if "Address already in use" not in d.text():
                raise
    raise lf.Failure("five free ports were taken before the daemon bound them")


def listening_addresses(port):
    """Local addresses (hex, as in /proc/net/tcp) listening on port."""
    found = []
    with open("/proc/net/tcp") as f:
        for line in f.read().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            addr, p = local.split(":")
            if int(p, 16) == port and state == "0A":
                found.append(addr)
    return found


def test_port_alone_binds_loopback(stack):
    d, port = started(stack, ":%d")
    try:
        addrs = listening_addresses(port)
        lf.check(addrs == ["0100007F"], "--socket :PORT listens on 127.0.0.1 only", addrs)
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(fcgi_request(b"/generate"))
        out, _ = read_all(s)
        s.close()
        lf.check(b"Status: " in out, "a loopback peer is served", out[:200])
    finally:
        d.stop()


def test_peer_not_in_allow_list_is_closed(stack):
    d, port = started(stack, "0.0.0.0:%d", allow="127.0.0.2")
    try:
        refused = socket.socket()
        refused.bind(("127.0.0.1", 0))
        refused.connect(("127.0.0.1", port))
        refused.sendall(fcgi_request(b"/generate"))
        out, closed = read_all(refused)
        refused.close()
        lf.check(out == b"" and closed, "a peer not in fcgi-allow is closed unanswered", out[:200])
        allowed = socket.socket()
        allowed.bind(("127.0.0.2", 0))
        allowed.connect(("127.0.0.1", port))
        allowed.sendall(fcgi_request(b"/generate"))
        out, _ = read_all(allowed)
        allowed.close()
        lf.check(b"Status: " in out, "a peer in fcgi-allow is served", out[:200])
        lf.check("127.0.0.1 is not in fcgi-allow" in d.text(), "the refusal is logged",
                 d.text()[-2000:])
    finally:
        d.stop()


def test_bad_allow_list_is_refused_at_start(stack):
    d = Daemon(stack, ":%d" % lf.free_port(), allow="localhost")
    try:
        rc = d.proc.wait(20)
        lf.check(rc != 0 and "fcgi-allow" in d.text() and "'localhost'" in d.text(),
                 "a bad fcgi-allow stops the start with a message naming it", rc, d.text())
    finally:
        d.stop()
