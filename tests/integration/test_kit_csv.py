"""The CSV's rarity, spell level and mana columns (docs/api.md, "CSV"):
appended after the columns a spreadsheet already reads, each the JSON's
value (empty where the JSON has none)."""
import csv
import io

from lf import check

KINDS = ["weapon", "armor", "shield", "trinket", "scroll", "wand"]


def test_csv_has_rarity_and_the_spells_level_and_mana(stack):
    n = 0
    for i, kind in enumerate(KINDS):
        q = "kind=%s&tier=%d&seed=%d&count=20" % (kind, i % 6 + 1, 700 + i)
        items = stack.get("/generate?%s&format=json" % q).json()["items"]
        r = stack.get("/generate?%s&format=csv" % q)
        check(r.status == 200, "a CSV answer", r)
        reader = csv.reader(io.StringIO(r.body.decode("utf-8"), newline=""))
        head = next(reader)
        check(head[-3:] == ["rarity", "spell_level", "spell_mana"],
              "the new columns come last", head)
        got = [dict(zip(head, row)) for row in reader]
        for row, it in zip(got, items):
            check(row["rarity"] == it["rarity"], "rarity", row["rarity"], it["rarity"])
            spell = it.get("spell") or {}
            for col, key in [("spell_level", "level"), ("spell_mana", "mana")]:
                want = "" if key not in spell else str(spell[key])
                check(row[col] == want, kind, col, row[col], want)
            n += 1
    check(n == 120, "120 items compared", n)
