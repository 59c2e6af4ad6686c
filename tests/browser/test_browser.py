"""End to end in a real browser: headless Chromium driven through Selenium
(Debian's python3-selenium and chromium-driver), against the whole stack
started as the integration tests start it (the `stack` fixture of
tests/conftest.py: MariaDB, the daemon, nginx).

  test_form_to_card          open /, choose a kind and submit; then a tier and
                             a type from that kind's list, submit, and see the
                             card with that type. Screenshots of form and card.
  test_propose_approve_roll  propose a word on /submit, log in as a moderator
                             and approve it on /moderate, see it in a new roll.
  test_kind_switch_swaps_lists  choose a kind on /: its word lists appear
                             without a page load (public/form-kind.js).
  test_spell_form_by_parts   /spells -> /submit/spell; effects by their parts,
                             labelled for the chosen effect (public/spell-form.js).

The page must also load cleanly under its Content-Security-Policy: no
console errors (a blocked stylesheet or script, a missing file) and the
card's icon loaded. Screenshots go to tests/artifacts/ (git-ignored); a
failing test leaves browser-failure-NAME.png there.

Run: make browser (python3 -m pytest -c tests/pytest.ini tests/browser --daemon ...)"""

import base64
import os
import random
import shutil
import string
import time
import urllib.parse

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from lf import ROOT, Failure, check

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1200,1400"]


def chromium_binary():
    """Debian's /usr/bin/chromium is a shell wrapper; the real binary is
    under /usr/lib/chromium and skips the wrapper's extra flags."""
    real = "/usr/lib/chromium/chromium"
    return real if os.access(real, os.X_OK) else shutil.which("chromium")


class Browser:
    """The few things the tests do with a page, on top of Selenium's driver."""

    def __init__(self, driver):
        self.d = driver

    @property
    def url(self):
        return self.d.current_url

    @property
    def title(self):
        return self.d.title

    def get(self, url):
        self.d.get(url)

    def find(self, css):
        return Element(self.d.find_element(By.CSS_SELECTOR, css))

    def find_all(self, css):
        return [Element(e) for e in self.d.find_elements(By.CSS_SELECTOR, css)]

    def screenshot(self, path):
        self.d.save_screenshot(path)

    def console(self):
        return self.d.get_log("browser")

    def wait_for(self, what, fn, seconds=10):
        """fn() until it returns something true. For page loads after a
        click, never to assert on how fast anything is."""
        end = time.time() + seconds
        last = None
        while time.time() < end:
            try:
                got = fn()
                if got:
                    return got
            except WebDriverException as e:
                last = e
            time.sleep(0.1)
        raise Failure("timed out waiting for %s%s" % (what, ": %s" % last.msg if last else ""))


class Element:
    def __init__(self, e):
        self.e = e

    @property
    def text(self):
        return self.e.text

    def find(self, css):
        return Element(self.e.find_element(By.CSS_SELECTOR, css))

    def find_all(self, css):
        return [Element(x) for x in self.e.find_elements(By.CSS_SELECTOR, css)]

    def attr(self, name):
        """The DOM property (value, selected, naturalWidth) as the page sees it now."""
        return self.e.get_property(name)

    def click(self):
        self.e.click()

    def type(self, text):
        self.e.send_keys(text)

    def screenshot(self, path):
        self.e.screenshot(path)


@pytest.fixture(scope="module")
def b(request):
    os.makedirs(ARTIFACTS, exist_ok=True)
    for old in os.listdir(ARTIFACTS):  # a stale failure's picture would mislead
        if old.startswith("browser-failure-"):
            os.remove(os.path.join(ARTIFACTS, old))
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium_binary()
    for a in CHROMIUM_ARGS:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver"), log_path=os.path.join(ARTIFACTS, "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=opts)
    try:
        yield Browser(driver)
    finally:
        driver.quit()


@pytest.fixture(autouse=True)
def failure_screenshot(request, b):
    yield
    rep = getattr(request.node, "rep_call", None)  # tests/conftest.py keeps it
    if rep is not None and rep.failed:
        try:
            b.screenshot(os.path.join(ARTIFACTS, "browser-failure-%s.png" % request.node.name))
        except (WebDriverException, OSError):
            pass


ARTIFACTS = os.path.join(ROOT, "tests", "artifacts")
KIND = "armor"  # not the default kind, so choosing it is part of the test


def css_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def choose(b, select_name, value):
    """Selects the option `value` of <select name=select_name> by clicking
    it, as a person would; fails when the page does not offer it."""
    sel = "select[name=%s] option[value=%s]" % (css_string(select_name), css_string(value))
    try:
        option = b.find(sel)
    except WebDriverException:
        raise Failure("the form offers no %r in %s" % (value, select_name)) from None
    option.click()
    check(option.attr("selected") is True, "%s=%s is selected" % (select_name, value))


def loaded(b, query_has):
    """The page whose URL carries every pair of query_has, once it is there."""
    def ready():
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(b.url).query)
        if all(query.get(k) == [v] for k, v in query_has.items()):
            return b.find_all("form.generate button[type=submit]")
        return None
    b.wait_for("the page of %s" % urllib.parse.urlencode(query_has), ready)


def answer(b, what, success_css):
    """After a submit: the element that shows success, or a Failure that
    quotes the page's error box (div.error) when that came instead."""
    def either():
        return b.find_all(success_css) or b.find_all("div.error[role=alert]")
    found = b.wait_for(what, either)[0]
    if not b.find_all(success_css):
        raise Failure("%s: the page says %r (%s)" % (what, found.text.replace("\n", " "), b.url))
    return found


def check_console_clean(b, what):
    errors = [m.get("message", "") for m in b.console() if m.get("level") == "SEVERE"]
    check(not errors, "%s: no console errors (CSP violations, missing files)" % what, *errors)


def save(path_name):
    return os.path.join(ARTIFACTS, path_name)


# --------------------------------------------------------------------------
def test_form_to_card(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/")
    b.wait_for("the form", lambda: b.find_all("form.generate select[name=kind]"))
    check("lootforge" in b.title, "the page has the site's title", b.title)
    check(b.find_all("article.card"), "/ shows a freshly generated item above the form")
    check_console_clean(b, "/")
    b.find("form.generate").screenshot(save("browser-form.png"))
    b.screenshot(save("browser-index.png"))

    # Step 1: the kind. The word lists are the chosen kind's, so the form is
    # sent once to get the armour lists (the site works without script).
    choose(b, "kind", KIND)
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": KIND})
    check(b.find("select[name=kind] option[value=%s]" % KIND).attr("selected") is True,
          "the answer keeps the chosen kind")

    # Step 2: a tier and a type of that tier from the armour list.
    word, tier = stack.sql("SELECT word, tier FROM %s_type WHERE active = 1 "
                           "ORDER BY ABS(tier - 4), word LIMIT 1" % KIND)[0]
    choose(b, "tier", tier)
    choose(b, "attribute[type]", word)
    b.find("form.generate").screenshot(save("browser-form-filled.png"))
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": KIND, "tier": tier, "attribute[type]": word})

    card = b.find("article.card")
    name = card.find("h2.name").text
    check(word.lower() in name.lower(), "the card is a %s" % word, name)
    meta = card.find("p.meta").text
    check("Tier %s" % tier in meta, "the card says tier %s" % tier, meta)
    unhonoured = [e.text for e in card.find_all(".unhonoured li")]
    check(not any(word.lower() in u.lower() for u in unhonoured),
          "the requested type was honoured", unhonoured)
    icon = card.find("img.icon")
    check((icon.attr("naturalWidth") or 0) > 0, "the card's icon loaded (img-src 'self')")
    check(b.find('select[name="attribute[type]"] option[value=%s]' % css_string(word))
          .attr("selected") is True, "the answer keeps the requested type selected")
    check_console_clean(b, "the card page")
    card.screenshot(save("browser-card.png"))
    b.screenshot(save("browser-card-page.png"))
    print("    card: %r (tier %s); screenshots in %s" % (name, tier, ARTIFACTS))


# --------------------------------------------------------------------------
# Proposing and moderating: templates/propose_<type>.tpl, login.tpl and
# moderate.tpl. What this relies on, so that whoever changes them knows:
#   /submit    form.proposal: select kind, part and button[name=choose]
#              above; once chosen (POST), h3.shown-part names the part and
#              the word goes in input word, sent by the other submit button;
#              the answer's section.received shows .word and .status
#   /login     form.login (input name, input password; its button)
#   /moderate  article.proposal per pending word, its .word, and its
#              form.approve with its button
# and lf.Stack.add_moderator (deploy/stack.sh add-moderator).
def test_propose_approve_roll(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    r = stack.get("/submit")
    check(r.status == 200, "GET /submit answered %d" % r.status)
    word = "Browserfrost" + "".join(random.choice(string.ascii_lowercase) for _ in range(6))

    # Propose: choose the kind and part, then the word.
    b.get(base + "/submit")
    b.wait_for("the chooser on /submit",
               lambda: b.find_all("form.proposal button[name=choose]"))
    choose(b, "kind", "weapon")
    choose(b, "part", "abstract")
    b.find("form.proposal button[name=choose]").click()
    # The first page shows a proposal form already (for its default part):
    # wait for the chosen part's form, not for any proposal form.
    def chosen():
        heads = b.find_all("form.proposal h3.shown-part")
        return heads if heads and heads[0].text.lower().endswith("weapon abstract") else None
    b.wait_for("the form of weapon abstract", chosen)
    form = b.find("form.proposal")
    check(form.find("select[name=part] option[value=abstract]").attr("selected") is True,
          "the answer keeps the chosen part")
    form.find("input[name=word]").type(word)
    form.screenshot(save("browser-submit-form.png"))
    form.find("button[type=submit]:not([name=choose])").click()
    received = answer(b, "the proposal's answer", "section.received")
    check(received.find(".word").text == word, "the answer names the word", received.text)
    check(received.find(".status").text.lower() == "pending", "the word is pending",
          received.text)
    check_console_clean(b, "the proposal's answer")

    # Approve it as a moderator.
    password = "".join(random.choice(string.ascii_letters) for _ in range(20))
    stack.add_moderator("browsertest", password)
    b.get(base + "/login")
    form = b.wait_for("the login form", lambda: b.find_all("form.login"))[0]
    form.find("input[name=name]").type("browsertest")
    form.find("input[name=password]").type(password)
    form.find("button[type=submit]").click()
    answer(b, "the login", "form.logout")
    b.get(base + "/moderate")

    def pending_row():
        return [a for a in b.find_all("article.proposal") if a.find(".word").text == word]
    row = b.wait_for("the pending word on /moderate", pending_row)[0]
    row.screenshot(save("browser-moderate.png"))
    row.find("form.approve button[type=submit]").click()
    b.wait_for("the approval", lambda: "/moderate" in b.url and not pending_row())
    check_console_clean(b, "/moderate")

    # The catalog poller makes the word live within a second: a fresh form
    # lists it, and a roll that asks for it carries it.
    # Approved words go live in the catalog's case, lower case
    # (docs/moderation.md), whatever capitals the proposer typed.
    live = word.lower()

    def listed():
        b.get(base + "/")
        return b.find_all('select[name="attribute[abstract]"] option[value=%s]'
                          % css_string(live))
    b.wait_for("the approved word in the form's list", listed)
    choose(b, "attribute[abstract]", live)
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"attribute[abstract]": live})
    name = b.find("article.card h2.name").text
    check(word.lower() in name.lower(), "a new roll carries the approved word", name)
    b.find("article.card").screenshot(save("browser-approved-card.png"))
    print("    proposed, approved and rolled: %r" % name)


# --------------------------------------------------------------------------
# The loadout: templates/loadout.tpl and card.tpl. What this
# relies on: a card's form.card-actions with button.add-to-loadout (the
# visitor's own loadout, in its cookie), the header's nav.site-nav link to
# /loadout (which opens that loadout), a card rolled for a loadout's
# address with a.add-to-loadout; on /loadout, tr.place-NAME rows of
# table.doll, ul.pack li with a.equip, a.more ("find more loot"), and the
# totals' tr.total-NAME cells.
def test_loadout_by_clicks(b, stack):
    base = "http://127.0.0.1:%d" % stack.port

    # A weapon's card: "Add to loadout" starts a loadout with it in the pack.
    b.get(base + "/generate?kind=weapon&tier=3&seed=11")
    weapon = b.wait_for("a card", lambda: b.find_all("article.card"))[0]
    weapon_name = weapon.find("h2.name").text
    card_url = b.url
    weapon.find("form.card-actions button.add-to-loadout").click()
    # The button wears it in the visitor's loadout and comes back to the card.
    b.wait_for("the card again", lambda: b.url == card_url and b.find_all("article.card"))
    check_console_clean(b, "the card after Add to loadout")
    b.find('nav.site-nav a[href="/loadout"]').click()
    b.wait_for("the loadout", lambda: b.find_all("table.doll"))
    check_console_clean(b, "/loadout")

    # Worn by the loadout's rules: it is held in the main hand, and the
    # loadout's address (shareable) says so.
    b.wait_for("the weapon held", lambda: weapon_name in b.find("tr.place-main-hand").text)
    check(":main-hand" in urllib.parse.unquote(b.url), "the URL says so", b.url)
    check(weapon_name not in b.find("ul.pack").text, "the weapon is not also in the pack",
          b.find("ul.pack").text)

    # Find more loot for it: the form carries the loadout; roll armour.
    b.find("a.more").click()
    b.wait_for("the form", lambda: b.find_all("form.generate select[name=kind]"))
    check(b.find_all("p.loadout-note"), "the form says it rolls for the loadout")
    choose(b, "kind", "armor")
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": "armor"})
    armour = b.find("article.card")
    armour_name = armour.find("h2.name").text
    slot = armour.find("p.meta .slot").text
    # Rolled for the loadout's address: its link adds to that address.
    armour.find("a.add-to-loadout").click()
    b.wait_for("the loadout again", lambda: b.find_all("table.doll"))
    check(weapon_name in b.find("tr.place-main-hand").text, "the weapon is still held")
    check(b.find("ul.pack").text.startswith(armour_name), "the armour is in the pack",
          b.find("ul.pack").text)
    b.find("ul.pack a.equip").click()
    place = {"head": "head", "body": "body", "hands": "hands", "legs": "legs",
             "feet": "feet"}.get(slot.lower(), slot.lower())
    b.wait_for("the armour worn", lambda: armour_name in b.find("tr.place-%s" % place).text)
    worn = b.find("table.totals caption").text
    check("2 items" in worn, "two items worn", worn)
    check_console_clean(b, "the loadout")
    b.screenshot(save("browser-loadout.png"))
    print("    loadout: %r held, %r worn (%s); totals %s" % (
        weapon_name, armour_name, slot, b.find("table.totals").text.replace("\n", "; ")))


def test_scroll_by_clicks(b, stack):
    """Choose "Scroll" on the form, set a seed and Generate: the card reads
    "Scroll of <name>" with its description and spell. Then choose a golden
    tube on the scroll form now shown and Generate again: only the tube (and
    the value) change."""
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/")
    b.wait_for("the form", lambda: b.find_all("form.generate select[name=kind]"))
    choose(b, "kind", "scroll")
    b.find("form.generate input[name=seed]").type("2026")
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": "scroll", "seed": "2026"})
    card = b.find("article.card")
    name = card.find("h2.name").text
    first = card.find("p.description").text
    spell = card.find("p.spell").text
    check(name.startswith("Scroll of ") and " tube holds the scroll. " in first
          and spell.startswith("Holds "), "a scroll's card", name, first, spell)
    check(b.find_all("select[name='attribute[tube-material]']"), "the form shows the scroll parts")
    check_console_clean(b, "the scroll card")

    choose(b, "attribute[tube-material]", "golden")
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": "scroll", "attribute[tube-material]": "golden"})
    card = b.find("article.card")
    again = card.find("p.description").text
    check(card.find("h2.name").text == name and card.find("p.spell").text == spell,
          "the same name and spell", card.find("h2.name").text)
    check(" golden tube holds the scroll. " in again
          and again.split(". ", 1)[1] == first.split(". ", 1)[1],
          "only the tube changed", first, again)
    b.screenshot(save("browser-scroll.png"))
    print("    scroll: %r; %s; %s" % (name, again, spell))


# --------------------------------------------------------------------------
# The kind switch on / (public/form-kind.js) and the spell form by
# parts (public/spell-form.js), both under the page's CSP.
def test_kind_switch_swaps_lists(b, stack):
    """Choosing a kind on / shows that kind's word lists at once, without
    Generate; a type picked from the swapped list is honoured."""
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/?kind=weapon")
    b.wait_for("the form", lambda: b.find_all("form.generate select[name=kind]"))
    check(not b.find_all("form.generate [name='attribute[material]']"),
          "weapons have no material list")
    url = b.url
    choose(b, "kind", "armor")
    b.wait_for("the armour lists", lambda: b.find_all("form.generate [name='attribute[material]']"))
    check(b.url == url, "no page was loaded", b.url)
    word = stack.sql("SELECT word FROM armor_type WHERE active = 1 ORDER BY word LIMIT 1")[0][0]
    choose(b, "attribute[type]", word)
    check_console_clean(b, "the kind switch")
    b.find("form.generate").screenshot(save("browser-kind-switch.png"))
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"kind": "armor", "attribute[type]": word})
    name = b.find("article.card h2.name").text
    check(word.lower() in name.lower(), "the card is a %s" % word, name)


def test_spell_form_by_parts(b, stack):
    """/spells links to the form; each effect is a choice and its params,
    labelled for the chosen effect (unused ones hidden, a table's param a
    choice list); a flat heal (dice 0) and a cold damage are received."""
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/spells")
    b.find("a[href='/submit/spell']").click()
    b.wait_for("the spell form", lambda: b.find_all("form.proposal select[name=effect1_kind]"))
    check_console_clean(b, "/submit/spell")
    name = "Mend Zz" + "".join(random.choice(string.ascii_lowercase) for _ in range(8))
    b.find("input[name=name]").type(name)
    b.find("input[name=mana]").type("6")
    b.find("input[name=level]").type("1")
    b.find("input[name=tier]").type("1")

    choose(b, "effect1_kind", "heal")
    slot = b.find("fieldset.effect[data-slot='1']")
    labels = {l.attr("dataset")["param"]: l for l in slot.find_all("label.param")}
    check(labels["1"].find(".plabel").text == "dice" and labels["3"].find(".plabel").text == "bonus",
          "heal's params by name", labels["1"].text, labels["3"].text)
    check(not labels["5"].e.is_displayed() and labels["4"].e.is_displayed(),
          "heal has no p5: not shown")
    check(not b.find("fieldset.effect[data-slot='3'] label.param").e.is_displayed(),
          "an unused slot shows only its effect choice")
    labels["1"].find("input").type("0")
    labels["3"].find("input").type("10")
    labels["4"].find("input").type("1")

    choose(b, "effect2_kind", "damage")
    slot2 = b.find("fieldset.effect[data-slot='2']")
    p5 = [l for l in slot2.find_all("label.param") if l.attr("dataset")["param"] == "5"][0]
    check(p5.find(".plabel").text == "element" and p5.e.is_displayed(),
          "damage's p5 is the element", p5.text)
    cold = p5.find("select.choice option[value='2']")
    check(cold.text == "cold", "the element is a choice by name", cold.text)
    cold.click()
    for n, v in (("1", "2"), ("2", "6")):
        [l for l in slot2.find_all("label.param")
         if l.attr("dataset")["param"] == n][0].find("input").type(v)
    b.find("form.proposal").screenshot(save("browser-spell-form.png"))
    b.find("form.proposal button[type=submit]").click()
    got = answer(b, "the spell proposal", "section.received")
    effects = got.find("code.effects").text
    check(name in got.text and effects == "heal 0 0 10 1; damage 2 6 0 0 2",
          "received as typed by parts", got.text)
    check_console_clean(b, "the received page")


# --------------------------------------------------------------------------
# Pages that read well on any screen: the error box, the batch
# table, /words filtered without and with script, light and dark, print, and
# an axe-core-like check at 390 px wide: one h1, a skip link, a label for
# every control, every tap target at least 24 x 24 px. Screenshots of each
# page at 390 px, light and dark, are kept in tests/artifacts/ (a11y-*.png).

A11Y_CHECK = r"""
const out = {h1: document.querySelectorAll('h1').length, skip: null,
             unlabelled: [], small: []};
const skip = document.querySelector('body > a.skip[href="#main"]');
out.skip = !!(skip && document.getElementById('main'));
for (const c of document.querySelectorAll('input, select, textarea')) {
  if (c.type === 'hidden') continue;
  const named = c.closest('label') || c.getAttribute('aria-label') ||
                (c.id && document.querySelector('label[for="' + c.id + '"]'));
  if (!named) out.unlabelled.push(c.outerHTML.slice(0, 80));
}
// WCAG 2.5.8's "equivalent" exception: a small target whose address a
// large enough link of the page also has (a map's loot marks, listed below
// the map).
const big = new Set();
for (const a of document.querySelectorAll('a[href]')) {
  const r = a.getBoundingClientRect();
  if (r.height >= 24 && r.width >= 24) big.add(a.getAttribute('href'));
}
for (const e of document.querySelectorAll('a[href], button, select, input, textarea, summary')) {
  if (e.type === 'hidden' || e.classList.contains('skip')) continue;
  if (e.closest('svg') && big.has(e.getAttribute('href'))) continue;
  const r = e.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;  // not rendered (a closed <details>, hidden)
  if (r.height < 24 || r.width < 24)
    out.small.push([e.tagName, (e.textContent || e.name || '').trim().slice(0, 30),
                    Math.round(r.width), Math.round(r.height)]);
}
return out;
"""


def emulate(b, width=None, scheme=None, media=""):
    if width:
        b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 900, "deviceScaleFactor": 1,
                             "mobile": True})
    else:
        b.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    feats = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": feats})


def style_of(b, css, prop):
    return b.d.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? getComputedStyle(e).getPropertyValue(arguments[1]) : null;", css, prop)


def test_pages_read_well(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    code = stack.get_json("/generate?seed=29&format=json").json()["code"]
    pages = {"index": "/?seed=29", "batch": "/?seed=29&count=10", "item": "/item/" + code,
             "error": "/generate?tier=9&count=1000", "words": "/words", "spells": "/spells",
             "map": "/map?seed=29&loot=2", "loadout": "/loadout?item=%s:main-hand" % code,
             "submit": "/submit", "login": "/login", "spell-form": "/submit/spell",
             "name-form": "/submit/name", "dungeon": "/dungeon?seed=29&level=3"}
    try:
        # The axe-like check, every page at 390 px, both themes.
        for scheme in ("dark", "light"):
            emulate(b, width=390, scheme=scheme)
            for name, path in pages.items():
                b.get(base + path)
                b.wait_for(name, lambda: b.find_all("main#main"))
                got = b.d.execute_script(A11Y_CHECK)
                check(got["h1"] == 1, "%s: %d h1 elements" % (path, got["h1"]))
                check(got["skip"], "%s: no skip link to #main" % path)
                check(not got["unlabelled"], "%s: controls without a label" % path,
                      got["unlabelled"])
                check(not got["small"], "%s: tap targets under 24 px at 390 px wide" % path,
                      got["small"])
                if name != "error":  # its own 400 is logged as a failed load
                    check_console_clean(b, path)
                else:
                    b.console()  # drained, so the next page starts clean
                b.screenshot(save("a11y-%s-%s-390.png" % (name, scheme)))

        # Light and dark: the background follows prefers-color-scheme, and
        # color-scheme is declared so the browser's own controls follow.
        emulate(b, scheme="dark")
        b.get(base + "/login")
        dark = style_of(b, "body", "background-color")
        check("dark" in style_of(b, ":root", "color-scheme"), "color-scheme not declared")
        emulate(b, scheme="light")
        b.get(base + "/login")
        light = style_of(b, "body", "background-color")
        check(dark != light, "the light theme has the dark background", dark, light)
        pw = style_of(b, "input[type=password]", "background-color")
        print("    body: dark %s, light %s; password field (light) %s" % (dark, light, pw))

        # The error box: both fields named, each on the line of its message.
        emulate(b, width=390, scheme="dark")
        b.get(base + pages["error"])
        items = b.find_all(".error li")
        check(len(items) == 2, "tier=9&count=1000: the box lists both", [i.text for i in items])
        for li, field in zip(items, ("tier", "count")):
            check(li.text.startswith(field + ": must be"), "error line %r" % li.text)
            tops = b.d.execute_script(
                "const li = arguments[0]; const f = li.querySelector('.error-field');"
                "const r = document.createRange(); r.selectNodeContents(li);"
                "return [f.getBoundingClientRect().top, r.getClientRects()[0].top,"
                " li.getClientRects().length];", li.e)
            check(abs(tops[0] - tops[1]) < 2, "%s: the field name is on a line of its own" % field,
                  tops)
        check(b.find("select[name=tier] option[value='0']") is not None, "the form follows")
        b.find(".error").screenshot(save("a11y-error-box.png"))

        # The batch: a table of 10 rows whose names link to the cards; the
        # cards one click away; the same batch as JSON and CSV.
        emulate(b)
        b.get(base + pages["batch"])
        rows = b.find_all("table.batch-table tbody tr")
        check(len(rows) == 10, "a batch of 10 is a table of 10 rows", len(rows))
        first = rows[0].find("td.name a")
        check(first.attr("href").startswith(base + "/item/"), "a row links to its card",
              first.attr("href"))
        check(not b.find("details.all-cards").attr("open"), "the cards are folded")
        links = {a.text: a.attr("href") for a in b.find_all(".batch-links a")}
        check("format=json" in links.get("JSON", "") and "format=csv" in links.get("CSV", ""),
              "links to the batch as JSON and CSV", links)
        b.screenshot(save("a11y-batch-desktop.png"))
        height = b.d.execute_script("return document.documentElement.scrollHeight")
        print("    batch of 10: %d px tall at 1200 px wide (was 2,329 as cards)" % height)
        first_name = first.text
        b.find("details.all-cards summary").click()
        b.wait_for("the cards", lambda: b.find("details.all-cards article.card").e.is_displayed())
        first.click()
        b.wait_for("the card", lambda: b.find_all("article.card h2.name"))
        check(b.find("article.card h2.name").text == first_name,
              "the row's link opens that item's card", first_name)

        # /words: without script (the query) and live (public/words-filter.js).
        b.get(base + "/words?kind=weapon&part=type&q=sword")
        words = [w.text for w in b.find_all(".word-table td.word")]
        check(words and all("sword" in w for w in words), "q=sword filters on the server", words)
        b.get(base + "/words")
        total = len([r for r in b.find_all(".word-table tbody tr") if r.e.is_displayed()])
        b.find("input[name=q]").type("sword")
        b.wait_for("the live filter", lambda: len(
            [r for r in b.find_all(".word-table tbody tr") if r.e.is_displayed()]) < total)
        live = [r.find("td.word").text for r in b.find_all(".word-table tbody tr")
                if r.e.is_displayed()]
        check(live and all("sword" in w for w in live), "the live filter shows only matches", live)
        check("q=sword" in b.url, "the address follows the live filter", b.url)
        choose(b, "kind", "armor")
        b.wait_for("tables of armour only", lambda: all(
            t.attr("dataset")["kind"] == "armor"
            for t in b.find_all("section.word-table") if t.e.is_displayed()))
        b.screenshot(save("a11y-words-filtered.png"))

        # /spells: the same live filter by name (public/spells-filter.js).
        b.get(base + "/spells")
        rows = lambda: [r for r in b.find_all("tbody.spell-level tr:not(.level-head)")
                        if r.e.is_displayed()]
        total = len(rows())
        piece = rows()[0].find("td.word").text[:3].lower()
        b.find("input[name=q]").type(piece)
        b.wait_for("the live spell filter", lambda: len(rows()) < total)
        names = [r.find("td.word").text.lower() for r in rows()]
        check(names and all(piece in n for n in names), "only spells with %r" % piece, names)
        b.screenshot(save("a11y-spells-filtered.png"))

        # Print: no navigation and no form; the card, the map and the loadout stay.
        emulate(b, media="print")
        for path, keep in ((pages["item"], "article.card"), (pages["map"], "main svg, main img,"
                           " main .map, main table"), (pages["loadout"], "main table")):
            b.get(base + path)
            check(style_of(b, ".site-nav", "display") == "none", "%s prints the nav" % path)
            check(style_of(b, "form", "display") in (None, "none"), "%s prints a form" % path)
            check(any(e.e.is_displayed() for e in b.find_all(keep)),
                  "%s: nothing left to print" % path)
            with open(save("a11y-print-%s.pdf" % path.strip("/").split("?")[0].split("/")[0]),
                      "wb") as f:
                f.write(base64.b64decode(b.d.execute_cdp_cmd("Page.printToPDF", {})["data"]))
        print("    screenshots and print PDFs in %s" % ARTIFACTS)
    finally:
        emulate(b)
        b.console()  # the error page's 400 is logged: not the next test's business


def test_dungeon_by_clicks(b, stack):
    """On /dungeon, choose the `walls` tileset, level 6 and a seed, and Make:
    the map (SVG) and the key show; open a room's item from the key and see
    its card. Back on the dungeon, print media hides the form and the site's
    header, and keeps the map and the key."""
    base = "http://127.0.0.1:%d" % stack.port
    b.get(base + "/dungeon")
    b.wait_for("the form", lambda: b.find_all("form.generate select[name=tileset]"))
    choose(b, "tileset", "walls")
    level = b.find("form.generate input[name=level]")
    level.e.clear()
    level.type("6")
    b.find("form.generate input[name=seed]").type("25")
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"tileset": "walls", "level": "6", "seed": "25"})
    check(b.find_all("figure.dungeon svg") and b.find_all("ol.dungeon-key li"),
          "the map and the key")
    check_console_clean(b, "the dungeon page")
    b.screenshot(save("browser-dungeon.png"))
    dungeon_url = b.url
    link = b.find("ol.dungeon-key .item a")
    name = link.text
    link.click()
    b.wait_for("the item's card", lambda: "/item/" in b.url and b.find_all("article.card"))
    check(b.find("article.card h2.name").text == name, "the item the key named", name)
    b.get(dungeon_url)
    b.wait_for("the dungeon again", lambda: b.find_all("figure.dungeon svg"))
    b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        form = b.d.find_element(By.CSS_SELECTOR, "form.generate")
        nav = b.d.find_element(By.CSS_SELECTOR, "header.site")
        check(not form.is_displayed() and not nav.is_displayed(),
              "printed: no form, no site header")
        check(b.d.find_element(By.CSS_SELECTOR, "figure.dungeon svg").is_displayed() and
              b.d.find_element(By.CSS_SELECTOR, "ol.dungeon-key").is_displayed(),
              "printed: the map and the key")
        # the key a GM reads on paper: each item's value, the rooms' and the
        # dungeon's totals
        worth = [e for e in b.d.find_elements(By.CSS_SELECTOR, "ol.dungeon-key .item .worth")
                 if e.is_displayed()]
        check(worth and all(e.text.strip().endswith(" gp") for e in worth),
              "printed: each item's value", [e.text for e in worth][:5])
        total = b.d.find_element(By.CSS_SELECTOR, "p.dungeon-total")
        check(total.is_displayed() and total.text.endswith("gp."), "printed: the dungeon's total",
              total.text)
        b.screenshot(save("browser-dungeon-print.png"))
    finally:
        b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    print("    dungeon: opened %r from the key; print media hides the form" % name)
