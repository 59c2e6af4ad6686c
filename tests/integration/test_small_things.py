"""Small things over HTTP: a word of another kind is said to be
one, the moderation page's sentence and its choices of kind and part, and
the generate form's script that swaps the word lists."""
import urllib.parse

from lf import check
from test_submit import moderator

JSON = {"Accept": "application/json"}


def test_word_of_another_kind(stack):
    q = urllib.parse.urlencode({"kind": "weapon", "attribute[type]": "hood",
                                "attribute[prefix]": "zzqnotaword", "seed": "3"})
    r = stack.get("/generate?" + q, headers=JSON)
    check(r.status == 200, "generated", r)
    item = r.json()["items"][0] if "items" in r.json() else r.json()
    reasons = {(u["part"], u["word"]): u["reason"] for u in item["unhonoured"]}
    check(reasons.get(("type", "hood")) == "other_kind", "an armour's type", reasons)
    check(reasons.get(("prefix", "zzqnotaword")) == "unknown_word", "a word of no kind", reasons)


def test_moderation_page_choices(stack):
    m = moderator(stack)
    html = m.get("/moderate").text
    check("thecatalog" not in html and "stays in the catalog's earlier revisions" in html,
          "the sentence reads right")
    for name, value in [("kind", "weapon"), ("kind", "armor"), ("part", "prefix"),
                        ("part", "type")]:
        check(html.count('<select name="%s" required>' % name) == 2,
              "both forms choose the %s" % name)
        check(html.count('<option value="%s">%s</option>' % (value, value)) >= 2,
              "%s offers %s" % (name, value))
    check('<input type="text" name="kind"' not in html, "no free-text kind")


def test_generate_form_script(stack):
    html = stack.get("/").text
    check('<script src="/static/form-kind.js" defer></script>' in html, "the form loads it")
    js = stack.get("/static/form-kind.js")
    check(js.status == 200 and "fieldset.words" in js.text, "served from public/", js)
    armour = stack.get("/?kind=armor").text
    check('name="attribute[material]"' in armour, "the armour form has its own lists")
