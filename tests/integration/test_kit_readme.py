"""README.md's curl examples against the site: where a line's comment shows
the answer (a JSON member's value, or the members an answer has), the site
must answer so. A README fact that drifts from the site fails here."""
import json
import os
import re

import lf
from lf import check

README = os.path.join(lf.ROOT, "README.md")
CURL = re.compile(r"curl -s '(http://127\.0\.0\.1:8080)?(/[^']*)'\s+#\s*(.*)$")


def examples():
    """(path, comment) of each one-line curl example with a comment."""
    out = []
    with open(README, encoding="utf-8") as f:
        for line in f:
            m = CURL.search(line.strip())
            if m:
                out.append((m.group(2), m.group(3)))
    return out


def test_readme_values_are_the_sites(stack):
    shown = [(p, c) for p, c in examples() if re.search(r'"value":\d+', c)]
    check(shown, "README shows no item's value")
    for path, comment in shown:
        r = stack.get(path)
        check(r.status == 200, "README's example", path, r)
        body = json.loads(r.body)
        want = int(re.search(r'"value":(\d+)', comment).group(1))
        check(body["value"] == want, "README says", path, "is worth", want, "the site", body["value"])
        for key in re.findall(r'"([a-z_]+)":', comment):
            check(key in body, "README's", path, "shows a member", key, "the site has not")


def test_readme_loadout_members_are_the_sites(stack):
    shown = [(p, c) for p, c in examples() if p.startswith("/loadout")]
    check(shown, "README shows no loadout example")
    weapon = stack.get_json("/generate?kind=weapon&seed=3&format=json").json()["code"]
    armor = stack.get_json("/generate?kind=armor&seed=3&count=60&format=json").json()["items"]
    head = [a["code"] for a in armor if a.get("slot") == "head"]
    check(head, "no helmet in 60 armours")
    for path, comment in shown:
        q = path.replace("CODE1", weapon).replace("CODE2", head[0]).replace("CODE3", weapon)
        r = stack.get(q)
        check(r.status == 200, "README's example", q, r)
        body = json.loads(r.body)
        for key in [k.strip() for k in comment.split(",")]:
            check(key in body, "README says the loadout JSON has", key, "it has", sorted(body))
