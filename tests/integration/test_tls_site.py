"""The production site (deploy/nginx-site.conf) as shipped, run by a second
nginx in front of the test stack's daemon: port 80 answers only a redirect
to https (and certbot's challenge files), the https server passes to the
daemon and serves the static files, and every https answer carries HSTS
(item 8). The config is used as written; only the addresses, the
paths and the certificate (a throwaway self-signed one instead of Debian's
snakeoil) are swapped for the test's own."""

import contextlib
import gzip
import http.client
import json
import os
import random
import re
import shutil
import signal
import ssl
import subprocess
import tempfile
import time

from lf import ROOT, check, free_port

SITE = os.path.join(ROOT, "deploy", "nginx-site.conf")
HSTS_MIN = 31536000  # a year: what browsers' preload lists ask for


def render_site(tmp, sock, p80, p443, cert, key, webroot, kept_dir):
    with open(SITE) as f:
        site = f.read()
    swaps = [
        ("listen 80;", "listen 127.0.0.1:%d;" % p80),
        ("listen [::]:80;", ""),
        ("listen 443 ssl http2;", "listen 127.0.0.1:%d ssl http2;" % p443),
        ("listen [::]:443 ssl http2;", ""),
        ("unix:/run/lootforge/fcgi.sock", "unix:" + sock),
        ("/usr/share/lootforge/public", os.path.join(ROOT, "public")),
        ("/etc/ssl/certs/ssl-cert-snakeoil.pem", cert),
        ("/etc/ssl/private/ssl-cert-snakeoil.key", key),
        ("/var/www/letsencrypt", webroot),
        ("/var/lib/nginx/lootforge-items", os.path.join(tmp, "items")),
        ("/var/cache/lootforge/kept", os.path.join(kept_dir, "kept")),
        ("/var/log/nginx/lootforge-access.log", os.path.join(tmp, "lootforge-access.log")),
        ("/etc/nginx/lootforge-monitor[.]conf", os.path.join(tmp, "monitor[.]conf")),
    ]
    for old, new in swaps:
        check(old in site, "deploy/nginx-site.conf no longer holds %r" % old)
        site = site.replace(old, new)
    user = "user root root;" if os.getuid() == 0 else ""
    temps = " ".join("%s_temp_path %s/%s;" % (d, tmp, d)
                     for d in ("client_body", "fastcgi", "proxy", "uwsgi", "scgi"))
    return ("%s\npid %s/nginx.pid;\nerror_log %s/error.log;\nworker_processes 1;\n"
            "events { worker_connections 256; }\n"
            "http {\n include /etc/nginx/mime.types;\n access_log %s/access.log;\n %s\n%s\n}\n"
            % (user, tmp, tmp, tmp, temps, site))


def start_nginx(tmp, conf_text):
    conf = os.path.join(tmp, "nginx.conf")
    with open(conf, "w") as f:
        f.write(conf_text)
    args = ["nginx", "-p", tmp + "/", "-e", os.path.join(tmp, "error.log"), "-c", conf]
    t = subprocess.run(args + ["-t", "-q"], capture_output=True, text=True)
    check(t.returncode == 0, "nginx -t refuses the production site", t.stderr)
    subprocess.run(args, check=True)
    return os.path.join(tmp, "nginx.pid")


def get(port, target, tls, method="GET", headers=None, timeout=10, source=None):
    src = (source, 0) if source else None
    if tls:
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=timeout, context=ctx,
                                           source_address=src)
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                          source_address=src)
    conn.request(method, target, headers=dict(headers or {}, Host="lootforge.test"))
    r = conn.getresponse()
    out = (r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
    conn.close()
    return out


def hsts_age(headers):
    v = headers.get("strict-transport-security", "")
    for part in v.split(";"):
        k, _, n = part.strip().partition("=")
        if k.lower() == "max-age" and n.isdigit():
            return int(n)
    return 0


@contextlib.contextmanager
def production_site(stack):
    """The site config run by a second nginx: yields (port 80, port 443, its
    temp dir, which holds its access log)."""
    tmp = tempfile.mkdtemp(prefix="lf-tls-", dir=stack.var)
    pidfile = None
    try:
        cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=lootforge.test", "-keyout", key, "-out", cert],
                       check=True, capture_output=True)
        webroot = os.path.join(tmp, "acme")
        os.makedirs(os.path.join(webroot, ".well-known", "acme-challenge"))
        with open(os.path.join(webroot, ".well-known", "acme-challenge", "tok"), "w") as f:
            f.write("challenge-answer")
        # The monitor's include (docs/operations.md): one address let in.
        with open(os.path.join(tmp, "monitor.conf"), "w") as f:
            f.write("allow 127.0.5.7;\n")
        p80, p443 = free_port(), free_port()
        sock = os.path.join(stack.var, "run", "fcgi.sock")
        pidfile = start_nginx(tmp, render_site(tmp, sock, p80, p443, cert, key, webroot,
                                               stack.var))
        yield p80, p443, tmp
    finally:
        if pidfile:
            try:
                with open(pidfile) as f:
                    os.kill(int(f.read().strip()), signal.SIGQUIT)
                time.sleep(0.2)
            except (OSError, ValueError):
                pass
        shutil.rmtree(tmp, ignore_errors=True)


def test_production_site_is_https_only(stack):
    with production_site(stack) as (p80, p443, tmp):
        # Port 80: a redirect to the same path on https, nothing else.
        for target in ("/", "/generate?tier=2&seed=7", "/login", "/moderate"):
            status, h, _ = get(p80, target, tls=False)
            check(status == 301, "http %s: expected 301, got %d" % (target, status))
            check(h.get("location") == "https://lootforge.test" + target,
                  "http %s: redirect goes to %r" % (target, h.get("location")))
        status, _, body = get(p80, "/.well-known/acme-challenge/tok", tls=False)
        check(status == 200 and body == b"challenge-answer",
              "certbot's challenge is not served over http", status, body[:80])

        # Port 443: the daemon, nginx's own answers and static files, with HSTS.
        status, h, body = get(p443, "/generate?tier=2&seed=7&format=json", tls=True)
        check(status == 200, "https /generate: %d" % status, body[:200])
        check(json.loads(body)["seed"] == "7", "https /generate: not the item asked for", body[:200])
        # Every path that is not a file of public/ is the daemon's: pages the
        # config does not name and its 404 for what nothing serves; /words
        # too when its query is not one nginx looks up as a kept file.
        status, _, body = get(p443, "/words?format=json&x=%20", tls=True)
        check(status == 200 and b'"tables"' in body, "https /words: %d" % status, body[:200])
        status, _, body = get(p443, "/no-such-page", tls=True)
        check(status == 404 and b"There is no page at this address" in body,
              "https /no-such-page: not the daemon's 404", status, body[:200])
        # The operators' pages: loopback and the monitor's include, no one else.
        for target in ("/metrics", "/readyz"):
            for source, want in (("127.0.0.1", 200), ("127.0.5.7", 200), ("127.0.5.8", 403)):
                status, _, body = get(p443, target, tls=True, source=source)
                check(status == want, "https %s from %s: %d, expected %d" %
                      (target, source, status, want), body[:200])
        with open(os.path.join(tmp, "lootforge-access.log")) as f:
            lines = [ln for ln in f if '"GET /words?format=json' in ln]
        check(len(lines) == 1 and re.search(r" rt=\d+\.\d{3} urt=\d+\.\d{3} rid=[0-9a-f]{32}$",
                                            lines[0].rstrip("\n")),
              "the site's access log has the request and upstream times and the id", lines)
        # gzip: HTML and JSON compressed when asked for, the same
        # bytes once inflated; not compressed for a client that did not ask.
        for target in ("/?seed=7", "/words?format=json", "/generate?seed=7&count=5&format=json",
                       "/static/style.css"):
            status, h, plain = get(p443, target, tls=True)
            status2, h2, packed = get(p443, target, tls=True, headers={"Accept-Encoding": "gzip"})
            check(status == status2 == 200, "https %s: %d / %d" % (target, status, status2))
            check("content-encoding" not in h, "https %s: compressed unasked" % target)
            check(h2.get("content-encoding") == "gzip",
                  "https %s: no Content-Encoding: gzip" % target, h2)
            check("accept-encoding" in h2.get("vary", "").lower(),
                  "https %s: no Vary: Accept-Encoding" % target, h2)
            # (a client without a cookie gets a new csrf token on each page)
            same = [re.sub(rb'name="csrf" value="[0-9a-f]+"', b"", b)
                    for b in (gzip.decompress(packed), plain)]
            check(same[0] == same[1] and len(packed) < len(plain),
                  "https %s: gzip body is not the plain body, smaller" % target)
        for target in ("/generate?tier=2", "/", "/static/style.css", "/no-such-file"):
            status, h, _ = get(p443, target, tls=True)
            check(hsts_age(h) >= HSTS_MIN,
                  "https %s (%d): Strict-Transport-Security %r" %
                  (target, status, h.get("strict-transport-security")))


def test_production_site_cache_keeps_whole_answers(stack):
    """On the site config: a HEAD leaves no empty answer for the
    GETs after it, Accept headers share an entry per format, and
    /catalog.json?rev=R is kept. Short timeouts: before the fix the GET
    after a HEAD hung on a body nginx never sent."""
    with production_site(stack) as (_, p443, _tmp):
        def fetch(method, target, headers=None):
            try:
                return get(p443, target, True, method, headers, timeout=3)
            except (TimeoutError, OSError) as e:
                raise AssertionError("%s %s: no whole answer (%r)" % (method, target, e))

        seed = random.SystemRandom().randint(1, 2**40)
        status, _, body = fetch("GET", "/generate?kind=shield&seed=%d&format=json" % seed)
        check(status == 200, "https /generate", status, body[:200])
        path = "/item/" + json.loads(body)["code"] + "?format=json"
        status, h, body = fetch("HEAD", path)
        check(status == 200 and body == b"", "HEAD " + path, status, h)
        for _ in range(2):
            status, g, body = fetch("GET", path)
            check(status == 200 and len(body) == int(h["content-length"]),
                  "GET after HEAD: the whole body", status, g, len(body))
        check(g.get("x-cache") == "HIT", "kept", g)

        bare = path.partition("?")[0]
        seen = []
        for i in range(6):
            status, g, _ = fetch("GET", bare, {"Accept": "application/json, x/y-%d" % i})
            check(status == 200 and g["content-type"].startswith("application/json"), "JSON", g)
            seen.append(g.get("x-cache"))
        check(seen == ["MISS"] + ["HIT"] * 5, "one entry for 6 JSON Accept headers", seen)

        status, _, body = fetch("GET", "/catalog.json")
        rev = json.loads(body)["revision"]
        seen = [fetch("GET", "/catalog.json?rev=%d" % rev)[1].get("x-cache") for _ in range(2)]
        check(seen == ["MISS", "HIT"], "nginx keeps /catalog.json?rev=R", seen)

        # The current revision's kept pages (src/web/kept.h): after the
        # daemon's first answer, nginx's own from the file the daemon wrote,
        # a HEAD first included, with the site's headers and the daemon's.
        s = random.SystemRandom().randint(1, 2**40)
        for target in ("/spells?format=json", "/map?w=6&h=6&seed=%d" % s):
            status, h, body = fetch("HEAD", target)
            check(status == 200 and body == b"", "HEAD " + target, status, h)
            seen = []
            for _ in range(2):
                status, g, body = fetch("GET", target)
                check(status == 200 and len(body) == int(h["content-length"]),
                      "GET %s after HEAD: the whole body" % target, status, g, len(body))
                check(hsts_age(g) >= HSTS_MIN and g.get("cache-control") == "no-store"
                      and g.get("x-frame-options") == "DENY"
                      and g["content-type"] == h["content-type"],
                      "GET %s: the site's headers and the daemon's" % target, g)
                seen.append(g.get("x-cache"))
            check(seen == ["KEPT", "KEPT"], "nginx serves %s from the file" % target, seen)
        # a .dd2vtt is kept by nginx's cache under the live revision instead
        target = "/dungeon?w=5&h=5&seed=%d&format=vtt" % s
        seen = []
        for _ in range(2):
            status, g, body = fetch("GET", target)
            check(status == 200 and "dd2vtt" in g.get("content-disposition", "")
                  and hsts_age(g) >= HSTS_MIN and "x-kept-revision" not in g,
                  "GET %s: the daemon's headers and the site's" % target, g)
            seen.append(g.get("x-cache"))
        check(seen == ["MISS", "HIT"], "nginx keeps %s" % target, seen)
