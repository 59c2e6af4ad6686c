"""The house rules, checked on the source: no module includes another one
that (directly or around a loop) includes it back, and only the server and
main.c reach the router. A module is a .c file and its .h together (and
its x_int.h, when its files share one)."""
import collections
import pathlib
import re

SRC = pathlib.Path(__file__).resolve().parents[2] / "src"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_of(name):
    # x_int.h is the inside of module x, shared by its files (db_int.h).
    base = name.rsplit(".", 1)[0]
    return base[: -len("_int")] if base.endswith("_int") else base


def graph():
    edges = collections.defaultdict(set)
    for f in SRC.iterdir():
        if f.suffix not in (".c", ".h", ".cc"):
            continue
        me = module_of(f.name)
        edges[me]
        for inc in INCLUDE.findall(f.read_text()):
            other = module_of(inc)
            if other != me and (SRC / inc).exists():
                edges[me].add(other)
    return edges


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


def test_the_checker_sees_a_loop():
    # The check above could pass by seeing nothing: it must find a loop
    # where there is one.
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
