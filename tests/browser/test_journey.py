"""A new visitor's journey in a real browser (SPEC §15), with the fixtures
and helpers of test_browser.py: roll a batch, Keep one row and Add another
to the loadout; use the header's Generate and Add that card too; open the
header's Loadout and see both worn; open the Stash and equip the kept item
from there; roll a new card, Compare it and press Equip. Screenshots of the
loadout, the stash and the compare view at 1280 and 390 px, light and dark,
go to tests/artifacts/journey-*.png.

Run: make browser PYTEST_ARGS='-k journey'"""

from test_browser import b, failure_screenshot, check_console_clean, save  # noqa: F401
from lf import check


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


def worn_or_carried(b):
    return b.find("table.doll").text + "\n" + b.find("ul.pack").text


def test_journey(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/")
    b.d.delete_all_cookies()  # a new visitor

    # a batch: Keep the first row, Add the second to the loadout
    b.get(base + "/generate?kind=trinket&count=4&seed=101")
    rows = b.wait_for("the batch", lambda: b.find_all("table.batch-table tbody tr"))
    check(b.find("p.batch-total").text.startswith("Total value:"), "the batch's total")
    kept = rows[0].find("td.name a.item").text
    rows[0].find("form.row-actions button.keep").click()
    rows = b.wait_for("the batch again", lambda: b.find_all("table.batch-table tbody tr"))
    first = rows[1].find("td.name a.item").text
    rows[1].find("form.row-actions button.add-to-loadout").click()
    b.wait_for("the batch again", lambda: b.find_all("table.batch-table tbody tr"))
    check_console_clean(b, "the batch")

    # the header's Generate: a card, added from that page
    card = header(b, "/", "article.card")[0]
    second = card.find("h2.name").text
    card.find("form.card-actions button.add-to-loadout").click()
    b.wait_for("the card again", lambda: b.find_all("article.card"))

    # the header's Loadout: both worn
    header(b, "/loadout", "table.doll")
    doll = b.find("table.doll").text
    check(first in doll and second in doll, "both worn", first, second, doll)
    check("This is your loadout" in b.find("section.loadout").text, "it is mine")
    check_console_clean(b, "/loadout")
    shots(b, "loadout")

    # the stash: the kept item, equipped from there
    header(b, "/stash", "ul.stash-list.kept")
    item = b.find("ul.stash-list.kept li")
    check(kept in item.text, "the kept item is listed", kept, item.text)
    item.find("button.equip").click()
    b.wait_for("the stash again", lambda: b.find_all("ul.stash-list.kept li span.in-loadout"))
    shots(b, "stash")
    header(b, "/loadout", "table.doll")
    check(kept in worn_or_carried(b), "the kept item is in the loadout", worn_or_carried(b))

    # a new card compared with what is worn, and Equip
    b.get(base + "/generate?kind=armor&seed=303")
    card = b.wait_for("an armour card", lambda: b.find_all("article.card"))[0]
    third = card.find("h2.name").text
    card.find("a.compare").click()
    b.wait_for("the compare view", lambda: b.find_all("form.equip button"))
    check(third in b.find("main").text, "the card compared", third)
    check_console_clean(b, "/compare")
    shots(b, "compare")
    b.find("form.equip button").click()
    b.wait_for("back on compare", lambda: b.find_all("form.equip button"))
    header(b, "/loadout", "table.doll")
    doll = b.find("table.doll").text
    check(third in doll, "equipped from the compare view", third, doll)
    print("    journey: kept %r, added %r and %r, equipped %r" % (kept, first, second, third))
