"""Every JSON answer against public/openapi.json (SPEC §14): the shared
test client (lf.Stack.request) hands each answer here, so the description
cannot drift from the code. An error status is checked against Error; a
2xx against the schema of its path, method and status; a JSON answer of a
path or status the description does not have is a failure too. Uses
Debian's python3-jsonschema (deploy/install-deps.sh)."""
import json
import os
import re
import urllib.parse

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "public", "openapi.json"), encoding="utf-8") as _f:
    DOC = json.load(_f)

_resolver = jsonschema.RefResolver.from_schema(DOC)
_cache = {}
checked = {"answers": 0}


class Drift(AssertionError):
    pass


def _validator(ref):
    if ref not in _cache:
        _cache[ref] = jsonschema.Draft202012Validator({"$ref": ref}, resolver=_resolver)
    return _cache[ref]


def _template(path):
    """The description's path for a request path ("/item/X" is "/item/{code}")."""
    if path in DOC["paths"]:
        return path
    for t in DOC["paths"]:
        if "{" in t and re.fullmatch(re.sub(r"\{[^/]+\}", "[^/]+", t), path):
            return t
    return None


def _schema_ref(template, method, status):
    op = DOC["paths"].get(template, {}).get(method.lower())
    if not op:
        return None
    r = op["responses"].get(str(status))
    if not r:
        return None
    if "$ref" in r:
        r = DOC["components"]["responses"][r["$ref"].rsplit("/", 1)[1]]
    schema = r.get("content", {}).get("application/json", {}).get("schema", {})
    if "$ref" not in schema:
        # make regen writes an operation it has no model for as a
        # placeholder; answers are checked against named schemas only
        raise Drift("public/openapi.json: %s %s answering %s has no JSON schema to check it "
                    "against (its application/json schema is %s, not a $ref to "
                    "#/components/schemas/...; write one, or have make regen model it)"
                    % (method.upper(), template, status, json.dumps(schema) if schema
                       else "missing"))
    return schema["$ref"]


def validate(method, target, status, content_type, body):
    """Raises Drift when a JSON answer does not fit the description."""
    if not (content_type or "").startswith("application/json") or method == "HEAD" or not body:
        return
    path = urllib.parse.urlsplit(target).path
    try:
        value = json.loads(body)
    except ValueError as e:
        raise Drift("%s %s answered %d with JSON that does not parse: %s" % (method, target,
                                                                              status, e))
    template = _template(path)
    ref = _schema_ref(template, method, status) if template else None
    if status >= 400:
        # An error is the Error shape unless the path says otherwise
        # (/readyz answers 503 with its own body when degraded).
        if not ref or ref.endswith("/Error"):
            ref = "#/components/schemas/Error"
    else:
        if not ref:
            raise Drift("public/openapi.json does not describe %s %s answering %d (JSON)"
                        % (method, path, status))
    errors = sorted(_validator(ref).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        raise Drift("%s %s (%d) does not fit %s at %s: %s" % (
            method, target, status, ref, "/".join(map(str, e.absolute_path)) or "(root)",
            e.message[:300]))
    checked["answers"] += 1
