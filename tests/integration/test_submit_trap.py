"""/submit never files a word under a part the person did not see chosen
(SPEC §15's list): the chooser is part of the proposal form, the form says
which part its fields were drawn for ("shown"), and a POST whose kind or
part differs from it is refused and shown again for the chosen part, the
word kept; "Choose" shows the chosen part's fields and files nothing."""

import html
import re

import lf
from lf import check
from test_submit import client, new_word


def page_form(text):
    f = re.search(r'<form class="generate proposal" method="post" action="/submit">.*?</form>',
                  text, re.S)
    check(f, "the proposal form", text[:3000])
    return f.group(0)


def fields(form, **changes):
    """What a browser without script sends: hidden inputs, the selects as
    shown (changes: what the person picked), the typed values."""
    body = {html.unescape(n): html.unescape(v) for n, v in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)}
    for name in ("kind", "part"):
        m = re.search(r'<select name="%s">.*?<option value="([^"]+)" selected' % name, form, re.S)
        check(m, "the %s select is in the proposal form" % name, form[:2000])
        body[name] = m.group(1)
    body.update(changes)
    return body


def test_a_part_changed_without_choose_is_not_filed(stack):
    c = client(stack)
    r = c.get("/submit?kind=weapon&part=element")
    form = page_form(r.text)
    check('name="shown" value="weapon/element"' in form, "the form says what it shows", form)
    word = new_word("Glim")
    # the person picks prefix, types a word, and presses Propose, not Choose
    body = fields(form, part="prefix", word=word)
    r = c.post("/submit", body)
    check(r.status in (400, 409), "refused", r)
    check(stack.sql("SELECT COUNT(*) FROM submission WHERE word = '%s'" % word.lower())[0][0]
          == "0" and stack.sql("SELECT COUNT(*) FROM submission WHERE word = '%s'" % word)[0][0]
          == "0", "nothing filed")
    again = page_form(r.text)
    check('name="shown" value="weapon/prefix"' in again and ('value="%s"' % word) in again,
          "the form again, now a prefix's, the word kept", again[:3000])
    # Choose: the chosen part's fields, nothing filed
    r = c.post("/submit", dict(fields(again, part="element", word=word), choose="1"))
    shown = page_form(r.text)
    check(r.status == 200 and 'name="shown" value="weapon/element"' in shown,
          "Choose shows the element's fields", r.status, shown[:1500])
    # and Propose on what is shown files it as that
    r = c.post("/submit", fields(page_form(r.text), word=word))
    check(r.status in (200, 201, 303), "filed as the part shown", r)
    rows = stack.sql("SELECT part FROM submission WHERE word IN ('%s', '%s')" % (
        word, word.lower()))
    check([row[0] for row in rows] in (["element"],) or len(rows) == 1,
          "one row", rows)
