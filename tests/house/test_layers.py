"""The house rules, checked on the source (docs/house.md): no module
includes another one that (directly or around a loop) includes it back;
only the server and main.c reach the router; a folder of src/ is a layer,
src/LAYERS lists them top first, and a module includes only modules of its
own folder or of the folders below; only the library includes its own
headers; no file over 1,200 lines and no folder over a quarter of src/. A
module is a .c file and its .h together (and its x_int.h, when its files
share one), in one folder."""
import collections
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
LAYERS = SRC / "LAYERS"
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
    """The layers of src/LAYERS, top first: [folder]. A line is a folder's
    name and what the layer does; '#' starts a comment line."""
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        rows.append(line.split()[0])
    return rows


def layers():
    """module -> (index of its layer, top 0; its folder), for every module
    of a folder that src/LAYERS names."""
    order = {folder: i for i, folder in enumerate(layer_table(LAYERS.read_text()))}
    out = {}
    for f in source_files():
        folder = f.parent.relative_to(SRC).as_posix()
        if folder in order:
            out[module_of(f.name)] = (order[folder], folder)
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


def test_every_folder_is_a_layer_once():
    listed = layer_table(LAYERS.read_text())
    twice = sorted({f for f in listed if listed.count(f) > 1})
    assert not twice, "folders listed more than once in src/LAYERS: %s" % twice
    folders = {f.parent.relative_to(SRC).as_posix() for f in source_files()}
    missing = sorted(folders - set(listed))
    assert not missing, "folders of src/ missing from src/LAYERS: %s" % missing
    gone = sorted(set(listed) - folders)
    assert not gone, "src/LAYERS lists folders src/ does not have: %s" % gone


def test_a_module_lives_in_one_folder():
    folders = collections.defaultdict(set)
    for f in source_files():
        folders[module_of(f.name)].add(f.parent.relative_to(SRC).as_posix())
    split = sorted("%s: %s" % (m, sorted(d)) for m, d in folders.items() if len(d) > 1)
    assert not split, "modules whose files are in several folders: %s" % split


def test_only_the_library_includes_its_headers():
    lib = {m for m, (_, folder) in layers().items() if folder == "lib"}
    where = layers()
    users = sorted("%s includes %s" % (m, o) for m, outs in graph().items()
                   for o in outs if o in lib and where.get(m, (0, ""))[1] != "lib")
    assert not users, "\n".join(users)


def line_counts():
    return {f: len(f.read_text().splitlines()) for f in source_files()}


def test_no_file_longer_than_1200_lines():
    long = sorted("%s: %d" % (f.relative_to(SRC), n) for f, n in line_counts().items() if n > 1200)
    assert not long, "files over 1,200 lines: %s" % long


def test_no_folder_holds_more_than_a_quarter_of_src():
    counts = line_counts()
    total = sum(counts.values())
    per = collections.Counter()
    for f, n in counts.items():
        per[f.parent.relative_to(SRC).as_posix()] += n
    big = sorted("%s: %d of %d" % (d, n, total) for d, n in per.items() if 4 * n > total)
    assert not big, "folders over a quarter of src/'s lines: %s" % big


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
    table = "# a comment\n\ntop   pages\n  low tools\n"
    assert layer_table(table) == ["top", "low"]
    where = {"page": (0, "top"), "buf": (1, "low")}
    assert upward_includes({"page": {"buf"}, "buf": set()}, where) == []
    assert upward_includes({"buf": {"page"}, "page": set()}, where) == [
        ("buf", "low", "page", "top")]
    real = layers()
    assert len(real) > 50 and real["handler"][1] == "daemon" and real["buf"][1] == "base"
    assert real["handler"][0] < real["buf"][0]
