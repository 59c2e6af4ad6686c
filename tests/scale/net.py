"""The test hosts of `make scale`: network namespaces on one bridge.

Every namespace, link and address is made here and removed by `Net.down`
(also on errors and signals: scale.py calls it from a finally block). The
bridge lives in a namespace of its own, so nothing is ever added to the
machine's own network: the addresses (10.77.0.0/24) exist only inside."""

import ctypes
import os
import re
import signal
import subprocess
import time

PREFIX = "10.77.0."
CLONE_NEWNET = 0x40000000
_libc = ctypes.CDLL(None, use_errno=True)


class Unavailable(Exception):
    """The machine forbids network namespaces (not root, or refused)."""


def run(cmd, check=True, **kw):
    return subprocess.run(cmd, check=check, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, **kw)


def setns(path):
    """Moves the calling thread (and the threads it starts afterwards) into
    the network namespace at path."""
    fd = os.open(path, os.O_RDONLY)
    try:
        if _libc.setns(fd, CLONE_NEWNET) != 0:
            e = ctypes.get_errno()
            raise OSError(e, "setns %s: %s" % (path, os.strerror(e)))
    finally:
        os.close(fd)


class Net:
    """hosts: name -> last octet. The namespaces are named lf<tag>-<name>."""

    def __init__(self, hosts, tag=None):
        self.hosts = dict(hosts)
        self.tag = tag or str(os.getpid())
        self.made = []
        self.home = None

    def ns(self, host):
        return "lf%s-%s" % (self.tag, host)

    def addr(self, host):
        return PREFIX + str(self.hosts[host])

    @staticmethod
    def inside(name):
        """The command prefix that runs a command in namespace name. nsenter
        joins the network namespace only; `ip -n` and `ip netns exec` also
        remount / and /sys in a mount namespace of their own, which a chroot
        (the newcomer check's bare Debian) refuses."""
        return ["nsenter", "--net=/var/run/netns/" + name]

    def _add_ns(self, name):
        r = run(["ip", "netns", "add", name], check=False)
        if r.returncode != 0:
            raise Unavailable("ip netns add refused: " + r.stderr.strip())
        self.made.append(name)

    def sweep(self):
        """Removes the namespaces of earlier runs whose process is gone (a
        run killed with SIGKILL could not clean up after itself)."""
        r = run(["ip", "netns", "list"], check=False)
        for line in r.stdout.splitlines():
            m = re.match(r"lf(\d+)-(\w+)\b", line)
            if not m or m.group(2) not in set(self.hosts) | {"sw"}:
                continue
            if os.path.exists("/proc/" + m.group(1)):
                continue
            name = line.split()[0]
            for p in run(["ip", "netns", "pids", name], check=False).stdout.split():
                try:
                    os.kill(int(p), signal.SIGKILL)
                except (OSError, ValueError):
                    pass
            run(["ip", "netns", "del", name], check=False)

    def up(self):
        if os.geteuid() != 0:
            raise Unavailable("network namespaces need root (this is uid %d)" % os.geteuid())
        self.sweep()
        sw = self.ns("sw")
        self._add_ns(sw)
        run(self.inside(sw) + ["ip", "link", "add", "br0", "type", "bridge"])
        run(self.inside(sw) + ["ip", "link", "set", "br0", "up"])
        for host, octet in self.hosts.items():
            ns = self.ns(host)
            self._add_ns(ns)
            # Made in the switch's namespace with its peer straight in the
            # host's: no interface ever appears in the machine's own.
            run(self.inside(sw) + ["ip", "link", "add", "v-" + host, "type", "veth",
                 "peer", "name", "eth0", "netns", ns])
            run(self.inside(sw) + ["ip", "link", "set", "v-" + host, "master", "br0", "up"])
            run(self.inside(ns) + ["ip", "addr", "add", "%s%d/24" % (PREFIX, octet), "dev", "eth0"])
            run(self.inside(ns) + ["ip", "link", "set", "eth0", "up"])
            run(self.inside(ns) + ["ip", "link", "set", "lo", "up"])
        return self

    def enter(self, host):
        """The calling thread (the test's main thread) talks from host from
        now on; down() takes it home first."""
        if self.home is None:
            self.home = os.open("/proc/self/ns/net", os.O_RDONLY)
        setns("/var/run/netns/" + self.ns(host))

    def popen(self, host, cmd, **kw):
        """A process on host, in a session of its own (so its group can be
        killed as a whole, as a host that dies)."""
        return subprocess.Popen(self.inside(self.ns(host)) + cmd,
                                start_new_session=True, **kw)

    def run(self, host, cmd, **kw):
        return subprocess.run(self.inside(self.ns(host)) + cmd, **kw)

    def pids(self, host):
        r = run(["ip", "netns", "pids", self.ns(host)], check=False)
        return [int(p) for p in r.stdout.split()] if r.returncode == 0 else []

    def down(self):
        """Kills what still runs in the namespaces, then removes them (the
        veth pairs and the bridge go with them). Never raises."""
        if self.home is not None:
            try:
                _libc.setns(self.home, CLONE_NEWNET)
                os.close(self.home)
            except OSError:
                pass
            self.home = None
        for name in reversed(self.made):
            r = run(["ip", "netns", "pids", name], check=False)
            for p in r.stdout.split():
                try:
                    os.kill(int(p), signal.SIGKILL)
                except (OSError, ValueError):
                    pass
        time.sleep(0.2 if self.made else 0)
        for name in reversed(self.made):
            run(["ip", "netns", "del", name], check=False)
        left = [n for n in self.made
                if os.path.exists("/var/run/netns/" + n)]
        self.made = []
        return left
