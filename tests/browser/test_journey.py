"""A new visitor's journey in a real browser (SPEC §15), with the fixtures
and helpers of test_browser.py:

  roll a batch and Keep a row; add three items to the loadout from three
  pages (an armour batch's row; the card of the header's Generate, a weapon
  chosen on its form; the kept item, equipped from the header's Stash); the
  header's Loadout shows all three worn. Then a new card of the same slot as
  the armour worn, compared with it: one green and one red difference,
  checked against the stats the two cards show and the JSON of their codes;
  Equip from the comparison, and the loadout wears it (the armour it
  displaced is carried). The loadout's address, opened in a fresh browser (a
  driver of its own, no cookie), offers "Make it mine"; pressed, the
  header's Loadout opens it there. Last, the /submit trap with and without
  script: Part changed without pressing Choose, a word typed, Propose:
  nothing filed (the database says so), and the form now shows the chosen
  part's fields.

Screenshots at 1280 and 390 px, light and dark, go to
tests/artifacts/journey-*.png.

Run: make browser PYTEST_ARGS='-k journey'"""

import os
import random
import re
import shutil
import string

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from test_browser import (ARTIFACTS, CHROMIUM_ARGS, Browser, b, check_console_clean,  # noqa: F401
                          choose, chromium_binary, failure_screenshot, loaded, save)
from lf import check

ARMOUR = "kind=armor&count=40&seed=77"  # a batch holding two pieces of one slot


def view(b, width, scheme):
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 900, "deviceScaleFactor": 1,
                         "mobile": width < 600})
    b.d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                        {"media": "", "features": [{"name": "prefers-color-scheme",
                                                    "value": scheme}]})


def shots(b, name):
    for width in (1280, 390):
        for scheme in ("light", "dark"):
            view(b, width, scheme)
            b.screenshot(save("journey-%s-%d-%s.png" % (name, width, scheme)))
    b.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def header(b, href, css):
    b.find('nav.site-nav a[href="%s"]' % href).click()
    return b.wait_for("the header's " + href, lambda: b.find_all(css))


def worn(b):
    return b.find("table.doll").text


def doll(b):
    """Each place's worn item, by name."""
    return [(r.find("th").text, [a.text for a in r.find_all("a.item")])
            for r in b.find_all("table.doll tr.place")]


def carried(b):
    return b.find("ul.pack").text


def code_of(link):
    return re.search(r"/item/([A-Za-z0-9_-]+)", link).group(1)


def number(text):
    """ "+12", "−3", "-4 gp" as an int."""
    m = re.search(r"([-+−]?)\s*([\d,]+)", text)
    n = int(m.group(2).replace(",", ""))
    return -n if m.group(1) in "-−" and m.group(1) else n


def card_stats(b):
    """The stats the card on this page shows, by stat name."""
    out = {}
    for li in b.find_all("article.card ul.stats li.stat"):
        key = [c[5:] for c in li.attr("className").split() if c.startswith("stat-")][0]
        out[key] = number(li.find(".value").text)
    return out


def two_of_a_slot(stack):
    """Two armour items of one slot, B against A going up in one stat and
    down in another (by their JSON)."""
    items = stack.get_json("/generate?%s&format=json" % ARMOUR).json()["items"]
    for i, a in enumerate(items):
        for bb in items[i + 1:]:
            if a["slot"] != bb["slot"]:
                continue
            keys = (set(a["stats"]) | set(bb["stats"])) - {"hands", "multiplier"}
            d = [bb["stats"].get(k, 0) - a["stats"].get(k, 0) for k in keys]
            if any(x > 0 for x in d) and any(x < 0 for x in d):
                return a, bb
    raise AssertionError("no two armour items of one slot that differ both ways in " + ARMOUR)


def rgb(css):
    return [int(x) for x in re.findall(r"\d+", css)[:3]]


def fresh_browser():
    """Another Chromium of its own: no cookie, no history of the first."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium_binary()
    for a in CHROMIUM_ARGS:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver"),
                      log_path=os.path.join(ARTIFACTS, "chromedriver-fresh.log"))
    return Browser(webdriver.Chrome(service=service, options=opts))


def test_journey(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    a_item, b_item = two_of_a_slot(stack)
    a_code, b_code = code_of(a_item["link"]), code_of(b_item["link"])
    b.get(base + "/")
    b.d.delete_all_cookies()  # a new visitor

    # roll a batch and Keep its first row
    b.get(base + "/generate?kind=trinket&count=4&seed=101")
    rows = b.wait_for("the batch", lambda: b.find_all("table.batch-table tbody tr"))
    check(b.find("p.batch-total").text.startswith("Total value:"), "the batch's total")
    kept = rows[0].find("td.name a.item").text
    rows[0].find("form.row-actions button.keep").click()
    b.wait_for("the batch again", lambda: b.find_all("table.batch-table tbody tr"))
    check_console_clean(b, "the batch")

    # page 1: a row of the armour batch added to the loadout
    b.get(base + "/generate?" + ARMOUR)
    def row_of(code):
        return [r for r in b.find_all("table.batch-table tbody tr")
                if r.find("td.name a.item").attr("href").endswith("/item/" + code)]
    row = b.wait_for("A's row", lambda: row_of(a_code))[0]
    first = row.find("td.name a.item").text
    check(first == a_item["name"], "the row is A", first, a_item["name"])
    row.find("form.row-actions button.add-to-loadout").click()
    b.wait_for("the batch again", lambda: row_of(a_code))

    # page 2: the header's Generate; a weapon chosen on its form, its card added
    header(b, "/", "form.generate select[name=kind]")
    choose(b, "kind", "weapon")
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": "weapon"})
    card = b.find("article.card")
    second = card.find("h2.name").text
    card.find("form.card-actions button.add-to-loadout").click()
    b.wait_for("the card again", lambda: b.find_all("article.card form.card-actions"))

    # page 3: the header's Stash, the kept item equipped from there
    header(b, "/stash", "ul.stash-list.kept")
    item = b.find("ul.stash-list.kept li")
    check(kept in item.text, "the kept item is listed", kept, item.text)
    item.find("button.equip").click()
    b.wait_for("the stash again", lambda: b.find_all("ul.stash-list.kept li span.in-loadout"))
    check_console_clean(b, "/stash")
    shots(b, "stash")

    # the header's Loadout: all three in it, the armour and the weapon worn
    header(b, "/loadout", "table.doll")
    check(first in worn(b) and second in worn(b), "the armour and the weapon worn",
          first, second, worn(b))
    check(kept in worn(b) + carried(b), "the kept item is in the loadout", kept, worn(b),
          carried(b))
    check("This is your loadout" in b.find("section.loadout").text, "it is mine")
    check_console_clean(b, "/loadout")
    shots(b, "loadout")
    b.find("table.doll a.item[href='/item/%s']" % a_code).click()
    b.wait_for("A's card", lambda: b.find_all("article.card ul.stats"))
    a_card = card_stats(b)

    # a new card of the same slot (B, from the batch's row link), compared
    b.get(base + "/generate?" + ARMOUR)
    b.wait_for("B's row", lambda: row_of(b_code))[0].find("td.name a.item").click()
    b.wait_for("B's card", lambda: b.find_all("article.card a.compare"))
    third = b.find("article.card h2.name").text
    b_card = card_stats(b)
    b.find("article.card a.compare").click()
    b.wait_for("the compare view", lambda: b.find_all("form.equip button"))
    way = b.find("div.way")
    check(first in way.find("h2").text, "compared with what is worn in the slot: A",
          way.find("h2").text)
    check_console_clean(b, "/compare")
    deltas = {}
    for li in way.find_all("li.delta"):
        cls = li.attr("className").split()
        key = [c[5:] for c in cls if c.startswith("stat-")]
        if key:
            deltas[key[0]] = ("up" if "up" in cls else "down" if "down" in cls else "same",
                              number(li.find(".n").text), rgb(li.e.value_of_css_property("color")))
    ups = [k for k, d in deltas.items() if d[0] == "up"]
    downs = [k for k, d in deltas.items() if d[0] == "down"]
    check(ups and downs, "a green and a red difference", deltas)
    a_json = stack.get_json("/item/" + a_code).json()
    b_json = stack.get_json("/item/" + b_code).json()
    for k in (ups[0], downs[0]):
        want = b_card.get(k, 0) - a_card.get(k, 0)
        check(deltas[k][1] == want, "%s: the difference of the two cards" % k, deltas[k],
              b_card, a_card)
        check(want == b_json["stats"].get(k, 0) - a_json["stats"].get(k, 0),
              "%s: the cards' numbers are their codes' JSON" % k, a_json["stats"], b_json["stats"])
    up, down = deltas[ups[0]][2], deltas[downs[0]][2]
    check(up[1] > up[0] and down[0] > down[1], "green up, red down", up, down)
    value = number(way.find("li.delta.value .n").text)
    check(value == b_json["value"] - a_json["value"], "the value's difference", value,
          b_json["value"], a_json["value"])
    shots(b, "compare")

    # Equip from it: B worn in A's place, A carried
    b.find("form.equip button").click()
    b.wait_for("back on compare", lambda: b.find_all("form.equip button"))
    header(b, "/loadout", "table.doll")
    check(third in worn(b) and second in worn(b), "B and the weapon worn", worn(b))
    check(first in carried(b) and first not in worn(b), "A displaced to the pack", carried(b))
    check(kept in worn(b) + carried(b), "the kept item still there")
    mine = doll(b)
    shared = b.find("a.permalink").attr("href")
    check(a_code in shared and b_code in shared, "the address is the loadout", shared)

    # the address in a fresh browser: Make it mine
    f = fresh_browser()
    try:
        f.get(shared)
        f.wait_for("the shared loadout", lambda: f.find_all("form.make-mine button"))
        check(not f.d.get_cookies() or not [c for c in f.d.get_cookies()
                                            if c["name"] == "lf_visitor"],
              "a fresh browser has no visitor cookie", f.d.get_cookies())
        check(doll(f) == mine, "the same loadout", doll(f), mine)
        check("This is your loadout" not in f.find("section.loadout").text, "not yet its own")
        shots(f, "shared")
        f.find("form.make-mine button").click()
        f.wait_for("its own", lambda: "This is your loadout" in f.find("section.loadout").text)
        header(f, "/loadout", "table.doll")
        check(doll(f) == mine, "the header's Loadout opens it", doll(f), mine)
        check("This is your loadout" in f.find("section.loadout").text, "it is its own")
        check(first in f.find("ul.pack").text, "the pack came too")
        check_console_clean(f, "the shared loadout")
    finally:
        f.d.quit()

    # the /submit trap, with script and without
    for script in (True, False):
        b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not script})
        try:
            trap(b, stack, base, script)
        finally:
            b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    print("    journey: kept %r, added %r and %r, compared and equipped %r; "
          "made %s's loadout its own in a fresh browser" % (kept, first, second, third, shared))


def trap(b, stack, base, script):
    word = "Glimmering" + "".join(random.choice(string.ascii_lowercase) for _ in range(6))
    b.get(base + "/submit")
    b.wait_for("the chooser", lambda: b.find_all("form.proposal button[name=choose]"))
    unseen = b.find("form.proposal h3.shown-part").text  # "A new weapon element"
    kind, part = unseen.split()[-2:]
    other = [o.attr("value") for o in b.find_all("select[name=part] option")
             if o.attr("value") != part][0]
    choose(b, "part", other)
    b.find("form.proposal input[name=word]").type(word)
    b.find("form.proposal button[type=submit]:not([name=choose])").click()
    b.wait_for("the answer", lambda: b.find_all("div.error[role=alert], section.received"))
    filed = stack.sql("SELECT kind, part FROM submission WHERE word = '%s'" % word)
    check(not filed, "script %s: nothing filed under the unseen %s %s" % (script, kind, part),
          filed)
    shown = b.find("form.proposal h3.shown-part").text
    check(shown.lower().endswith("%s %s" % (kind, other)),
          "script %s: the form shows the chosen part's fields" % script, shown, other)
    check(b.find("select[name=part] option[value=%s]" % other).attr("selected") is True,
          "the chosen part stays chosen")
    # the answer is a 409 (the part seen is not the part chosen), which the
    # console logs as a failed load; anything else is a fault
    errors = [m.get("message", "") for m in b.console() if m.get("level") == "SEVERE"
              and "status of 409" not in m.get("message", "")]
    check(not errors, "the /submit trap: no console errors", *errors)
    shots(b, "submit-trap-%s" % ("script" if script else "noscript"))
