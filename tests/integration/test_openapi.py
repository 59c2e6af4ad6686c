"""GET /openapi.json (SPEC §14): served as JSON, readable by any site, an
OpenAPI 3 document whose references all resolve; and the check that every
other test's JSON answers go through (openapi.py) rejects what does not
fit, so it is not a check that cannot fail."""
import json

import jsonschema
import pytest

import openapi
from lf import check


def test_openapi_is_served(stack):
    r = stack.get("/openapi.json", headers={"Origin": "https://game.example"})
    check(r.status == 200, "GET /openapi.json", r)
    check(r.headers["content-type"].startswith("application/json"), "as JSON", r.headers)
    check(r.headers.get("access-control-allow-origin") == "*", "readable by any site", r.headers)
    doc = r.json()
    check(doc == openapi.DOC, "the file the tests validate against")
    check(doc["openapi"].startswith("3."), "OpenAPI 3", doc["openapi"])
    pre = stack.request("OPTIONS", "/openapi.json", headers={
        "Origin": "https://game.example", "Access-Control-Request-Method": "GET"})
    check(pre.status == 204 and pre.headers.get("access-control-allow-origin") == "*",
          "a preflight", pre)


def test_every_reference_resolves_and_every_route_is_described():
    doc = openapi.DOC
    jsonschema.Draft202012Validator.check_schema({"$defs": doc["components"]["schemas"]})
    refs = []

    def walk(v):
        if isinstance(v, dict):
            if "$ref" in v:
                refs.append(v["$ref"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(doc)
    for ref in set(refs):
        node = doc
        for part in ref[2:].split("/"):
            node = node[part]
    check(len(refs) > 50, "references checked", len(refs))
    for path in ["/", "/generate", "/item/{code}", "/catalog.json", "/words", "/spells", "/map",
                 "/loadout", "/dungeon", "/dungeon/{code}", "/submit", "/submit/spell", "/submit/name", "/login", "/logout",
                 "/moderate", "/moderate/approve"]:
        check(path in doc["paths"], "described:", path)


def test_the_check_rejects_what_does_not_fit(stack):
    good = stack.get("/generate?kind=wand&seed=1&format=json")
    item = good.json()
    for broken in [dict(item, seed=1), {k: v for k, v in item.items() if k != "kind"},
                   dict(item, masterwork="no"), {"items": []}]:
        with pytest.raises(openapi.Drift):
            openapi.validate("GET", "/generate", 200, "application/json", json.dumps(broken))
    with pytest.raises(openapi.Drift):
        openapi.validate("GET", "/generate", 400, "application/json", '{"error":"x"}')
    with pytest.raises(openapi.Drift):
        openapi.validate("GET", "/nowhere", 200, "application/json", "{}")
    openapi.validate("GET", "/generate", 200, "application/json", good.body)  # fits
    check(openapi.checked["answers"] > 0, "answers checked", openapi.checked)
