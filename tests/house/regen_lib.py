"""The library's copies of STAT_LIST (recipe.h), made by make regen
(regen.py calls texts() and problems()).

The structs of src/lib/lootforge.h are an ABI: a field is only ever added
at the end, never moved or dropped (docs/library.md, "Versions"). So each
struct that carries stats has a marked block at its end, and a stat that
STAT_LIST has and the struct's released fields (those outside the block)
lack is appended to it: struct lf_item gets an int, struct lf_loadout an
int64_t for a stat that adds up (struct lf_totals is the caller's and never
grows). A stat already in the block keeps its place there whatever
STAT_LIST's order becomes; a field whose stat left STAT_LIST stays and is
no longer filled (it reads 0).

From the header so written come src/lib/lf_stats.h, the X-lists through
which lf_item.c and lf_loadout.c fill the structs, in struct order, and the
Python package's ctypes fields of those structs, field for field."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "src", "lib", "lootforge.h")
STATS_H = os.path.join(ROOT, "src", "lib", "lf_stats.h")
PYTHON = os.path.join(ROOT, "python", "lootforge", "__init__.py")

BEGIN = "/* BEGIN make regen: stats added since 0.9.0, never reordered */"
END = "/* END make regen */"
PY_BEGIN = "# BEGIN make regen: struct %s, field for field (lootforge.h)"
PY_END = "# END make regen"

# The structs with a block, the C type of a stat appended to each, and
# which of the stats it carries (None: every stat; "summed": those that add
# up, loadout_stat_sums). lf_loadout's released totals are its lf_totals'.
GROWN = (("lf_item", "int", None), ("lf_loadout", "int64_t", "summed"))
# The structs the Python package mirrors, with the class names it gives them.
MIRRORED = (("lf_item", "_Item"), ("lf_totals", "_Totals"), ("lf_loadout", "_Loadout"))
CTYPES = {"int": "ctypes.c_int", "unsigned": "ctypes.c_uint", "double": "ctypes.c_double",
          "int64_t": "ctypes.c_int64", "uint64_t": "ctypes.c_uint64",
          "size_t": "ctypes.c_size_t", "char *": "_c", "struct lf_part *": "ctypes.POINTER(_Part)",
          "struct lf_totals": "_Totals"}
C_WORDS = set("auto break case char const continue default do double else enum extern float for "
              "goto if inline int long register restrict return short signed sizeof static struct "
              "switch typedef union unsigned void volatile while".split())


def struct_span(text, struct):
    """The start and end of the struct's body in the header."""
    m = re.search(r"\nstruct %s \{\n(.*?)\n\};" % struct, text, re.S)
    if not m:
        raise ValueError("src/lib/lootforge.h: no struct %s" % struct)
    return m.start(1), m.end(1)


def fields(body):
    """[(name, C type)] of a struct body, in order ("char *" for a string)."""
    out = []
    for decl in re.sub(r"/\*.*?\*/", " ", body, flags=re.S).split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        m = re.match(r"(?:const )?(struct \w+|\w+) ?(.*)$", decl)
        for d in m.group(2).split(","):
            d = d.strip()
            star = "*" if d.startswith("*") else ""
            out.append((d.lstrip("* "), m.group(1) + (" *" if star else "")))
    return out


def split_block(body, struct):
    """The body outside the block, and the block's fields."""
    if BEGIN not in body or END not in body:
        raise ValueError("src/lib/lootforge.h: struct %s has no make regen block" % struct)
    head, rest = body.split(BEGIN, 1)
    block, tail = rest.split(END, 1)
    if tail.strip():
        raise ValueError("src/lib/lootforge.h: struct %s has fields after its block" % struct)
    return head, [n for n, _ in fields(block)]


def header_text(old, l):
    """lootforge.h with each block holding what STAT_LIST adds."""
    text = old
    for struct, ctype, which in GROWN:
        start, end = struct_span(text, struct)
        body = text[start:end]
        head, block = split_block(body, struct)
        released = [n for n, _ in fields(head)]
        if struct == "lf_loadout":
            released += [n for n, _ in fields(text[slice(*struct_span(text, "lf_totals"))])]
        want = l["summed_stats"] if which == "summed" else l["stats"]
        block += [s for s in want if s not in released and s not in block]
        indent = re.match(r"\s*", head.rsplit("\n", 1)[-1] or "\t").group(0) or "\t"
        lines = [BEGIN] + ["%s %s;" % (ctype, s) for s in block] + [END]
        body = head.rstrip(" \t") + "\n".join(indent + x for x in lines)
        text = text[:start] + body + text[end:]
    return text


def struct_fields(header, struct):
    return fields(header[slice(*struct_span(header, struct))])


def stats_h_text(header, l):
    """src/lib/lf_stats.h: where each stat lives in the structs, as X-lists
    of (enum, field) in struct order, for the stats STAT_LIST has."""
    stats, summed = l["stats"], set(l["summed_stats"])

    def xlist(name, pairs, why):
        xs = ["X(ST_%s, %s)" % (n.upper(), n) for n in pairs]
        if not xs:
            return ["/* %s */" % why, "#define %s(X)" % name, ""]
        return ["/* %s */" % why, "#define %s(X) \\" % name] + \
            ["\t%s%s" % (x, " \\" if i < len(xs) - 1 else "") for i, x in enumerate(xs)] + [""]

    item = struct_fields(header, "lf_item")
    ints = [n for n, t in item if n in stats and t == "int"]
    hundredths = [n for n, t in item if n in stats and t == "double"]
    totals = [n for n, _ in struct_fields(header, "lf_totals") if n in summed]
    loadout = [n for n, _ in struct_fields(header, "lf_loadout") if n in summed]
    out = ["/* lf_stats.h: where each stat of STAT_LIST (recipe.h) lives in the library's",
           " * structs (lootforge.h), as X(enum stat, field) lists in struct order, so that",
           " * lf_item.c and lf_loadout.c fill a new stat's field unedited. Written by make",
           " * regen (tests/house/regen_lib.py) from the two; not to be edited. */",
           "#ifndef LF_STATS_H", "#define LF_STATS_H", "/* clang-format off */", "",
           "/* The stats of the STAT_LIST this was written from. */",
           "#define LF_STATS_WRITTEN_FOR %d" % len(stats), ""]
    out += xlist("LF_ITEM_STATS", ints, "struct lf_item's int stats: the value as it is")
    out += xlist("LF_ITEM_HUNDREDTHS", hundredths,
                 "struct lf_item's double stats: the value, kept in hundredths, divided by 100")
    out += xlist("LF_TOTALS_STATS", totals, "struct lf_totals' stats that add up")
    out += xlist("LF_LOADOUT_STATS", loadout,
                 "struct lf_loadout's stats that add up, beyond its totals' (which never grow)")
    out += ["/* clang-format on */", "#endif", ""]
    return "\n".join(out)


def python_fields(header, struct, cls):
    items = []
    for n, t in struct_fields(header, struct):
        if t not in CTYPES:
            raise ValueError("src/lib/lootforge.h: struct %s's %s is a %s, which %s cannot "
                             "mirror" % (struct, n, t, os.path.relpath(__file__, ROOT)))
        items.append('("%s", %s)' % (n, CTYPES[t]))
    lines, line = [], "    _fields_ = ["
    for i, it in enumerate(items):
        piece = it + ("," if i < len(items) - 1 else "]")
        if len(line) + 1 + len(piece) > 99 and line.strip() != "_fields_ = [":
            lines.append(line)
            line = " " * 16 + piece
        else:
            line += ("" if line.endswith("[") else " ") + piece
    lines.append(line)
    return lines


def python_text(old, header):
    text = old
    for struct, cls in MIRRORED:
        begin = "    " + PY_BEGIN % struct
        m = re.search(r"^%s\n.*?^    %s$" % (re.escape(begin), re.escape(PY_END)), text,
                      re.S | re.M)
        if not m:
            raise ValueError("python/lootforge/__init__.py: class %s has no make regen block"
                             % cls)
        new = "\n".join([begin] + python_fields(header, struct, cls) + ["    " + PY_END])
        text = text[:m.start()] + new + text[m.end():]
    return text


def read(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def texts(l):
    """[(path, old text, new text)] of the files make regen writes here."""
    h_old = read(HEADER)
    h_new = header_text(h_old, l)
    return [(HEADER, h_old, h_new), (STATS_H, read(STATS_H), stats_h_text(h_new, l)),
            (PYTHON, read(PYTHON), python_text(read(PYTHON), h_new))]


def problems(l):
    """What writing cannot settle: a stat that cannot be a field of its name,
    or one whose released field is neither an int nor the multiplier's double."""
    bad = []
    item = dict(struct_fields(header_text(read(HEADER), l), "lf_item"))
    for s in l["stats"]:
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", s) or s in C_WORDS:
            bad.append("src/model/recipe.h: the stat %r cannot be a C field's name" % s)
        elif item.get(s) not in ("int", "double"):
            bad.append("src/lib/lootforge.h: struct lf_item's %s is a %s, not a stat's int"
                       % (s, item.get(s)))
    return bad
