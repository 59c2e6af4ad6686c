#!/usr/bin/python3
"""The copies outside C of the lists the C code holds once (recipe.h's
kinds and stats, the slots, loadout.h's places), made from them.

    tests/house/regen.py LISTS_BINARY          # writes the copies
    tests/house/regen.py LISTS_BINARY --check  # fails (exit 1) on drift

LISTS_BINARY is build/rel/tests/house_lists (tests/house/lists.c), which
prints the lists as the compiler sees them. Written: public/openapi.json's
kind and slot enums, its stat properties, and what the route table says of
each operation (its operationId, the moderator's session that guards it or
none, the security scheme, servers, a GET's query parameters from the
route's field rows and its answer's content types from the route's
formats; a proposal form's GET and POST and a decision's POST that it
lacks, after those of the other forms and decisions, and ProposalAnswer's
and Queue's keys of each proposal type, from the forms' and decisions'
descriptors, marked x-make-regen); sql/data/kinds_sql.py's STATS; and,
through regen_lib.py, the library's stat fields (appended to
src/lib/lootforge.h's structs, never reordered: the ABI), src/lib/lf_stats.h
and the Python package's ctypes fields; through regen_nginx.py, nginx's
maps of the daemon's formats (deploy/nginx-dev.conf.in,
deploy/nginx-site.conf). Checked too: every route of the table is
described and every path described is a route, with the route's methods;
every proposal form and decision has its route; and the CLI's --kind help
line lists the kinds. `make regen` writes; `make test-house` checks."""
import copy
import json
import os
import re
import subprocess
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import regen_lib  # noqa: E402
import regen_nginx  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPENAPI = os.path.join(ROOT, "public", "openapi.json")
KINDS_SQL = os.path.join(ROOT, "sql", "data", "kinds_sql.py")
CLI = os.path.join(ROOT, "cli", "lootforge.c")


def lists(binary):
    return json.loads(subprocess.run([binary], check=True, capture_output=True, text=True).stdout)


def stat_groups(l):
    """The stat sets a JSON object holds, by what else it has: an item's
    and a word's stats (every stat), a loadout's base and bonuses (the
    summed stats and str) and its totals (and value, worn)."""
    summed = l["summed_stats"] + ["str"]
    return [set(l["stats"]), set(summed), set(summed + ["value", "worn"])]


def fix_openapi(doc, l):
    kinds, slots = l["kinds"], l["slots"]
    groups = stat_groups(l)
    every = set(l["stats"]) | {"str", "value", "worn"}

    def walk(o):
        if isinstance(o, dict):
            e = o.get("enum")
            if isinstance(e, list) and len(e) >= 3 and all(isinstance(x, str) for x in e):
                if set(e) <= set(kinds) | {"ring", "amulet"} and set(e) & set(kinds):
                    o["enum"] = list(kinds)
                elif set(e) <= set(slots) | {"ring"} and len(set(e) & set(slots)) >= 3:
                    o["enum"] = list(slots)
            props = o.get("properties")
            if isinstance(props, dict) and "attack" in props:
                keys = set(props)
                statlike = keys & (every | set(l["stats"]))
                # the object is a stat set when all its keys are stats
                if keys <= every | set(l["stats"]):
                    want = max((g for g in groups if len(g & statlike) >= len(statlike) - 2),
                               key=lambda g: len(g & statlike), default=None)
                    if want is not None:
                        order = [k for k in l["stats"] + ["str", "value", "worn"] if k in want]
                        model = props["attack"]
                        new = {}
                        for k in order:
                            new[k] = props.get(k, model)
                        o["properties"] = new
                        if isinstance(o.get("required"), list):
                            o["required"] = [k for k in order if k in o["required"] or
                                             k not in keys]
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    walk(doc)
    return doc


# Paths that are files nginx serves, not routes of the daemon.
STATIC_PATHS = {"/openapi.json"}
# Routes for operators, described in docs/operations.md rather than here.
OPERATOR_ROUTES = {"/healthz", "/metrics"}
SESSION_SCHEME = "moderatorSession"


def route_of(path, routes):
    """The route of the table that answers an API path ("/item/{code}" is
    /item's, which takes every path below it)."""
    base = path.split("/{", 1)[0] or "/"
    for r in routes:
        if r["path"] == path or (r["under"] and r["path"] == base and "{" in path):
            return r
    return None


def operation_id(method, path):
    words = [w for w in re.split(r"[/.{}_-]+", path) if w]
    if "{" in path:
        words = [w for w in re.split(r"[/.{}_-]+", path.split("/{", 1)[0]) if w] + \
            ["by"] + [re.sub(r"[{}]", "", w) for w in re.findall(r"\{[a-z_]+\}", path)]
    return method + "".join(w[:1].upper() + w[1:] for w in words or ["index"])


def fix_operations(doc, l):
    """What the route table says of each operation: its id, whether a
    moderator's session guards it, and the servers and scheme they name."""
    routes = l["routes"]
    doc.setdefault("servers", [{"url": "http://127.0.0.1:8080",
                                "description": "the dev stack of make run (any host of the "
                                               "site serves the same paths)"}])
    info = doc.setdefault("info", {})
    info.setdefault("license", {"name": "MIT", "identifier": "MIT"})
    schemes = doc.setdefault("components", {}).setdefault("securitySchemes", {})
    schemes[SESSION_SCHEME] = {
        "type": "apiKey", "in": "cookie", "name": l["session_cookie"],
        "description": "A moderator's session, set by POST /login (named __Host-%s when the "
                       "site sets Secure cookies). Every other operation is public."
                       % l["session_cookie"]}
    for path, item in doc.get("paths", {}).items():
        r = route_of(path, routes)
        for method, op in item.items():
            if method not in ("get", "post", "put", "delete", "patch") or not isinstance(op, dict):
                continue
            op["operationId"] = operation_id(method, path)
            op["security"] = [{SESSION_SCHEME: []}] if r and r["guarded"] else []
    return doc


def field_schema(f):
    """A field row's schema (tests/house/lists.c prints the rows)."""
    t = f["type"]
    if t in ("integer", "number"):
        sch = {"type": t, "minimum": f["min"], "maximum": f["max"]}
    elif t == "boolean":
        sch = {"type": "boolean"}
    elif t in ("choice", "format") and f["choices"] is not None:
        sch = {"type": "string", "enum": list(f["choices"])}
    else:
        sch = {"type": "string"}
        if f["max_len"]:
            sch["maxLength"] = f["max_len"]
    if f["many"]:
        return {"type": "array", "items": sch}
    return sch


def field_description(f):
    """A description for a field the description does not say yet."""
    t = f["type"]
    if t in ("integer", "number"):
        return "%s from %d to %d" % ("a whole number" if t == "integer" else "a number",
                                     f["min"], f["max"])
    if f["choices"]:
        c = f["choices"]
        return c[0] if len(c) == 1 else ", ".join(c[:-1]) + " or " + c[-1]
    if t == "boolean":
        return "on or off"
    return "at most %d bytes" % f["max_len"] if f["max_len"] else "text"


def media_type(content_type):
    return content_type.split(";", 1)[0].strip()


# The body of an answer in a format that is not JSON.
OTHER_BODIES = {
    "text/html": {"schema": {"type": "string", "description": "the page (HTML)"}},
    "text/csv": {"schema": {"type": "string",
                            "description": "with format=csv: RFC 4180, a header row"}},
    "text/plain": {"schema": {"type": "string", "description": "with format=text"}},
    "image/png": {"schema": {"type": "string", "format": "binary",
                             "description": "with format=png: the picture"}},
    "application/json": {"schema": {"type": "object"}},
}


def described_paths(r):
    """The API paths a route answers: its path, and "path/{code}" for the
    paths below it when a GET there reads fields."""
    paths = []
    if not r["under"] or r["query"] is not None:
        paths.append(r["path"])
    if r["under"] and r["below"] is not None:
        paths.append(r["path"].rstrip("/") + "/{code}")
    return paths


def add_missing_operations(doc, l):
    """An operation for each method of a route the description lacks: its
    parameters, content types, id and security come from the route below;
    what it answers is said as any object until someone writes its
    schema."""
    paths = doc.setdefault("paths", {})
    for r in l["routes"]:
        if not r["allow"] or r["path"] in OPERATOR_ROUTES:
            continue
        methods = [m.strip().lower() for m in r["allow"].split(",")]
        for path in described_paths(r):
            item = paths.setdefault(path, {})
            for m in ("get", "post"):
                if m not in methods or m in item:
                    continue
                op = {"summary": "%s %s" % (m.upper(), path),
                      "responses": {"200": {"description": "OK", "content": {}},
                                    "400": {"$ref": "#/components/responses/Error"}}}
                if "{code}" in path:
                    op["parameters"] = [{"name": "code", "in": "path", "required": True,
                                         "schema": {"type": "string"}}]
                if m == "post":
                    op["requestBody"] = {"content": {"application/x-www-form-urlencoded": {
                        "schema": {"type": "object"}}}}
                    op["responses"]["200"]["content"] = {
                        "application/json": {"schema": {"type": "object"}}}
                item[m] = op
    return doc


def is_placeholder(op, method, path):
    """Whether op is what add_missing_operations writes until a model is found."""
    return isinstance(op, dict) and op.get("summary") == "%s %s" % (method.upper(), path)


def article(word):
    return ("an " if word[:1] in "aeiou" else "a ") + word


def proposal_summary(r, method):
    """A proposal form's or a decision's operation, named by its form or type."""
    form, decision = r.get("proposal_form"), r.get("decision")
    if form:
        if method == "get":
            return "The %s proposal form" % form["form"]
        return "Propose %s" % article(form["form"])
    return "%s %s proposal" % (decision["verb"].capitalize(), article(decision["type"]))


def page_kind(r):
    return "proposal_form" if r.get("proposal_form") else "decision" if r.get("decision") \
        else None


def model_operation(doc, l, kind, method):
    """The first operation, in the route table's order, of a route of the
    same kind (a proposal form, a decision) that is written already."""
    for r in l["routes"]:
        if page_kind(r) != kind:
            continue
        op = doc.get("paths", {}).get(r["path"], {}).get(method)
        if isinstance(op, dict) and not is_placeholder(op, method, r["path"]):
            return op
    return None


def add_proposal_operations(doc, l):
    """A proposal form's GET and POST, and a decision's POST, that the
    description lacks (or has as add_missing_operations' placeholder):
    those of another form or decision, answering alike (submit.c and
    moderate.c are one flow each), with a summary of their own. Their
    parameters, body, id and security are the route's, written after."""
    paths = doc.setdefault("paths", {})
    for r in l["routes"]:
        kind = page_kind(r)
        if not kind or not r["allow"]:
            continue
        item = paths.setdefault(r["path"], {})
        for m in [m.strip().lower() for m in r["allow"].split(",")]:
            if m not in ("get", "post") or (m in item and not is_placeholder(item[m], m,
                                                                              r["path"])):
                continue
            model = model_operation(doc, l, kind, m)
            if model is None:
                continue
            op = copy.deepcopy(model)
            op["summary"] = proposal_summary(r, m)
            item[m] = op
    return doc


# Marks a schema part of which make regen writes from the proposal types'
# descriptors: a hand edit there is written back, and a description that
# lags a new type is drift.
REGEN_MARK = "x-make-regen"


def fix_proposal_answer(doc, l):
    """ProposalAnswer's anyOf: an entry for each proposal form's row key
    (struct proposal_form's row_key), in the forms' order, keeping the
    description written for a key."""
    sch = doc.get("components", {}).get("schemas", {}).get("ProposalAnswer")
    if not isinstance(sch, dict):
        return doc
    old = {}
    for e in sch.get("anyOf", []):
        old.update(e.get("properties", {}))
    keys = []
    for f in l["proposal_forms"]:
        if f["row_key"] not in keys:
            keys.append(f["row_key"])
    sch["anyOf"] = [{"required": [k], "properties": {k: old.get(k) or {
        "type": "object", "description": "the %s as stored" % k.replace("_", " ")}}}
        for k in keys]
    sch[REGEN_MARK] = ("anyOf: one entry for each proposal form's row_key "
                       "(PROPOSAL_FORM_LIST, struct proposal_form), written by make regen")
    return doc


def fix_queue(doc, l):
    """Queue's properties of each proposal type (struct decision's
    total_key and pending_key), in the types' order after the queue's own,
    and all of them required. The mark lists them, so that a type's keys
    leave with it."""
    sch = doc.get("components", {}).get("schemas", {}).get("Queue")
    if not isinstance(sch, dict):
        return doc
    props = sch.get("properties", {})
    mark = sch.get(REGEN_MARK)
    keys = []
    for d in l["decisions"]:
        keys += [d["total_key"], d["pending_key"]]
    written = set(keys) | set(mark.get("properties", []) if isinstance(mark, dict) else [])
    own = {k: v for k, v in props.items() if k not in written}
    new = dict(own)
    for d in l["decisions"]:
        new[d["total_key"]] = props.get(d["total_key"]) or {"type": "integer"}
        new[d["pending_key"]] = props.get(d["pending_key"]) or {
            "type": "array", "items": {"type": "object"}}
    sch["properties"] = new
    sch["required"] = [k for k in sch.get("required", []) if k in own] + keys
    sch[REGEN_MARK] = {"about": "the properties of each proposal type's total_key and "
                                "pending_key (PROPOSAL_TYPE_LIST, struct decision), all "
                                "required, written by make regen",
                       "properties": keys}
    return doc


def proposal_problems(l):
    """A proposal form or decision whose route the table does not have."""
    bad = []
    paths = {r["path"] for r in l["routes"]}
    for f in l["proposal_forms"]:
        if f["path"] not in paths:
            bad.append("the proposal form %s's path %s is no route of the table"
                       % (f["form"], f["path"]))
    for d in l["decisions"]:
        for p in d["paths"]:
            if p not in paths:
                bad.append("the %s decision's path %s is no route of the table" % (d["type"], p))
    return bad


def fix_body(op, r):
    """A POST's urlencoded body as an object of its route's body rows."""
    if not isinstance(op, dict) or not r.get("body"):
        return
    props = {f["name"]: dict(field_schema(f), description=field_description(f))
             for f in r["body"]}
    schema = {"type": "object", "properties": props}
    need = [f["name"] for f in r["body"] if f["required"]]
    if need:
        schema["required"] = need
    content = op.setdefault("requestBody", {}).setdefault("content", {})
    content["application/x-www-form-urlencoded"] = {"schema": schema}


def fix_parameters(doc, l):
    """Each GET's query parameters and its 200's content types, from the
    route's field rows and formats; a parameter keeps the description
    written for it."""
    routes = l["routes"]
    for path, item in doc.get("paths", {}).items():
        r = route_of(path, routes)
        op = item.get("get")
        if r is not None:
            fix_body(item.get("post"), r)
        if r is None or not isinstance(op, dict):
            continue
        rows = r["below"] if "{" in path else r["query"]
        if rows is not None:
            old = {(p.get("in"), p.get("name")): p for p in op.get("parameters", [])}
            params = [p for p in op.get("parameters", []) if p.get("in") != "query"]
            for f in rows:
                p = old.get(("query", f["name"]), {})
                new = {"name": f["name"], "in": "query", "required": bool(f["required"]),
                       "description": p.get("description") or field_description(f),
                       "schema": field_schema(f)}
                if f["many"]:
                    new["style"], new["explode"] = "form", True
                params.append(new)
            op["parameters"] = params
        ok = op.get("responses", {}).get("200")
        if not isinstance(ok, dict) or not r["formats"]:
            continue
        content = ok.get("content", {})
        want = []
        for fmt in r["formats"]:
            m = media_type(fmt["type"])
            if m not in want:
                want.append(m)
        ok["content"] = {m: content.get(m) or OTHER_BODIES.get(m, {"schema": {"type": "string"}})
                         for m in want}
    return doc


def route_problems(doc, l):
    """Routes the description lacks, paths it has that no route answers,
    and methods that are not the route's."""
    bad = []
    routes = l["routes"]
    paths = doc.get("paths", {})
    for path, item in paths.items():
        if path in STATIC_PATHS:
            continue
        r = route_of(path, routes)
        if r is None:
            bad.append("public/openapi.json: %s is no route of handler.c" % path)
            continue
        allow = [m.strip().lower() for m in r["allow"].split(",") if m.strip()]
        for method in item:
            if method in ("get", "post") and method not in allow:
                bad.append("public/openapi.json: %s %s, but the route allows %s"
                           % (method.upper(), path, r["allow"]))
    for r in routes:
        if not r["allow"] or r["path"] in OPERATOR_ROUTES:
            continue
        described = [p for p in paths if route_of(p, [r]) is r]
        if not described:
            bad.append("public/openapi.json: the route %s is not described" % r["path"])
            continue
        for m in [m.strip().lower() for m in r["allow"].split(",")]:
            if m in ("get", "post") and not any(m in paths[p] for p in described):
                bad.append("public/openapi.json: %s %s is not described" % (m.upper(), r["path"]))
    return bad


def describe(doc, l):
    """doc with everything the C code knows written into it."""
    doc = add_proposal_operations(add_missing_operations(fix_openapi(doc, l), l), l)
    doc = fix_queue(fix_proposal_answer(doc, l), l)
    return fix_parameters(fix_operations(doc, l), l)


def openapi_text(l):
    with open(OPENAPI, encoding="utf-8") as f:
        old = f.read()
    doc = describe(json.loads(old), l)
    return old, json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def kinds_sql_text(l):
    with open(KINDS_SQL, encoding="utf-8") as f:
        old = f.read()
    words = textwrap.fill(", ".join('"%s"' % s for s in l["stats"]), 100,
                          initial_indent="STATS = [", subsequent_indent=" " * 9) + "]"
    new = re.sub(r"^STATS = \[[^\]]*\]", lambda _: words, old, count=1, flags=re.M)
    return old, new


def cli_text(l):
    """The CLI's --kind help line, listing the kinds."""
    with open(CLI, encoding="utf-8") as f:
        old = f.read()
    kinds = ", ".join(l["kinds"][:-1]) + " or " + l["kinds"][-1]
    new = re.sub(r'(" *-k, --kind K +)[^"\\]*(\\n")', lambda m: m.group(1) + kinds + m.group(2),
                 old, count=1)
    return old, new


def checks(l):
    """Problems of the copies that are checked only."""
    return regen_lib.problems(l) + regen_nginx.problems(l) + proposal_problems(l)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    l = lists(argv[1])
    check = "--check" in argv
    drift = []
    for path, old, new in [(OPENAPI, *openapi_text(l)), (KINDS_SQL, *kinds_sql_text(l)),
                           (CLI, *cli_text(l))] + regen_lib.texts(l) + \
            regen_nginx.texts(l):
        if old == new:
            continue
        if check:
            drift.append("%s differs from what make regen writes" % os.path.relpath(path, ROOT))
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print("regen: wrote", os.path.relpath(path, ROOT))
    drift += checks(l)
    with open(OPENAPI, encoding="utf-8") as f:
        drift += route_problems(json.load(f), l)
    for d in drift:
        print("regen:", d, file=sys.stderr)
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
