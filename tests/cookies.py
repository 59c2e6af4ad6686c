"""The cookies of a test client, kept by the standard library's
http.cookiejar as a browser keeps them (expiry, Max-Age=0 deleting, host
and path), for clients that talk http.client (tests/integration/lf.py,
tests/scale/scale.py). The jar also reads like a dict of the live cookies'
values, which the tests check ("lf_session" in client.cookies)."""
import email.message
import http.cookiejar
import urllib.request


class Jar:
    def __init__(self):
        self.jar = http.cookiejar.CookieJar()

    @staticmethod
    def _request(host, port, path):
        return urllib.request.Request("http://%s:%d%s" % (host, port, path or "/"))

    def header(self, host, port, path):
        """The Cookie header for a request to host:port path, or None."""
        req = self._request(host, port, path)
        self.jar.add_cookie_header(req)
        return req.get_header("Cookie")

    def take(self, host, port, path, headers):
        """Keeps the Set-Cookie headers of an answer (headers: (name, value)
        pairs as http.client gives them) to a request for path."""
        msg = email.message.Message()
        for k, v in headers:
            msg[k] = v

        class Answer:
            def info(self):
                return msg

        self.jar.extract_cookies(Answer(), self._request(host, port, path))

    # ---- read like a dict of names to values ----
    def _live(self):
        return {c.name: c.value for c in self.jar}

    def __contains__(self, name):
        return name in self._live()

    def __getitem__(self, name):
        return self._live()[name]

    def get(self, name, default=None):
        return self._live().get(name, default)

    def __bool__(self):
        return bool(self._live())

    def __setitem__(self, name, value):
        """A cookie the client makes up (a forged session, in tests)."""
        self.jar.set_cookie(http.cookiejar.Cookie(
            0, name, value, None, False, "", False, False, "/", True, False, None, False,
            None, None, {}))
