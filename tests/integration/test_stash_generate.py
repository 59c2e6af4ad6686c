"""The card on /item/CODE (SPEC §15): its form's Generate rolls a new item,
no seed carried over; "Same seed again" is a link of its own."""

import html
import re

import lf


def test_item_page_generate_rolls_a_new_item(stack):
    it = stack.get("/generate?kind=weapon&seed=4242&format=json").json()
    page = stack.get(it["link"].split("?")[0])
    lf.check(page.status == 200, "the item's page", page)
    form = re.search(r'<form[^>]*action="/generate".*?</form>', page.text, re.S)
    lf.check(form, "the generator's form", page.text[-3000:])
    seed = re.search(r'<input type="text" name="seed"[^>]*value="([^"]*)"', form.group(0))
    lf.check(seed and seed.group(1) == "", "no seed carried into the form", seed and seed.group(0))
    same = re.search(r'<a class="same-seed" href="([^"]+)"', page.text)
    lf.check(same and ("seed=%s" % it["seed"]) in html.unescape(same.group(1)),
             "Same seed again: a link with the item's seed", same and same.group(0))
    again = stack.get(html.unescape(same.group(1)) + "&format=json").json()
    lf.check(again["name"] == it["name"] and again["code"] == it["code"],
             "which rolls the same item", again, it)


def test_item_page_add_to_loadout_adds_to_the_visitors_own(stack):
    """The page is the same for everyone, so its "Add to loadout" cannot be
    the visitor's form: it opens the compare view, whose Equip adds the
    item to the loadout the visitor has (a link to /loadout?item=CODE
    alone would offer to replace it)."""
    it = stack.get("/generate?kind=armor&seed=4243&format=json").json()
    page = stack.get("/item/" + it["code"])
    add = re.search(r'<a class="add-to-loadout" href="([^"]+)"', page.text)
    lf.check(add and html.unescape(add.group(1)) == "/compare?item=" + it["code"],
             "Add to loadout opens the compare view", add and add.group(0))
    view = stack.get(html.unescape(add.group(1)))
    lf.check(view.status == 200 and 'value="wear"' in view.text,
             "whose form wears it", view.status, view.text[-2000:])
