"""Every page's header reaches every tool (SPEC §15), and "Moderate" when
signed in: every HTML page a moderator's session opens shows it, and no
page shows it to anyone else. The permanent /item/CODE is the same for
everyone (kept by nginx for all), so it never carries it."""

import re
import uuid

import lf

JSON = {"Accept": "application/json"}

PAGES = ["/", "/generate?kind=armor", "/generate?kind=weapon&count=3", "/stash", "/loadout",
         "/words", "/spells", "/map", "/dungeon", "/submit", "/submit/spell", "/submit/name",
         "/moderate", "/login", "/nowhere", "/generate?kind=nonsense"]


def nav(text):
    m = re.search(r'<nav class="site-nav">.*?</nav>', text, re.S)
    return m.group(0) if m else ""


def test_moderate_in_every_header_when_signed_in(stack):
    name, password = "hdr-" + uuid.uuid4().hex[:8], "pw-" + uuid.uuid4().hex
    stack.add_moderator(name, password)
    c = lf.Client(stack)
    r = c.get("/login", headers=JSON)
    r = c.post("/login", {"csrf": r.json()["csrf"], "name": name, "password": password},
               headers=JSON)
    lf.check(r.status == 200, "signed in", r)
    code = re.match(r"^/item/([A-Za-z0-9_-]+)",
                    stack.get("/generate?kind=weapon&format=json").json()["link"]).group(1)
    pages = PAGES + ["/compare?item=" + code]
    for path in pages:
        # asked by a visitor first, so that a page nginx keeps as a file
        # exists before the moderator asks for it
        stack.get(path)
        page = c.get(path)
        lf.check(page.headers.get("content-type", "").startswith("text/html"), "HTML", path, page)
        lf.check('<a href="/moderate">Moderate</a>' in nav(page.text),
                 "the header links Moderate on " + path, page.status, nav(page.text))
        cc = page.headers.get("cache-control", "")
        lf.check("public" not in cc, "a moderator's page is kept by nobody", path, cc)
        anon = stack.get(path)
        lf.check('href="/moderate"' not in nav(anon.text), "not for anyone else: " + path,
                 nav(anon.text))
    item = "/item/" + code
    lf.check(c.get(item).body == stack.get(item).body, "the permanent page is everyone's")
