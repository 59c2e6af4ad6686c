"""The API description's query parameters are the daemon's fields: a
client that builds requests from /openapi.json alone gets answers. Every
GET of a public path is asked with each parameter at the edges of its
schema (each value of an enum, an integer's minimum and maximum) and
answered, in the content types its 200 lists; one step past an edge (an
integer's maximum + 1, a string one byte over its maxLength, a value
outside an enum) is a 400 naming that parameter. The parameters are
written from the route table's field rows (tests/house/regen.py), so a
row whose limits are not the page's check fails here."""
import urllib.parse

import openapi
from lf import check

# A value that is valid alone but not with the others' defaults: a
# picture's largest scale depends on the dungeon's size (docs/dungeons.md).
# And a part is one of the kind's (the form's default kind is a weapon).
CROSS = {("/dungeon", "ppg", "max"), ("/dungeon", "w", "max"), ("/dungeon", "h", "max"),
         ("/submit", "part", "each")}


def operations():
    for path, item in openapi.DOC["paths"].items():
        op = item.get("get")
        if not op or "{" in path or op.get("security"):
            continue
        params = [p for p in op.get("parameters", []) if p["in"] == "query"]
        # a required value (an item's code) is not made from a schema
        if params and not any(p["required"] for p in params):
            yield path, op, params


def ask(stack, path, pairs):
    return stack.get(path + "?" + urllib.parse.urlencode(pairs))


def json_pairs(params):
    """format=json when the operation takes it, so that errors are JSON."""
    fmt = [p for p in params if p["name"] == "format"]
    if fmt and "json" in fmt[0]["schema"].get("enum", []):
        return [("format", "json")]
    return []


def test_every_edge_of_every_parameter_is_answered(stack):
    asked = 0
    for path, op, params in operations():
        types = set(op["responses"]["200"]["content"])
        for p in params:
            s = p["schema"]
            s = s.get("items", s)
            values = []
            if "enum" in s:
                values = [("each", v) for v in s["enum"]]
            elif s["type"] in ("integer", "number"):
                values = [("min", s["minimum"]), ("max", s["maximum"])]
            elif s["type"] == "boolean":
                values = [("each", "true"), ("each", "false")]
            for edge, v in values:
                if (path, p["name"], edge) in CROSS:
                    continue
                pairs = [(p["name"], str(v))]
                if p["name"] != "format":
                    pairs += json_pairs(params)
                r = ask(stack, path, pairs)
                asked += 1
                # 404: a valid address of nothing yet (a revision not made)
                check(r.status in (200, 404), "GET %s?%s=%s answered" % (path, p["name"], v), r)
                ct = r.headers.get("content-type", "").split(";")[0]
                check(r.status == 404 or ct in types, "%s?%s=%s: %s is listed" % (path, p["name"], v, ct), types)
    check(asked > 80, "edges asked", asked)


def test_one_step_past_each_edge_is_a_400_naming_the_parameter(stack):
    asked = 0
    for path, op, params in operations():
        for p in params:
            s = p["schema"]
            s = s.get("items", s)
            bad = []
            if "enum" in s:
                bad.append("zz-not-listed")
            elif s["type"] in ("integer", "number"):
                bad.append(str(s["maximum"] + 1))
                if s["minimum"] > 0:
                    bad.append(str(s["minimum"] - 1))
            elif s.get("maxLength"):
                bad.append("a" * (s["maxLength"] + 1))
            for v in bad:
                pairs = [(p["name"], v)] + (json_pairs(params) if p["name"] != "format" else [])
                r = ask(stack, path, pairs)
                asked += 1
                check(r.status == 400, "GET %s?%s=%s refused" % (path, p["name"], v[:20]), r)
                body = r.body.decode("utf-8", "replace")
                check('"%s"' % p["name"] in body or p["name"] in body,
                      "%s?%s=%s: the error names it" % (path, p["name"], v[:20]), body[:300])
    check(asked > 40, "steps asked", asked)
