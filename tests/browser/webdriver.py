"""A small W3C WebDriver client (https://www.w3.org/TR/webdriver2/) over the
standard library: starts chromedriver on a free loopback port, opens one
headless Chromium session, and offers the few commands the browser test
needs. Every command is one HTTP request with a JSON body; an answer with
{"value": {"error": ...}} raises WebDriverError."""

import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

# The key under which W3C WebDriver returns an element reference.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

# Running as root in a container: no sandbox, no GPU, no /dev/shm (small in
# containers), nothing that talks to the network behind the test's back.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1200,1400"]


class WebDriverError(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_binary():
    """Debian's /usr/bin/chromium is a shell wrapper; the real binary is
    under /usr/lib/chromium. Either works; the binary skips the wrapper's
    environment guessing."""
    for path in ("/usr/lib/chromium/chromium", shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path
    raise WebDriverError("no chromium found (deploy/install-deps.sh installs it)")


class Element:
    def __init__(self, driver, ref):
        self.driver = driver
        self.id = ref

    def _cmd(self, method, what, body=None):
        return self.driver.cmd(method, "/element/%s/%s" % (self.id, what), body)

    def find(self, css):
        return self.driver.find(css, within=self)

    def find_all(self, css):
        return self.driver.find_all(css, within=self)

    def click(self):
        self._cmd("POST", "click", {})

    def clear(self):
        self._cmd("POST", "clear", {})

    def type(self, text):
        self._cmd("POST", "value", {"text": text})

    @property
    def text(self):
        return self._cmd("GET", "text")

    def attr(self, name):
        """The DOM property (value, selected, ...) as the page sees it now."""
        return self._cmd("GET", "property/" + name)

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self._cmd("GET", "screenshot")))


class Browser:
    """chromedriver plus one session. Use as a context manager: the session
    is deleted, chromedriver stopped and the profile removed on the way out."""

    def __init__(self, log_path):
        self.port = free_port()
        self.base = "http://127.0.0.1:%d" % self.port
        self.profile = tempfile.mkdtemp(prefix="lf-chromium-")
        self.log_path = log_path
        self.proc = None
        self.session = None

    def __enter__(self):
        driver = shutil.which("chromedriver")
        if not driver:
            raise WebDriverError("no chromedriver (deploy/install-deps.sh installs it)")
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([driver, "--port=%d" % self.port],
                                     stdin=subprocess.DEVNULL, stdout=self._log,
                                     stderr=subprocess.STDOUT)
        try:
            self._wait_ready()
            caps = {"browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": chromium_binary(),
                        "args": CHROMIUM_ARGS + ["--user-data-dir=" + self.profile]},
                    "goog:loggingPrefs": {"browser": "ALL"}}
            value = self._request("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
            self.session = value["sessionId"]
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        if self.session:
            try:
                self._request("DELETE", "/session/" + self.session)
            except (WebDriverError, OSError):
                pass
            self.session = None
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
            self._log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _wait_ready(self):
        for _ in range(100):
            if self.proc.poll() is not None:
                raise WebDriverError("chromedriver exited (log: %s)" % self.log_path)
            try:
                if self._request("GET", "/status").get("ready"):
                    return
            except (OSError, WebDriverError):
                pass
            time.sleep(0.1)
        raise WebDriverError("chromedriver did not get ready within 10 s")

    def _request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                answer = json.load(r)
        except urllib.error.HTTPError as e:
            try:
                answer = json.load(e)
            except ValueError:
                raise WebDriverError("%s %s: HTTP %d" % (method, path, e.code)) from None
        value = answer.get("value") if isinstance(answer, dict) else None
        if isinstance(value, dict) and "error" in value:
            raise WebDriverError("%s %s: %s: %s" % (method, path, value["error"],
                                                    value.get("message", "").split("\n")[0]))
        return value

    def cmd(self, method, path, body=None):
        return self._request(method, "/session/%s%s" % (self.session, path), body)

    # --- navigation and the page ------------------------------------------
    def get(self, url):
        self.cmd("POST", "/url", {"url": url})

    @property
    def url(self):
        return self.cmd("GET", "/url")

    @property
    def title(self):
        return self.cmd("GET", "/title")

    def find(self, css, within=None):
        path = "/element/%s/element" % within.id if within else "/element"
        return Element(self, self.cmd("POST", path, {"using": "css selector",
                                                     "value": css})[ELEMENT])

    def find_all(self, css, within=None):
        path = "/element/%s/elements" % within.id if within else "/elements"
        found = self.cmd("POST", path, {"using": "css selector", "value": css})
        return [Element(self, ref[ELEMENT]) for ref in found]

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.cmd("GET", "/screenshot")))

    def console(self):
        """The browser's console messages since the last call (CSP
        violations show here). chromedriver's own extension of the
        protocol; an empty list where it is not offered."""
        try:
            return self.cmd("POST", "/se/log", {"type": "browser"}) or []
        except WebDriverError:
            return []

    def wait_for(self, what, fn, seconds=10):
        """fn() until it returns something true, or WebDriverError. Used for
        page loads after a click, never to assert on how fast anything is."""
        end = time.time() + seconds
        last = None
        while time.time() < end:
            try:
                got = fn()
                if got:
                    return got
            except WebDriverError as e:
                last = e
            time.sleep(0.1)
        raise WebDriverError("timed out waiting for %s%s" % (what, ": %s" % last if last else ""))
