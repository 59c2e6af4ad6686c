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
