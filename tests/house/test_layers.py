"""The house rules, checked on the source (docs/house.md): no module
includes another one that (directly or around a loop) includes it back;
only the server and main.c reach the router; and the layer table of
docs/house.md holds: every module is listed there, lives in its layer's
folder of src/, and includes only modules of its own layer or of the layers
below. A module is a .c file and its .h together (and its x_int.h, when its
files share one)."""
import collections
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
HOUSE = ROOT / "docs" / "house.md"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".c", ".h", ".cc")


def module_of(name):
    # x_int.h is the inside of module x, shared by its files (db_int.h).
    base = pathlib.PurePath(name).name.rsplit(".", 1)[0]
    return base[: -len("_int")] if base.endswith("_int") else base


def source_files():
    return sorted(f for f in SRC.rglob("*") if f.suffix in SOURCES)


def graph():
    names = {f.name for f in source_files()}
    edges = collections.defaultdict(set)
    for f in source_files():
        me = module_of(f.name)
        edges[me]
        for inc in INCLUDE.findall(f.read_text()):
            other = module_of(inc)
            if other != me and pathlib.PurePath(inc).name in names:
                edges[me].add(other)
    return edges


def layer_table(text):
    """The table under "## Layers, top to bottom": [(layer, folder, [module])],
    top first. Files are the `x.c`/`x.h`/`x.cc` names of the files column."""
    section = text.split("## Layers, top to bottom", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.startswith("|") or set(cells[0]) <= {"-"}:
            continue
        if cells[0] == "layer":
            continue
        files = re.findall(r"`([A-Za-z0-9_]+\.(?:c|h|cc))`", cells[2])
        rows.append((cells[0], cells[1].strip("`"), sorted({module_of(f) for f in files})))
    return rows


def layers():
    """module -> (index of its layer, top 0; layer; folder)."""
    out = {}
    for i, (layer, folder, modules) in enumerate(layer_table(HOUSE.read_text())):
        for m in modules:
            out[m] = (i, layer, folder)
    return out


def upward_includes(edges, where):
    """Every include of a module by one of a lower layer: (who, layer, whom, layer)."""
    bad = []
    for m, outs in sorted(edges.items()):
        for o in sorted(outs):
            if m in where and o in where and where[o][0] < where[m][0]:
                bad.append((m, where[m][1], o, where[o][1]))
    return bad


def find_cycle(edges):
    """One include loop as a list of modules, or None."""
    state = {}
    stack = []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for n in sorted(edges[m]):
            if state.get(n) == "open":
                return stack[stack.index(n):] + [n]
            if n not in state:
                loop = visit(n)
                if loop:
                    return loop
        stack.pop()
        state[m] = "done"
        return None

    for m in sorted(edges):
        if m not in state:
            loop = visit(m)
            if loop:
                return loop
    return None


def test_no_include_loop():
    loop = find_cycle(graph())
    assert loop is None, "modules include each other: " + " -> ".join(loop)


def test_only_server_and_main_reach_the_router():
    users = sorted(m for m, out in graph().items() if "handler" in out)
    assert set(users) <= {"server", "main"}, users


def test_the_table_lists_every_module_once():
    seen = collections.Counter(m for _, _, ms in layer_table(HOUSE.read_text()) for m in ms)
    twice = sorted(m for m, n in seen.items() if n > 1)
    assert not twice, "modules in more than one layer of docs/house.md: %s" % twice
    missing = sorted({module_of(f.name) for f in source_files()} - set(seen))
    assert not missing, "modules missing from the layer table of docs/house.md: %s" % missing
    gone = sorted(set(seen) - {module_of(f.name) for f in source_files()})
    assert not gone, "the layer table lists modules src/ does not have: %s" % gone


def test_every_module_lives_in_its_layers_folder():
    where = layers()
    wrong = []
    for f in source_files():
        m = module_of(f.name)
        folder = f.parent.relative_to(SRC).as_posix()
        if m in where and folder != where[m][2]:
            wrong.append("%s is in src/%s, its layer (%s) in src/%s"
                         % (f.relative_to(SRC), folder, where[m][1], where[m][2]))
    assert not wrong, "\n".join(wrong)


def test_file_names_are_unique_across_folders():
    # Every folder is on the include path (Makefile, SRC_DIRS): an #include
    # names a file, so two files of one name would shadow each other.
    names = collections.Counter(f.name for f in source_files())
    assert not [n for n, k in names.items() if k > 1], sorted(n for n, k in names.items() if k > 1)


def test_no_module_includes_a_layer_above_its_own():
    bad = upward_includes(graph(), layers())
    assert not bad, "\n".join("%s (%s) includes %s (%s), a layer above" % b for b in bad)


def test_the_checkers_see_what_they_look_for():
    # The checks above could pass by seeing nothing: they must find a loop
    # where there is one, an upward include, and read the real table.
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    table = """## Layers, top to bottom

| layer | folder | files | what |
|---|---|---|---|
| top | `t` | `page.c`, `x_int.h` | pages |
| low | `l` | `buf.c`, `tmpl.cc` | tools |

## Next
"""
    assert layer_table(table) == [("top", "t", ["page", "x"]), ("low", "l", ["buf", "tmpl"])]
    where = {"page": (0, "top", "t"), "buf": (1, "low", "l")}
    assert upward_includes({"page": {"buf"}, "buf": set()}, where) == []
    assert upward_includes({"buf": {"page"}, "page": set()}, where) == [
        ("buf", "low", "page", "top")]
    real = layers()
    assert len(real) > 50 and real["handler"][1] == "router" and real["buf"][2] == "base"
