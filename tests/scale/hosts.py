"""The servers of `make scale`, each on its test host (net.py): MariaDB
primary and replica (private instances under the run's temp dir, configured
with deploy/mariadb-*.cnf), the daemons, and nginx with
deploy/nginx-upstream.conf."""

import os
import re
import shutil
import signal
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DB_NAME = "lootforge"
DB_USER = "lootforge"
FCGI_PORT = 9000


def wait_for(what, cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.05)
    raise RuntimeError("timed out after %g s waiting for %s" % (timeout, what))


def _log_tail(path, n=20):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return ""


class MariaDB:
    def __init__(self, net, host, var, cnf, server_id):
        self.net, self.host, self.cnf, self.server_id = net, host, cnf, server_id
        self.dir = os.path.join(var, host)
        self.data = os.path.join(self.dir, "data")
        self.sock = os.path.join(self.dir, "mysqld.sock")
        self.err = os.path.join(self.dir, "mariadb.err")
        self.proc = None

    def install(self):
        """Makes the data directory; True when it worked. Its own tmpdir and
        a log (install.log) whose tail a failure reports. A failed attempt
        (it happened about once in ten `make check` runs, with two installs
        at once and the output thrown away) is tried once more on a clean
        directory."""
        tmp = os.path.join(self.dir, "tmp")
        os.makedirs(tmp, exist_ok=True)
        log = os.path.join(self.dir, "install.log")
        for attempt in (1, 2):
            shutil.rmtree(self.data, ignore_errors=True)
            with open(log, "a") as out:
                out.write("-- attempt %d\n" % attempt)
                out.flush()
                rc = subprocess.run(
                    ["mariadb-install-db", "--no-defaults", "--datadir=" + self.data,
                     "--tmpdir=" + tmp, "--user=root",
                     "--auth-root-authentication-method=socket"],
                    stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT).returncode
            if rc == 0:
                return True
            print("scale: mariadb-install-db for %s failed (exit %d), attempt %d:\n%s"
                  % (self.host, rc, attempt, _log_tail(log)), flush=True)
        return False

    def start(self):
        # The shipped configuration file first; the command line puts the
        # instance under the temp dir and on its test host's address.
        self.proc = self.net.popen(self.host, [
            "mariadbd", "--defaults-file=" + os.path.join(ROOT, "deploy", self.cnf),
            "--datadir=" + self.data, "--socket=" + self.sock,
            "--pid-file=" + os.path.join(self.dir, "mariadb.pid"),
            "--log-error=" + self.err, "--tmpdir=" + os.path.join(self.dir, "tmp"),
            "--user=root", "--bind-address=" + self.net.addr(self.host),
            "--port=3306", "--server-id=%d" % self.server_id,
            "--innodb-buffer-pool-size=32M", "--performance-schema=OFF"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("MariaDB on " + self.host, self.ping, 60)

    def ping(self):
        if self.proc and self.proc.poll() is not None:
            raise RuntimeError("mariadbd on %s exited:\n%s" % (self.host, _log_tail(self.err)))
        return subprocess.run(["mariadb-admin", "--no-defaults", "--socket=" + self.sock,
                               "-uroot", "ping"], stdin=subprocess.DEVNULL,
                              capture_output=True).returncode == 0

    def stop(self):
        """A clean stop (SIGTERM), as `systemctl stop mariadb`."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=60)
        self.proc = None

    def client_args(self):
        return ["--no-defaults", "--socket=" + self.sock, "-uroot"]

    def sql(self, statement, db=DB_NAME):
        out = subprocess.run(["mariadb"] + self.client_args() +
                             ["--batch", "--skip-column-names", db, "-e", statement],
                             check=True, capture_output=True, text=True)
        return [line.split("\t") for line in out.stdout.splitlines()]

    def script(self, text):
        subprocess.run(["mariadb"] + self.client_args(), input=text, text=True, check=True,
                       capture_output=True)


class Daemon:
    def __init__(self, net, host, var, exe, env_args, nginx_host):
        self.net, self.host, self.exe = net, host, exe
        self.dir = os.path.join(var, host)
        os.makedirs(self.dir, exist_ok=True)
        self.log = os.path.join(self.dir, "daemon.log")
        self.args = ["--socket", "0.0.0.0:%d" % FCGI_PORT,
                     "--fcgi-allow", net.addr(nginx_host),
                     "--processes", "1", "--workers", "3",
                     "--templates", os.path.join(ROOT, "templates"),
                     "--catalog-cache", os.path.join(self.dir, "catalog.cache")] + env_args
        self.proc = None
        self.starts = 0

    def start(self):
        self.starts += 1
        with open(self.log, "a") as log:
            self.proc = self.net.popen(self.host, [self.exe] + self.args,
                                       stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        want = self.starts

        def ready():
            if self.proc.poll() is not None:
                raise RuntimeError("daemon on %s exited:\n%s" % (self.host, _log_tail(self.log)))
            return self.text().count("lootforged: ready on") >= want
        wait_for("the daemon on " + self.host, ready, 30)

    def kill(self):
        """The host dies: every process of the daemon at once, SIGKILL."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def text(self):
        try:
            with open(self.log, errors="replace") as f:
                return f.read()
        except OSError:
            return ""


NGINX_CONF = """\
{user}
worker_processes 1;
pid {var}/nginx.pid;
error_log {var}/nginx-error.log warn;
worker_rlimit_nofile 8192;
events {{ worker_connections 4096; }}
http {{
	log_format scale '$msec $status "$upstream_addr" "$upstream_status" $request_method $uri';
	access_log {var}/nginx-access.log scale;
	client_body_temp_path {var}/tmp/client_body;
	fastcgi_temp_path {var}/tmp/fastcgi;
	proxy_temp_path {var}/tmp/proxy;
	uwsgi_temp_path {var}/tmp/uwsgi;
	scgi_temp_path {var}/tmp/scgi;
	server_tokens off;
	keepalive_timeout 30s;
	keepalive_requests 100000;

{upstream}

{single}

	server {{
		listen {addr}:80 default_server;
		include /etc/nginx/fastcgi_params;
		fastcgi_param HTTP_PROXY "";
		fastcgi_keep_conn on;
		fastcgi_next_upstream error timeout;
		fastcgi_next_upstream_tries 2;
		fastcgi_next_upstream_timeout 5s;
		fastcgi_connect_timeout 1s;
		fastcgi_read_timeout 30s;
		location / {{ fastcgi_pass lootforged; }}
	}}
{direct}
}}
"""


class Nginx:
    """nginx on its host: port 80 is the site over the shipped upstream
    (deploy/nginx-upstream.conf, with the test hosts' addresses); ports
    8081.. pass to one daemon each, so a test can ask a given daemon."""

    def __init__(self, net, host, var, daemon_hosts):
        self.net, self.host = net, host
        self.dir = os.path.join(var, host)
        for t in ("client_body", "fastcgi", "proxy", "uwsgi", "scgi"):
            os.makedirs(os.path.join(self.dir, "tmp", t), exist_ok=True)
        with open(os.path.join(ROOT, "deploy", "nginx-upstream.conf")) as f:
            shipped = f.read()
        servers = re.findall(r"^\s*server 10\.0\.0\.\d+:9000 .*$", shipped, re.M)
        if len(servers) > len(daemon_hosts) or not servers:
            raise RuntimeError("deploy/nginx-upstream.conf lists %d servers, the test has %d"
                               % (len(servers), len(daemon_hosts)))
        # More hosts than the shipped three: the same line again, as an
        # operator adds a host.
        upstream = shipped.replace(servers[-1], "\n".join(
            [servers[-1]] + [servers[-1]] * (len(daemon_hosts) - len(servers))), 1)
        servers = re.findall(r"^\s*server 10\.0\.0\.\d+:9000 .*$", upstream, re.M)
        for line, h in zip(servers, daemon_hosts):
            upstream = upstream.replace(
                line, re.sub(r"10\.0\.0\.\d+", net.addr(h), line), 1)
        single = "\n".join("\tupstream only_%s { server %s:%d; keepalive 16; }"
                           % (h, net.addr(h), FCGI_PORT) for h in daemon_hosts)
        direct = "\n".join(
            "\tserver { listen %s:%d; include /etc/nginx/fastcgi_params; "
            "fastcgi_keep_conn on; location / { fastcgi_pass only_%s; } }"
            % (net.addr(host), 8081 + i, h) for i, h in enumerate(daemon_hosts))
        self.direct_ports = {h: 8081 + i for i, h in enumerate(daemon_hosts)}
        self.conf = os.path.join(self.dir, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(NGINX_CONF.format(user="user root;" if os.geteuid() == 0 else "",
                                      var=self.dir, upstream=upstream, single=single,
                                      direct=direct, addr=net.addr(host)))
        self.access = os.path.join(self.dir, "nginx-access.log")
        self.proc = None

    def start(self):
        self.proc = self.net.popen(self.host, ["nginx", "-c", self.conf, "-g", "daemon off;"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=open(os.path.join(self.dir, "nginx.out"), "w"))
        wait_for("nginx", lambda: os.path.exists(os.path.join(self.dir, "nginx.pid")), 10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def log_lines(self, since=0.0, until=None):
        """The access log's (time, status, upstream addresses) after `since`
        (epoch seconds)."""
        out = []
        try:
            with open(self.access) as f:
                for line in f:
                    m = re.match(r'(\S+) (\d+) "([^"]*)"', line)
                    if not m:
                        continue
                    t = float(m.group(1))
                    if t >= since and (until is None or t <= until):
                        out.append((t, int(m.group(2)), m.group(3)))
        except OSError:
            pass
        return out

    def errors(self):
        try:
            with open(os.path.join(self.dir, "nginx-error.log")) as f:
                return [l for l in f if "[emerg]" in l or "[alert]" in l or "[crit]" in l]
        except OSError:
            return []
