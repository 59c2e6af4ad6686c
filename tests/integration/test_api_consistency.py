"""The API says the same thing the same way everywhere (docs/api.md):
/words carries its revision as /spells does; /map lists every bad field of
an address at once, a tileset the catalog lacks among them; and an
attribute[...] of a part the generator does not have is a 400 naming it,
not a field silently ignored."""
import lf

JSON = {"Accept": "application/json"}


def test_words_and_spells_say_their_revision(stack):
    words = stack.get("/words?format=json").json()
    spells = stack.get("/spells?format=json").json()
    lf.check(isinstance(words.get("revision"), int) and words["revision"] >= 1,
             "/words has its revision", sorted(words))
    lf.check(words["revision"] == spells["revision"], "the same revision on both",
             (words["revision"], spells["revision"]))


def test_map_names_every_bad_field(stack):
    r = stack.get("/map?w=99&tileset=no-such-set&format=json")
    lf.check(r.status == 400, "a bad w and an unknown tileset", r)
    fields = [e["field"] for e in r.json()["errors"]]
    lf.check(fields == ["w", "tileset"], "both named, in the address's order", fields)
    # a tileset that is known goes unmentioned
    r = stack.get("/map?w=99&tileset=plain&format=json")
    lf.check([e["field"] for e in r.json()["errors"]] == ["w"], "w alone", r.json())


def test_an_unknown_attribute_is_refused(stack):
    r = stack.get("/generate?kind=weapon&seed=1&attribute[colour]=red&format=json")
    lf.check(r.status == 400, "attribute[colour]", r)
    e = r.json()["errors"]
    lf.check([x["field"] for x in e] == ["attribute"] and e[0]["code"] == "not_one_of"
             and "prefix" in e[0]["message"], "named, with the parts", e)
    r = stack.get("/generate?kind=weapon&seed=1&attribute[prefix]=&format=json")
    lf.check(r.status == 200, "a known part, empty, is still random", r)
