"""Every copy outside C of the C code's lists agrees with it (regen.py):
what `make regen` writes is what is committed, and the copies it only
checks name the same members. A list the C code grows shows up here."""
import copy
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import regen  # noqa: E402

BINARY = os.environ.get("LOOTFORGE_LISTS", os.path.join(regen.ROOT, "build", "rel", "tests",
                                                      "house_lists"))


def real():
    return regen.lists(BINARY)


def test_the_copies_are_what_make_regen_writes():
    r = subprocess.run([sys.executable, regen.__file__, BINARY, "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_a_new_stat_reaches_openapi_and_is_missed_by_the_checked_copies():
    l = real()
    grown = copy.deepcopy(l)
    grown["stats"].append("poison")
    grown["summed_stats"].append("poison")
    with open(regen.OPENAPI, encoding="utf-8") as f:
        doc = regen.fix_openapi(json.load(f), grown)
    item = doc["components"]["schemas"]["Item"]["properties"]["stats"]["properties"]
    assert list(item)[-1] == "poison" and len(item) == len(l["stats"]) + 1
    totals = doc["components"]["schemas"]["Loadout"]["properties"]["totals"]["properties"]
    assert "poison" in totals and "hands" not in totals
    bad = regen.checks(grown)
    assert any("lootforge.h" in b for b in bad) and any("python" in b for b in bad), bad
    assert not regen.checks(l)


def test_a_new_kind_reaches_every_kind_enum():
    grown = copy.deepcopy(real())
    grown["kinds"].append("ring")
    with open(regen.OPENAPI, encoding="utf-8") as f:
        doc = regen.fix_openapi(json.load(f), grown)
    assert doc["components"]["schemas"]["Item"]["properties"]["kind"]["enum"][-1] == "ring"
    assert any("cli/lootforge.c" in b for b in regen.checks(grown))
