"""nginx's copies of the daemon's format lists, made by make regen (regen.py
calls texts() and problems()).

Each list nginx needs is a map block of deploy/nginx-dev.conf.in and
deploy/nginx-site.conf between two marker comments,

    # regen: begin NAME
    map ... { ... }
    # regen: end

written from what tests/house/lists.c prints: "formats", FORMAT_LIST
(src/base/fieldrow.h) with each format's content type and whether it is a
picture (KEPT_PICTURE_FORMATS), and "kept_formats", KEPT_FORMATS
(src/web/kept.h) in the order nginx tries them, each with its file's
extension, whether Accept can name it and whether pages of any site may
read it. The block takes the indentation of its begin marker; everything
outside the markers (the comments above a block, the logic of the other
maps, the locations) stays as written.

The regexes are those of the daemon's own readings: a block changes only
when a list does. The maps on $arg_format ($lf_fresh_picture,
$lf_error_format) pick a rate limit and the format of nginx's own 413,
never a cache key: nginx's $arg_ is not the daemon's reading of a query
(docs/stack.md, "Canonical queries"), which is why every key is on $args.

Checked only: every file has each of its blocks once and no other; every
error format has its 413 location; every location that serves kept files
(root .../kept/current/PAGE) is a route of the daemon's table."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEV = os.path.join(ROOT, "deploy", "nginx-dev.conf.in")
SITE = os.path.join(ROOT, "deploy", "nginx-site.conf")
UPSTREAM = os.path.join(ROOT, "deploy", "nginx-upstream.conf")

BEGIN = re.compile(r"^([ \t]*)# regen: begin ([a-z ]+?)[ \t]*$")
END = "# regen: end"

# The values of $lf_kept_qformat that are no file's extension.
QFORMAT_OTHER, QFORMAT_ACCEPT = "other", "accept"


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def media(l, name):
    """FORMAT_LIST's media type of the format name ("application/json")."""
    for f in l["formats"]:
        if f["name"] == name:
            return f["type"].split(";", 1)[0].strip()
    raise KeyError("src/base/fieldrow.h: FORMAT_LIST has no format %r" % name)


def by_accept(l):
    """The kept formats Accept can name, in nginx's order (json, html)."""
    return [k for k in l["kept_formats"] if k["accept"]]


def accept_pair(l):
    """The two formats the daemon's Accept rule chooses from (http.c's
    accept_prefers_json): a JSON range preferred, else HTML."""
    names = [k["format"] for k in by_accept(l)]
    if sorted(names) != ["html", "json"]:
        raise ValueError("src/web/kept.h: Accept names %s, but the daemon's Accept rule "
                         "chooses between json and html" % names)
    return "json", "html"


def alt(words):
    return "(%s)" % "|".join(re.escape(w) for w in words)


# A range of Accept that is only JSON's, no q-value anywhere: the daemon's JSON.
def json_only(l):
    return r'"~*^[^;]*(^|,)[ \t]*%s[ \t]*(,[^;]*)?$"' % re.escape(media(l, "json"))


def kept_formats_block(l):
    json, html = accept_pair(l)
    kept = l["kept_formats"]
    ext = {k["format"]: k["ext"] for k in kept}
    out = ["map $args $lf_kept_qformat {"]
    out += ['\t"~(^|&)format=%s(&|$)" %s;' % (re.escape(k["format"]), k["ext"]) for k in kept]
    out += ['\t"~(^|&)format=" %s;' % QFORMAT_OTHER, "\tdefault %s;" % QFORMAT_ACCEPT, "}"]
    out += ["map $http_accept $lf_kept_aformat {",
            '\t"~*%s" "";' % re.escape(media(l, "text")),
            "\t%s %s;" % (json_only(l), ext[json]),
            '\t"~*%s" "";' % re.escape(media(l, "json")),
            "\tdefault %s;" % ext[html], "}"]
    out += ['map "$request_method|$lf_kept_qformat|$lf_kept_aformat|$lf_kept_query" '
            "$lf_kept_file {",
            r'	"~^(GET|HEAD)\|%s\|[a-z]*\|(.+)$" "$3.$2";' % alt(k["ext"] for k in kept),
            r'	"~^(GET|HEAD)\|%s\|%s\|(.+)$" "$3.$2";'
            % (QFORMAT_ACCEPT, alt(k["ext"] for k in by_accept(l))),
            '\tdefault "-";', "}"]
    return out


def kept_cors_block(l):
    return ["map $lf_kept_file $lf_kept_cors {",
            r'	"~\.%s$" "*";' % alt(k["ext"] for k in l["kept_formats"] if k["any_site"]),
            '\tdefault "";', "}"]


def accept_format_block(l):
    json, html = accept_pair(l)
    return ["map $http_accept $lf_accept_format {",
            "\tdefault %s;" % html,
            "\t%s %s;" % (json_only(l), json),
            '\t"~*%s([ \\t;,]|$)" "accept:$http_accept";' % re.escape(media(l, json)),
            "}"]


def text_key_block(l):
    return ["map $http_accept $lf_text_key {",
            '\tdefault "";',
            '\t"~*%s" "accept:$http_accept";' % re.escape(media(l, "text")),
            "}"]


def fresh_pictures_block(l):
    return ['map "$arg_format:$arg_seed" $lf_fresh_picture {',
            '\t"~^%s:$" $binary_remote_addr;' % alt(f["name"] for f in l["formats"]
                                                    if f["picture"]),
            '\tdefault "";', "}"]


def error_formats(l):
    """The formats of nginx's own 413: those the daemon reads from Accept,
    the first (JSON) for a client that names neither."""
    return [k["format"] for k in by_accept(l)]


def error_format_block(l):
    names = error_formats(l)
    out = ['map "$arg_format:$http_accept" $lf_error_format {']
    out += ['\t"~^%s:" %s;' % (re.escape(n), n) for n in names]
    out += ['\t"~*%s" %s;' % (re.escape(media(l, n)), n) for n in names]
    return out + ["\tdefault %s;" % names[0], "}"]


BLOCKS = {
    "kept formats": kept_formats_block,
    "kept cors": kept_cors_block,
    "accept format": accept_format_block,
    "text key": text_key_block,
    "fresh pictures": fresh_pictures_block,
    "error format": error_format_block,
}
# The blocks each file holds (the upstream file has none: no list of the
# daemon's is in it).
FILES = {DEV: list(BLOCKS), SITE: list(BLOCKS), UPSTREAM: []}


def spans(text):
    """[(name, indent, start, end)]: each block's text between its markers
    (start after the begin line, end at the end line)."""
    out, lines, pos, open_ = [], text.splitlines(keepends=True), 0, None
    for line in lines:
        m = BEGIN.match(line.rstrip("\n"))
        if m:
            if open_:
                raise ValueError("%r begins inside %r" % (m.group(2), open_[0]))
            open_ = (m.group(2), m.group(1), pos + len(line))
        elif line.strip() == END:
            if not open_:
                raise ValueError("an end marker without its begin")
            out.append(open_ + (pos,))
            open_ = None
        pos += len(line)
    if open_:
        raise ValueError("%r has no end marker" % open_[0])
    return out


def file_text(old, l):
    """old with each known block written again from l."""
    new, at = [], 0
    for name, indent, start, end in spans(old):
        if name not in BLOCKS:
            continue
        new.append(old[at:start])
        new.append("".join(indent + line + "\n" for line in BLOCKS[name](l)))
        at = end
    return "".join(new) + old[at:]


def texts(l):
    """[(path, old text, new text)] of the files make regen writes here."""
    out = []
    for path in FILES:
        old = read(path)
        try:
            out.append((path, old, file_text(old, l)))
        except ValueError:
            out.append((path, old, old))  # problems() says why
    return out


def problems(l):
    """What writing cannot settle: a missing, repeated, unknown or unclosed
    block; an extension or name that cannot stand in nginx's regexes; an
    error format without its 413; a kept location that is no route."""
    bad = []
    for k in l["kept_formats"]:
        if not re.fullmatch(r"[a-z0-9]+", k["ext"]) or k["ext"] in (QFORMAT_OTHER, QFORMAT_ACCEPT):
            bad.append("src/web/kept.h: the extension %r cannot be a kept file's" % k["ext"])
    try:
        accept_pair(l)
    except ValueError as e:
        bad.append(str(e))
        return bad
    routes = {r["path"] for r in l["routes"]}
    for path, want in FILES.items():
        rel = os.path.relpath(path, ROOT)
        text = read(path)
        try:
            names = [s[0] for s in spans(text)]
        except ValueError as e:
            bad.append("%s: %s" % (rel, e))
            continue
        for n in names:
            if n not in BLOCKS:
                bad.append("%s: no block of make regen is called %r" % (rel, n))
        for n in want:
            if names.count(n) != 1:
                bad.append("%s: the block %r is there %d times, not once" % (rel, n,
                                                                           names.count(n)))
        if "error format" in want:
            for n in error_formats(l):
                if "location = /lf-error/413.%s {" % n not in text:
                    bad.append("%s: no location = /lf-error/413.%s for $lf_error_format's %s"
                               % (rel, n, n))
        for page in re.findall(r"location = (/[a-z._]+) \{[^}]*?\sroot [^;\s]*/kept/current",
                               text):
            if page not in routes:
                bad.append("%s: location = %s serves kept files but is no route of handler.c"
                           % (rel, page))
    return bad
