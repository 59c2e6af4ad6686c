#!/usr/bin/env python3
"""End to end in a real browser: headless Chromium, driven over WebDriver
(tests/browser/webdriver.py), against the whole stack started as the
integration tests start it (lf.Stack: MariaDB, the daemon, nginx).

  form_to_card          open /, choose a kind and submit; then a tier and a
                        type from that kind's list, submit, and see the card
                        with that type. Screenshots of the form and the card.
  propose_approve_roll  propose a word on /submit, log in as a moderator and
                        approve it on /moderate, see it in a new roll. Runs
                        when GET /submit answers 200; otherwise it is
                        reported as SKIP (never as passed).

The page must also load cleanly under its Content-Security-Policy: no
console errors (a blocked stylesheet or script, a missing file) and the
card's icon loaded. Screenshots and chromedriver's log go to
tests/artifacts/ (git-ignored).

Usage: tests/browser/run.py --daemon build/rel/lootforged [--keep]"""

import argparse
import os
import random
import shutil
import string
import sys
import time
import traceback
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
sys.path.insert(0, HERE)
import lf  # noqa: E402
from lf import Failure, check  # noqa: E402
from webdriver import Browser, WebDriverError  # noqa: E402

ARTIFACTS = os.path.join(ROOT, "tests", "artifacts")
KIND = "armor"  # not the default kind, so choosing it is part of the test


class Skip(Exception):
    pass


def css_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def choose(b, select_name, value):
    """Selects the option `value` of <select name=select_name> by clicking
    it, as a person would; fails when the page does not offer it."""
    sel = "select[name=%s] option[value=%s]" % (css_string(select_name), css_string(value))
    try:
        option = b.find(sel)
    except WebDriverError:
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
def form_to_card(b, stack):
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
# Proposing and moderating (issue 4): templates/submit.tpl, login.tpl and
# moderate.tpl. What this relies on, so that whoever changes them knows:
#   /submit    form.choose (select kind, part; its button) above, once
#              chosen, form.proposal (input word; its button); the answer's
#              section.received shows .word and .status
#   /login     form.login (input name, input password; its button)
#   /moderate  article.proposal per pending word, its .word, and its
#              form.approve with its button
# and lf.Stack.add_moderator (deploy/stack.sh add-moderator).
def create_moderator(stack, name, password):
    if not hasattr(stack, "add_moderator"):
        raise Failure("lf.Stack has no add_moderator(): cannot create a moderator")
    stack.add_moderator(name, password)


def propose_approve_roll(b, stack):
    base = "http://127.0.0.1:%d" % stack.port
    r = stack.get("/submit")
    if r.status != 200:
        raise Skip("/submit not available (GET /submit answered %d)" % r.status)
    word = "Browserfrost" + "".join(random.choice(string.ascii_lowercase) for _ in range(6))

    # Propose: choose the kind and part, then the word.
    b.get(base + "/submit")
    b.wait_for("the chooser on /submit", lambda: b.find_all("form.choose"))
    choose(b, "kind", "weapon")
    choose(b, "part", "abstract")
    b.find("form.choose button[type=submit]").click()
    # The first page may show a proposal form already (for its default
    # part): wait for the chosen part's page, not for any proposal form.
    loaded(b, {"kind": "weapon", "part": "abstract"})
    form = b.wait_for("the proposal form", lambda: b.find_all("form.proposal"))[0]
    form.find("input[name=word]").type(word)
    form.screenshot(save("browser-submit-form.png"))
    form.find("button[type=submit]").click()
    received = answer(b, "the proposal's answer", "section.received")
    check(received.find(".word").text == word, "the answer names the word", received.text)
    check(received.find(".status").text.lower() == "pending", "the word is pending",
          received.text)
    check_console_clean(b, "the proposal's answer")

    # Approve it as a moderator.
    password = "".join(random.choice(string.ascii_letters) for _ in range(20))
    create_moderator(stack, "browsertest", password)
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
    def listed():
        b.get(base + "/")
        return b.find_all('select[name="attribute[abstract]"] option[value=%s]'
                          % css_string(word))
    b.wait_for("the approved word in the form's list", listed)
    choose(b, "attribute[abstract]", word)
    b.find("form.generate button[type=submit]").click()
    loaded(b, {"attribute[abstract]": word})
    name = b.find("article.card h2.name").text
    check(word.lower() in name.lower(), "a new roll carries the approved word", name)
    b.find("article.card").screenshot(save("browser-approved-card.png"))
    print("    proposed, approved and rolled: %r" % name)


TESTS = [form_to_card, propose_approve_roll]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", required=True)
    ap.add_argument("--keep", action="store_true", help="keep the stack's temp dir (logs)")
    args = ap.parse_args()
    os.makedirs(ARTIFACTS, exist_ok=True)
    for old in os.listdir(ARTIFACTS):  # a stale failure's picture would mislead
        if old.startswith("browser-failure-"):
            os.remove(os.path.join(ARTIFACTS, old))
    stack = lf.Stack(args.daemon)
    print("browser: stack under %s, artefacts in %s" % (stack.var, ARTIFACTS))
    passed = failed = skipped = 0
    try:
        stack.start()
        with Browser(save("chromedriver.log")) as b:
            for fn in TESTS:
                t0 = time.time()
                try:
                    fn(b, stack)
                except Skip as e:
                    skipped += 1
                    print("SKIP %s: %s" % (fn.__name__, e))
                except Exception as e:  # one failing test must not hide the others
                    failed += 1
                    print("FAIL %s (%.2fs)" % (fn.__name__, time.time() - t0))
                    if isinstance(e, (Failure, WebDriverError)):
                        print("    " + str(e))
                    else:
                        traceback.print_exc()
                    try:
                        b.screenshot(save("browser-failure-%s.png" % fn.__name__))
                    except (WebDriverError, OSError):
                        pass
                else:
                    passed += 1
                    print("ok   %s (%.2fs)" % (fn.__name__, time.time() - t0))
                sys.stdout.flush()
    finally:
        stack.stop()
    print("browser: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    if failed or args.keep:
        print("logs kept in %s/log" % stack.var)
    else:
        shutil.rmtree(stack.var, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
