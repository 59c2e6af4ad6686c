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
import regen_lib  # noqa: E402
import regen_nginx  # noqa: E402

BINARY = os.environ.get("LOOTFORGE_LISTS", os.path.join(regen.ROOT, "build", "rel", "tests",
                                                      "house_lists"))


def real():
    return regen.lists(BINARY)


def test_the_copies_are_what_make_regen_writes():
    r = subprocess.run([sys.executable, regen.__file__, BINARY, "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_a_new_stat_reaches_openapi():
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
    assert not regen.checks(grown) and not regen.checks(l)


def grown_texts(l, *new, summed=True):
    """What make regen would write for the library with the stats `new`
    appended to STAT_LIST, given the header `l` and its texts already have."""
    grown = copy.deepcopy(l)
    for s in new:
        grown["stats"].append(s)
        if summed:
            grown["summed_stats"].append(s)
    return grown


def header_for(l, header):
    return regen_lib.header_text(header, l)


def committed_header():
    with open(regen_lib.HEADER, encoding="utf-8") as f:
        return f.read()


def test_a_new_stat_reaches_the_library_and_the_python_package_at_the_structs_ends():
    l = real()
    old = committed_header()
    grown = grown_texts(l, "poison")
    by_path = {p: (o, n) for p, o, n in regen_lib.texts(grown)}
    assert all(o != n for o, n in by_path.values())  # make regen --check reports each
    new = by_path[regen_lib.HEADER][1]
    for struct, ctype in (("lf_item", "int"), ("lf_loadout", "int64_t")):
        before, after = regen_lib.struct_fields(old, struct), regen_lib.struct_fields(new, struct)
        assert after == before + [("poison", ctype)], (struct, after)
    assert regen_lib.struct_fields(new, "lf_totals") == regen_lib.struct_fields(old, "lf_totals")
    stats_h = regen_lib.stats_h_text(new, grown)
    macros = {m.split("(X)")[0]: m.split("\n\n")[0] for m in stats_h.split("#define ")[1:]}
    assert "X(ST_POISON, poison)" in macros["LF_ITEM_STATS"]
    assert macros["LF_ITEM_STATS"].rstrip().endswith("X(ST_POISON, poison)")
    assert "X(ST_POISON, poison)" in macros["LF_LOADOUT_STATS"]
    assert "poison" not in macros["LF_TOTALS_STATS"]
    assert "#define LF_STATS_WRITTEN_FOR %d" % (len(l["stats"]) + 1) in stats_h
    py = by_path[regen_lib.PYTHON][1]
    item = py.split(regen_lib.PY_BEGIN % "lf_item")[1].split(regen_lib.PY_END)[0]
    assert " ".join(item.split()).endswith(
        '("parts", ctypes.POINTER(_Part)), ("poison", ctypes.c_int)]')
    # written again, nothing changes
    assert regen_lib.header_text(new, grown) == new


def test_a_stat_that_does_not_add_up_grows_the_item_only():
    l = real()
    new = header_for(grown_texts(l, "weight", summed=False), committed_header())
    assert regen_lib.struct_fields(new, "lf_item")[-1] == ("weight", "int")
    assert regen_lib.struct_fields(new, "lf_loadout") == \
        regen_lib.struct_fields(committed_header(), "lf_loadout")


def test_the_appended_stats_keep_their_places_whatever_stat_list_becomes():
    l = real()
    once = header_for(grown_texts(l, "poison"), committed_header())
    # acid listed before poison, later: appended after it, poison not moved
    later = copy.deepcopy(l)
    at = later["stats"].index("crit") + 1
    later["stats"][at:at] = ["acid", "poison"]
    later["summed_stats"] += ["acid", "poison"]
    twice = header_for(later, once)
    names = [n for n, _ in regen_lib.struct_fields(twice, "lf_item")]
    assert names[-2:] == ["poison", "acid"], names
    # poison gone from STAT_LIST: its field stays (the ABI), unfilled
    gone = header_for(grown_texts(l, "acid"), twice)
    assert [n for n, _ in regen_lib.struct_fields(gone, "lf_item")] == names
    stats_h = regen_lib.stats_h_text(gone, grown_texts(l, "acid"))
    assert "poison" not in stats_h and "X(ST_ACID, acid)" in stats_h


def test_a_stat_that_cannot_be_a_field_is_reported():
    for name in ("value", "int", "two-words"):
        bad = regen.checks(grown_texts(real(), name))
        assert any(repr(name) in b or " %s " % name in b for b in bad), (name, bad)


def test_a_new_kind_reaches_every_kind_enum():
    grown = copy.deepcopy(real())
    grown["kinds"].append("ring")
    with open(regen.OPENAPI, encoding="utf-8") as f:
        doc = regen.fix_openapi(json.load(f), grown)
    assert doc["components"]["schemas"]["Item"]["properties"]["kind"]["enum"][-1] == "ring"
    old, new = regen.cli_text(grown)
    assert old != new and "trinket, scroll, wand or ring\\n" in new
    assert regen.cli_text(real())[0] == regen.cli_text(real())[1]


def test_a_new_route_is_described_from_its_row():
    grown = copy.deepcopy(real())
    fmt = [{"name": "html", "type": "text/html; charset=utf-8"},
           {"name": "json", "type": "application/json"}]
    grown["routes"].append({
        "path": "/hoards", "under": 1, "allow": "GET, HEAD", "guarded": 0, "cors": 1,
        "formats": fmt,
        "query": [{"name": "level", "type": "integer", "min": 1, "max": 20, "max_len": 0,
                   "many": 0, "required": 0, "choices": None},
                  {"name": "format", "type": "format", "min": 0, "max": 0, "max_len": 0,
                   "many": 0, "required": 0, "choices": ["html", "json"]}],
        "below": []})
    with open(regen.OPENAPI, encoding="utf-8") as f:
        doc = regen.describe(json.load(f), grown)
    op = doc["paths"]["/hoards"]["get"]
    assert op["operationId"] == "getHoards" and op["security"] == []
    assert [p["name"] for p in op["parameters"]] == ["level", "format"]
    assert op["parameters"][0]["schema"] == {"type": "integer", "minimum": 1, "maximum": 20}
    assert list(op["responses"]["200"]["content"]) == ["text/html", "application/json"]
    below = doc["paths"]["/hoards/{code}"]["get"]
    assert [p["in"] for p in below["parameters"]] == ["path"]
    assert not regen.route_problems(doc, grown)


def test_a_new_proposal_type_is_described_from_its_descriptors():
    # a type and form the lists do not have, its routes as lists.c prints them
    l = real()
    grown = copy.deepcopy(l)
    assert all(d["type"] != "omen" for d in l["decisions"])
    name_form = [r for r in grown["routes"] if r["path"] == "/submit/name"][0]
    name_approve = [r for r in grown["routes"] if r["path"] == "/moderate/name/approve"][0]
    grown["proposal_forms"].append({"form": "omen", "path": "/submit/omen",
                                    "type": "omen", "row_key": "omen_submission"})
    grown["decisions"].append({"type": "omen", "total_key": "omen_total",
                               "pending_key": "pending_omens",
                               "paths": ["/moderate/omen/approve",
                                         "/moderate/omen/reject"]})
    grown["routes"].append(dict(copy.deepcopy(name_form), path="/submit/omen", proposal_form={
        "form": "omen", "type": "omen", "row_key": "omen_submission"}))
    for verb in ("approve", "reject"):
        grown["routes"].append(dict(copy.deepcopy(name_approve),
                                    path="/moderate/omen/" + verb,
                                    decision={"type": "omen", "verb": verb}))
    with open(regen.OPENAPI, encoding="utf-8") as f:
        committed = json.load(f)
    doc = regen.describe(copy.deepcopy(committed), grown)
    paths = doc["paths"]
    for m, model in (("get", "/submit/name"), ("post", "/submit/name"),
                     ("post", "/moderate/name/approve")):
        path = model.replace("name", "omen")
        op = paths[path][m]
        assert op["responses"] == paths[model][m]["responses"], (m, path)
        assert op["operationId"] == regen.operation_id(m, path)
        assert op["security"] == paths[model][m]["security"]
        assert "omen" in op["summary"] and not regen.is_placeholder(op, m, path)
    assert paths["/submit/omen"]["get"]["summary"] == "The omen proposal form"
    assert paths["/submit/omen"]["post"]["summary"] == "Propose an omen"
    assert paths["/moderate/omen/reject"]["post"]["summary"] == "Reject an omen proposal"
    # every answer the integration tests check names a schema
    for path in ("/submit/omen", "/moderate/omen/approve", "/moderate/omen/reject"):
        for op in paths[path].values():
            for status, r in op["responses"].items():
                if "$ref" not in r:
                    assert "$ref" in r["content"]["application/json"]["schema"], (path, status)
    schemas, was = doc["components"]["schemas"], committed["components"]["schemas"]
    answer = schemas["ProposalAnswer"]["anyOf"]
    keys = [e["required"] for e in answer]
    assert keys[0] == ["submission"] and keys[-1] == ["omen_submission"]
    assert len(keys) == len({f["row_key"] for f in l["proposal_forms"]}) + 1
    assert answer[-1]["properties"]["omen_submission"] == {
        "type": "object", "description": "the omen submission as stored"}
    assert answer[:-1] == was["ProposalAnswer"]["anyOf"]
    queue = schemas["Queue"]
    assert list(queue["properties"])[:-2] == list(was["Queue"]["properties"])
    assert list(queue["properties"])[-2:] == ["omen_total", "pending_omens"]
    assert queue["properties"]["omen_total"] == {"type": "integer"}
    assert queue["required"] == was["Queue"]["required"] + ["omen_total", "pending_omens"]
    assert not regen.route_problems(doc, grown) and not regen.proposal_problems(grown)
    # the committed description lags: make regen --check would say so
    assert doc != committed
    # written again nothing changes, and the type gone, its keys go with it
    assert regen.describe(copy.deepcopy(doc), grown) == doc
    again = regen.describe(copy.deepcopy(doc), l)
    assert again["components"]["schemas"]["Queue"] == was["Queue"]
    assert again["components"]["schemas"]["ProposalAnswer"] == was["ProposalAnswer"]


def test_a_placeholder_operation_is_written_from_its_kind():
    l = real()
    with open(regen.OPENAPI, encoding="utf-8") as f:
        committed = json.load(f)
    doc = copy.deepcopy(committed)
    doc["paths"]["/submit/spell"]["post"] = {"summary": "POST /submit/spell", "responses": {
        "200": {"description": "OK", "content": {"application/json": {
            "schema": {"type": "object"}}}}}}
    doc = regen.describe(doc, l)
    op = doc["paths"]["/submit/spell"]["post"]
    assert op["summary"] == "Propose a spell"
    assert op["responses"] == committed["paths"]["/submit"]["post"]["responses"]


def block(text, name):
    """The text of the block called name (regen_nginx.py's markers)."""
    [(start, end)] = [(s, e) for n, _, s, e in regen_nginx.spans(text) if n == name]
    return text[start:end]


def test_a_new_kept_format_reaches_the_nginx_maps():
    l = real()
    grown = copy.deepcopy(l)
    grown["kept_formats"].append({"format": "csv", "ext": "csv", "accept": 0, "any_site": 1})
    by_path = {p: (o, n) for p, o, n in regen_nginx.texts(grown)}
    for path in (regen_nginx.DEV, regen_nginx.SITE):
        old, new = by_path[path]
        assert old != new  # make regen --check reports each
        kept = block(new, "kept formats")
        lines = [x.strip() for x in kept.splitlines()]
        at = lines.index('"~(^|&)format=png(&|$)" png;')
        assert lines[at + 1:at + 3] == ['"~(^|&)format=csv(&|$)" csv;', '"~(^|&)format=" other;']
        assert r'"~^(GET|HEAD)\|(json|html|txt|png|csv)\|[a-z]*\|(.+)$" "$3.$2";' in lines
        assert r'"~^(GET|HEAD)\|accept\|(json|html)\|(.+)$" "$3.$2";' in lines
        assert r'"~\.(json|txt|png|csv)$" "*";' in block(new, "kept cors")
        # outside the blocks nothing moves, and written again nothing changes
        assert regen_nginx.file_text(new, l) == old
        assert regen_nginx.file_text(new, grown) == new
    assert by_path[regen_nginx.UPSTREAM][0] == by_path[regen_nginx.UPSTREAM][1]


def test_a_third_format_for_accept_is_refused():
    grown = copy.deepcopy(real())
    for k in grown["kept_formats"]:
        if k["format"] == "text":
            k["accept"] = 1
    # the daemon's Accept rule chooses between JSON and HTML: a third is a
    # change of that rule, not of a list, and make test-house says so
    assert any("Accept rule" in b for b in regen.checks(grown))


def test_a_new_picture_format_reaches_the_fresh_picture_limit():
    grown = copy.deepcopy(real())
    for f in grown["formats"]:
        if f["name"] == "csv":
            f["picture"] = 1
    with open(regen_nginx.SITE, encoding="utf-8") as f:
        new = regen_nginx.file_text(f.read(), grown)
    assert '"~^(csv|png|vtt):$" $binary_remote_addr;' in block(new, "fresh pictures")


def test_a_content_type_of_format_list_reaches_the_accept_maps():
    grown = copy.deepcopy(real())
    for f in grown["formats"]:
        if f["name"] == "json":
            f["type"] = "application/vnd.lootforge+json"
    with open(regen_nginx.DEV, encoding="utf-8") as f:
        new = regen_nginx.file_text(f.read(), grown)
    assert r'"~*application/vnd\.lootforge\+json([ \t;,]|$)" "accept:$http_accept";' in \
        block(new, "accept format")
    assert r'"~*application/vnd\.lootforge\+json" json;' in block(new, "error format")


def test_a_block_edited_by_hand_is_written_back():
    with open(regen_nginx.DEV, encoding="utf-8") as f:
        old = f.read()
    edited = old.replace('"~(^|&)format=text(&|$)" txt;', '"~(^|&)format=text(&|$)" text;')
    assert edited != old and regen_nginx.file_text(edited, real()) == old


def test_a_missing_or_unknown_block_and_a_bad_extension_are_reported(tmp_path, monkeypatch):
    with open(regen_nginx.DEV, encoding="utf-8") as f:
        text = f.read()
    conf = tmp_path / "nginx.conf"
    monkeypatch.setattr(regen_nginx, "FILES", {str(conf): list(regen_nginx.BLOCKS)})
    conf.write_text(text)
    assert regen_nginx.problems(real()) == []
    conf.write_text(text.replace("# regen: begin kept cors", "# regen: begin kept course"))
    bad = regen_nginx.problems(real())
    assert any("'kept course'" in b for b in bad) and any("'kept cors'" in b for b in bad)
    conf.write_text(text.replace("location = /lf-error/413.html {", "location = /e {"))
    assert any("413.html" in b for b in regen_nginx.problems(real()))
    for page in ("/spells", "/dungeon"):  # /dungeon's root comes after its limit
        conf.write_text(text.replace("location = %s {" % page, "location = %sz {" % page))
        assert any("%sz " % page in b for b in regen_nginx.problems(real())), page
    grown = copy.deepcopy(real())
    grown["kept_formats"][0]["ext"] = "other"
    assert any("'other'" in b for b in regen_nginx.problems(grown))


def test_a_post_body_is_its_readers_allow_list():
    doc = json.load(open(regen.OPENAPI, encoding="utf-8"))
    body = doc["paths"]["/login"]["post"]["requestBody"]["content"][
        "application/x-www-form-urlencoded"]["schema"]["properties"]
    assert list(body) == ["csrf", "name", "password", "format"]
    assert body["password"]["maxLength"] > body["name"]["maxLength"]
    grown = copy.deepcopy(real())
    login = [r for r in grown["routes"] if r["path"] == "/login"][0]
    login["body"].append(dict(login["body"][0], name="totp"))
    doc = regen.describe(doc, grown)
    body = doc["paths"]["/login"]["post"]["requestBody"]["content"][
        "application/x-www-form-urlencoded"]["schema"]["properties"]
    assert list(body)[-1] == "totp"
