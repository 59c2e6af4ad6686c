"""The loadout page's actions on the visitor's own loadout change the
visitor's cookie (SPEC §15): equip, unequip and remove are buttons that
keep the new loadout. A shared address (not the visitor's) keeps plain
links to other addresses and never changes the cookie until "Make it mine"
is pressed."""

import html
import re
import urllib.parse

import lf

JSON = {"Accept": "application/json"}


def code_of(item):
    return re.match(r"^/item/([A-Za-z0-9_-]+)", item["link"]).group(1)


def fields(form_html):
    return {html.unescape(n): html.unescape(v) for n, v in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form_html)}


def path_of(location):
    u = urllib.parse.urlsplit(location)
    return u.path + ("?" + u.query if u.query else "")


def leads_to(form_html):
    """The loadout a form makes the cookie's: code -> place."""
    items = fields(form_html)["items"]
    return dict((e.split(":") + ["pack"])[:2] for e in items.split(",") if e)


def loadout(c):
    return {e["code"]: e["place"] for e in c.get("/stash", headers=JSON).json()["loadout"]["items"]}


def test_own_loadout_actions_keep_the_cookie(stack):
    items = stack.get("/generate?kind=armor&count=40&seed=31&format=json").json()["items"]
    by_slot = {}
    for it in items:
        by_slot.setdefault(it["slot"], it)
    a, b = list(by_slot.values())[:2]
    c = lf.Client(stack)
    tok = c.get("/stash", headers=JSON).json()["csrf"]
    for it in (a, b):
        lf.check(c.post("/stash", {"do": "wear", "code": code_of(it), "csrf": tok,
                                   "back": "/stash"}).status == 303, "worn")
    r = c.get("/loadout")
    lf.check(r.status == 303, "the header's Loadout opens mine", r)
    page = c.get(path_of(r.headers["location"]))
    lf.check("This is your loadout" in page.text, "mine", page.text[:2000])
    acts = re.findall(r'<form class="act [^"]*".*?</form>', page.text, re.S)
    lf.check(acts, "the actions are forms that keep the cookie", page.text)
    unequip = [f for f in acts if 'value="mine" class="unequip"' in f
               and leads_to(f).get(code_of(a)) == "pack"]
    lf.check(unequip, "an unequip of a", acts)
    f = fields(unequip[0])
    r = c.post("/stash", dict(f, do="mine"))
    lf.check(r.status == 303 and any(n == "lf_visitor" for n, _, _ in r.set_cookies),
             "unequip writes the cookie", r)
    lf.check(loadout(c)[code_of(a)] == "pack" and loadout(c)[code_of(b)] != "pack",
             "a went to the pack, b stays worn", loadout(c))
    after = c.get(path_of(r.headers["location"]))
    lf.check(after.status == 200 and "This is your loadout" in after.text,
             "back on the new address, still mine", after.text[:2000])
    equip = [x for x in re.findall(r'<form class="act [^"]*".*?</form>', after.text, re.S)
             if 'class="equip"' in x and leads_to(x).get(code_of(a), "pack") != "pack"]
    r = c.post("/stash", dict(fields(equip[0]), do="mine"))
    lf.check(loadout(c)[code_of(a)] != "pack", "equipped again", loadout(c))
    page = c.get(path_of(r.headers["location"]))
    remove = [x for x in re.findall(r'<form class="act [^"]*".*?</form>', page.text, re.S)
              if 'class="remove"' in x and code_of(b) not in leads_to(x)]
    c.post("/stash", dict(fields(remove[0]), do="mine"))
    lf.check(list(loadout(c)) == [code_of(a)], "b removed", loadout(c))

    # a shared address: links, and following one changes nobody's cookie
    other = lf.Client(stack)
    other.get("/stash", headers=JSON)
    shared = other.get(path_of(r.headers["location"]))
    lf.check("Make it mine" in shared.text and '<form class="act' not in shared.text,
             "a shared address has links, not the forms", shared.text)
    link = re.search(r'<a class="unequip" href="([^"]+)"', shared.text)
    lf.check(link, "an unequip link", shared.text)
    moved = other.get(html.unescape(link.group(1)))
    lf.check(moved.status == 200 and not any(n == "lf_visitor" for n, _, _ in moved.set_cookies),
             "no cookie written by a link", moved)
    lf.check(loadout(other) == {}, "the other visitor's loadout is untouched", loadout(other))
