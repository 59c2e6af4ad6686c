"""CSRF over HTTP: the lf_csrf cookie is one the server
minted, not any value a client (or a page that can plant cookies) chooses,
and a POST's token counts only from its body, never from the address. The
browser-like flow (the cookie the site set, the token of its form, in the
body) still works."""

import urllib.parse

import lf
from lf import check
from test_submit import JSON, client, form, new_word, propose, submissions

# A value anyone could choose: the right length, hex, but never minted.
CHOSEN = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


def test_a_cookie_the_client_chose_is_refused(stack):
    c = client(stack)
    cookie = {"Cookie": "lf_csrf=" + CHOSEN}
    # The form asked for with a chosen cookie: the site sets one of its own.
    r = c.stack.request("GET", "/submit?kind=weapon&part=prefix&format=json",
                        headers=dict(cookie), source=c.source)
    check(r.status == 200, "GET /submit", r)
    set_to = dict((n, v) for n, v, _ in r.set_cookies).get("lf_csrf")
    check(set_to and set_to != CHOSEN, "a chosen cookie is replaced by a minted one",
          r.set_cookies)
    # The token the page carries belongs to the new cookie; with the chosen
    # cookie it is refused (before the fix it was the chosen cookie's token).
    word = new_word("zc")
    body = urllib.parse.urlencode({"csrf": r.json()["csrf"],
                                   "submission_id": r.json()["submission_id"],
                                   "kind": "weapon", "part": "prefix", "word": word})
    before = submissions(stack, word)
    r = c.stack.request("POST", "/submit", body=body, headers=dict(cookie, **JSON),
                        source=c.source)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf"
          and "not issued by this site" in lf.first_error(r)["message"],
          "a chosen cookie with a token: 403 naming the cookie", r)
    check(submissions(stack, word) == before, "nothing stored")


def test_a_token_in_the_address_is_refused(stack):
    c = client(stack)
    f = form(c)
    word = new_word("zq")
    body = {"submission_id": f["submission_id"], "kind": "weapon", "part": "prefix",
            "word": word}
    r = c.post("/submit?csrf=" + f["csrf"], body, headers=JSON)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf"
          and "address" in lf.first_error(r)["message"],
          "the token in the query string: 403 saying so", r)
    # and the same with the key spelled with a percent escape
    r = c.post("/submit?c%73rf=" + f["csrf"], body, headers=JSON)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "c%73rf=: 403", r)
    check(submissions(stack, word) == 0, "nothing stored")
    # The browser's way, the token in the body, is taken.
    r = propose(c, word, sid=f["submission_id"], csrf=f["csrf"])
    check(r.status in (200, 201) and submissions(stack, word) == 1,
          "the form as the site gave it is taken", r)


def test_the_login_form_takes_its_token_from_the_body_only(stack):
    c = client(stack)
    token = c.get("/login", headers=JSON).json()["csrf"]
    r = c.post("/login?csrf=" + token, {"name": "nobody", "password": "x" * 12}, headers=JSON)
    check(r.status == 403 and lf.first_error(r)["field"] == "csrf", "login: token in query", r)
