"""lootforge for Python: the site's items, maps and loadout totals offline,
from a catalog export (GET /catalog.json), over the C library
(liblootforge.so, through ctypes: nothing to compile, nothing from PyPI).

    import lootforge
    cat = lootforge.Catalog.load("catalog.json")
    for item in cat.generate(kind="wand", tier=3, count=5):
        print(item.name, item.attack, item.charges)
    cat.item("CODE")                       # an /item/CODE link's item
    cat.generate_json(kind="armor", seed=42)   # the site's JSON, byte for byte
    m = cat.map(w=20, h=12, tileset="ruins", seed=7)
    m.cells[y][x]                          # '#' wall, '.' floor
    cat.loadout_totals(["CODE:main-hand", "CODE:head", "CODE"]).attack

The library is found by $LOOTFORGE_LIB (a path), else the first of: the
soname liblootforge.so.0 as the loader finds it (LD_LIBRARY_PATH, the
ld.so cache), lootforge.pc's libdir as pkg-config reports it (so
PKG_CONFIG_PATH=PREFIX/lib/pkgconfig serves any PREFIX), /usr/local/lib,
then this repository's build/pic. docs/library.md says what a version promises."""

import ctypes
import ctypes.util
import os
import urllib.parse

__all__ = ["Catalog", "Item", "Map", "Totals", "Error", "version", "library_version"]

_MAJOR = 0


class Error(ValueError):
    """A query the library refused: `field` names the field at fault (as the
    site's 400 does), or is None; str() is the library's sentence."""

    def __init__(self, why, field=None):
        super().__init__("%s: %s" % (field, why) if field else why)
        self.field = field
        self.why = why


def _pkg_config_libdir():
    """lootforge.pc's libdir, as pkg-config finds it (PKG_CONFIG_PATH for a
    PREFIX it does not search), or None."""
    import subprocess
    try:
        r = subprocess.run(["pkg-config", "--variable=libdir", "lootforge"],
                           capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() or None if r.returncode == 0 else None


def _candidates():
    soname = "liblootforge.so.%d" % _MAJOR
    explicit = os.environ.get("LOOTFORGE_LIB")
    if explicit:
        return [explicit]
    out = [soname]  # LD_LIBRARY_PATH, an rpath, the ld.so cache
    libdir = _pkg_config_libdir()
    if libdir:
        out.append(os.path.join(libdir, soname))
    out.append(os.path.join("/usr/local/lib", soname))  # make install's default PREFIX
    found = ctypes.util.find_library("lootforge")
    if found:
        out.append(found)
    here = os.path.dirname(os.path.abspath(__file__))
    out.append(os.path.join(os.path.dirname(os.path.dirname(here)), "build", "pic", soname))
    return out


def _open():
    tried = []
    for name in _candidates():
        try:
            return ctypes.CDLL(name)
        except OSError as e:
            tried.append(str(e))
    raise ImportError("lootforge: liblootforge.so.%d not found (make install it; for a PREFIX "
                      "other than /usr/local export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig, or set "
                      "LOOTFORGE_LIB to the library's path): %s" % (_MAJOR, "; ".join(tried)))


_lib = _open()
_c = ctypes.c_char_p
_pc = ctypes.POINTER(ctypes.c_char_p)


class _Part(ctypes.Structure):
    _fields_ = [("part", _c), ("word", _c)]


class _Item(ctypes.Structure):
    # BEGIN make regen: struct lf_item, field for field (lootforge.h)
    _fields_ = [("kind", _c), ("name", _c), ("seed", ctypes.c_uint64), ("tier", ctypes.c_int),
                ("slot", _c), ("hands", ctypes.c_int), ("multiplier", ctypes.c_double),
                ("attack", ctypes.c_int), ("defense", ctypes.c_int), ("magic", ctypes.c_int),
                ("flaming", ctypes.c_int), ("freezing", ctypes.c_int), ("shocking", ctypes.c_int),
                ("holy", ctypes.c_int), ("evil", ctypes.c_int), ("sneak", ctypes.c_int),
                ("crit", ctypes.c_int), ("str", ctypes.c_int), ("plus", ctypes.c_int),
                ("masterwork", ctypes.c_int), ("value", ctypes.c_uint64), ("code", _c),
                ("spell", _c), ("spell_level", ctypes.c_int), ("spell_mana", ctypes.c_int),
                ("charges", ctypes.c_int), ("given_name", _c), ("description", _c), ("rarity", _c),
                ("n_parts", ctypes.c_size_t), ("parts", ctypes.POINTER(_Part))]
    # END make regen


class _MapLoot(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("cx", ctypes.c_int),
                ("cy", ctypes.c_int), ("kind", _c), ("name", _c), ("rarity", _c), ("code", _c)]


class _Map(ctypes.Structure):
    _fields_ = [("tileset", _c), ("w", ctypes.c_int), ("h", ctypes.c_int),
                ("seed", ctypes.c_uint64), ("cw", ctypes.c_int), ("ch", ctypes.c_int),
                ("cells", _c), ("tiles", ctypes.POINTER(_c)), ("loot_tier", ctypes.c_int),
                ("n_rooms", ctypes.c_size_t), ("n_loot", ctypes.c_size_t),
                ("loot", ctypes.POINTER(_MapLoot))]


class _Totals(ctypes.Structure):
    # BEGIN make regen: struct lf_totals, field for field (lootforge.h)
    _fields_ = [("attack", ctypes.c_int64), ("defense", ctypes.c_int64), ("magic", ctypes.c_int64),
                ("flaming", ctypes.c_int64), ("freezing", ctypes.c_int64),
                ("shocking", ctypes.c_int64), ("holy", ctypes.c_int64), ("evil", ctypes.c_int64),
                ("sneak", ctypes.c_int64), ("crit", ctypes.c_int64), ("str", ctypes.c_int64),
                ("value", ctypes.c_uint64), ("worn", ctypes.c_uint)]
    # END make regen


class _Loadout(ctypes.Structure):
    # BEGIN make regen: struct lf_loadout, field for field (lootforge.h)
    _fields_ = [("totals", _Totals), ("item_str", ctypes.c_int64)]
    # END make regen


def _sig(name, res, *args):
    f = getattr(_lib, name)
    f.restype = res
    f.argtypes = list(args)
    return f


_vp = ctypes.c_void_p
_version = _sig("lootforge_version", _c)
_load = _sig("lf_catalog_load", _vp, _c, ctypes.c_size_t, _pc)
_revision = _sig("lf_catalog_revision", ctypes.c_uint64, _vp)
_free_cat = _sig("lf_catalog_free", None, _vp)
_item_json = _sig("lf_item_json", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc)
_generate_json = _sig("lf_generate_json", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_from_code = _sig("lf_item_from_code", ctypes.c_int, _vp, _c,
                  ctypes.POINTER(ctypes.POINTER(_Item)), _pc)
_generate = _sig("lf_item_generate", ctypes.c_int, _vp, _c,
                 ctypes.POINTER(ctypes.POINTER(_Item)), ctypes.POINTER(ctypes.c_size_t), _pc, _pc)
_items_free = _sig("lf_items_free", None, ctypes.POINTER(_Item), ctypes.c_size_t)
_map = _sig("lf_map_generate", ctypes.c_int, _vp, _c, ctypes.POINTER(ctypes.POINTER(_Map)),
            _pc, _pc)
_map_free = _sig("lf_map_free", None, ctypes.POINTER(_Map))
_map_json = _sig("lf_map_json", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_dungeon_json = _sig("lf_dungeon_json", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_dungeon_text = _sig("lf_dungeon_text", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_loadout = _sig("lf_loadout_make", ctypes.c_int, _vp, _c,
                ctypes.POINTER(ctypes.POINTER(_Loadout)), _pc, _pc)
_loadout_free = _sig("lf_loadout_free", None, ctypes.POINTER(_Loadout))
_treasure_json = _sig("lf_treasure_json", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_treasure_text = _sig("lf_treasure_text", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_treasure_csv = _sig("lf_treasure_csv", ctypes.c_int, _vp, _c, ctypes.POINTER(_vp), _pc, _pc)
_libc = ctypes.CDLL(None)
_libc.free.argtypes = [_vp]
_libc.free.restype = None


def version():
    """This package's version: the library's it was written for."""
    return "0.9.0"


def library_version():
    """The loaded library's version (lootforge_version())."""
    return _version().decode()


def _s(b):
    return None if b is None else b.decode("utf-8")


class Item:
    """An item: the members of its JSON (SPEC §5) as attributes."""

    __slots__ = [f for f, _ in _Item._fields_ if f != "n_parts"]

    def __init__(self, c):
        for f, _ in _Item._fields_:
            if f in ("n_parts", "parts"):
                continue
            v = getattr(c, f)
            setattr(self, f, _s(v) if isinstance(v, bytes) or v is None else v)
        self.masterwork = bool(self.masterwork)
        # as the JSON's "parts": {part: word or None}, the element a list
        self.parts = {}
        for i in range(c.n_parts):
            p = c.parts[i]
            part, word = _s(p.part), _s(p.word) if p.word is not None else None
            if part == "element":
                words = self.parts.setdefault(part, [])
                if word is not None:
                    words.append(word)
            else:
                self.parts[part] = word

    def __repr__(self):
        return "<Item %r %s>" % (self.name, self.code)


class Map:
    """A dungeon map: `cells` is a list of rows (strings of '#' and '.'),
    `tiles` a list of rows of tile names; `text` as /map?format=text."""

    def __init__(self, c):
        self.tileset = _s(c.tileset)
        self.w, self.h, self.seed = c.w, c.h, c.seed
        self.text = _s(c.cells)
        self.cells = self.text.split("\n")[:-1]
        self.tiles = [[_s(c.tiles[y * c.w + x]) for x in range(c.w)] for y in range(c.h)]
        # loot=: the items in its rooms, each a dict of x, y (its tile), cx,
        # cy (its floor cell), kind, name, rarity and code (None: no code)
        self.rooms = c.n_rooms
        self.loot = [{f: (_s(v) if isinstance(v, bytes) or v is None else v)
                      for f, v in ((f, getattr(c.loot[i], f)) for f, _ in _MapLoot._fields_)}
                     for i in range(c.n_loot)]

    def floor(self):
        """Every floor cell, (x, y), in reading order."""
        return [(x, y) for y, row in enumerate(self.cells) for x, ch in enumerate(row)
                if ch == "."]


class Totals:
    """A loadout's totals over its worn items (the /loadout JSON's "totals"),
    and `item_str`, the worn items' strength (its "item_str"), kept apart
    from the character's `str`. The totals of stats newer than struct
    lf_totals are struct lf_loadout's own fields: attributes as the others."""

    def __init__(self, c):
        for f, _ in _Totals._fields_:
            setattr(self, f, getattr(c.totals, f))
        for f, _ in _Loadout._fields_:
            if f != "totals":
                setattr(self, f, getattr(c, f))


def _query(fields):
    """Keyword fields as the site's query: attributes={"prefix": "runed"}
    becomes attribute[prefix]=runed; variance=True tier-variance=on;
    None values are left out."""
    pairs = []
    for k, v in fields.items():
        if v is None:
            continue
        if k == "attributes":
            pairs += [("attribute[%s]" % p, w) for p, w in v.items()]
        elif k == "variance":
            if v:
                pairs.append(("tier-variance", "on"))
        else:
            pairs.append((k, str(v)))
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


class Catalog:
    """A loaded catalog export. Never written after loading: threads may
    share one."""

    def __init__(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        why = _c()
        self._p = _load(data, len(data), ctypes.byref(why))
        if not self._p:
            raise Error(_s(why.value))

    @classmethod
    def load(cls, path):
        with open(path, "rb") as f:
            return cls(f.read())

    def close(self):
        if self._p:
            _free_cat(self._p)
            self._p = None

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def revision(self):
        return _revision(self._p)

    @staticmethod
    def _text(out):
        try:
            return ctypes.string_at(out.value).decode("utf-8")
        finally:
            _libc.free(out)

    def item_json(self, code):
        """The JSON /item/CODE?format=json answers, byte for byte (a str)."""
        out, why = _vp(), _c()
        if _item_json(self._p, code.encode(), ctypes.byref(out), ctypes.byref(why)) != 0:
            raise Error(_s(why.value))
        return self._text(out)

    def generate_json(self, query=None, **fields):
        """The JSON /generate?QUERY&format=json answers, byte for byte. query
        is the site's query string, or give the fields: kind, tier,
        variance, power, seed, count, attributes={part: word}."""
        q = query if query is not None else _query(fields)
        out, why, field = _vp(), _c(), _c()
        if _generate_json(self._p, q.encode(), ctypes.byref(out), ctypes.byref(field),
                          ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        return self._text(out)

    def item(self, code):
        """The item of a permanent code of this catalog's revision."""
        p, why = ctypes.POINTER(_Item)(), _c()
        if _from_code(self._p, code.encode(), ctypes.byref(p), ctypes.byref(why)) != 0:
            raise Error(_s(why.value), "code")
        try:
            return Item(p[0])
        finally:
            _items_free(p, 1)

    def generate(self, query=None, **fields):
        """A list of items (count= of them, 1 without): the fields as
        generate_json takes them."""
        q = query if query is not None else _query(fields)
        p, n, why, field = ctypes.POINTER(_Item)(), ctypes.c_size_t(), _c(), _c()
        if _generate(self._p, q.encode(), ctypes.byref(p), ctypes.byref(n), ctypes.byref(field),
                     ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        try:
            return [Item(p[i]) for i in range(n.value)]
        finally:
            _items_free(p, n)

    def map(self, query=None, **fields):
        """A dungeon map of /map's fields: w, h, tileset, seed, loot. Needs the
        export of the current catalog (without rev=), which has the tiles."""
        q = query if query is not None else _query(fields)
        p, why, field = ctypes.POINTER(_Map)(), _c(), _c()
        if _map(self._p, q.encode(), ctypes.byref(p), ctypes.byref(field),
                ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        try:
            return Map(p[0])
        finally:
            _map_free(p)

    def map_json(self, query=None, **fields):
        """The JSON /map?QUERY&format=json answers, byte for byte."""
        q = query if query is not None else _query(fields)
        out, why, field = _vp(), _c(), _c()
        if _map_json(self._p, q.encode(), ctypes.byref(out), ctypes.byref(field),
                     ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        return self._text(out)

    def _dungeon(self, fn, query, fields):
        q = query if query is not None else _query(fields)
        out, why, field = _vp(), _c(), _c()
        if fn(self._p, q.encode(), ctypes.byref(out), ctypes.byref(field),
              ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        return self._text(out)

    def dungeon_json(self, query=None, **fields):
        """The JSON /dungeon?QUERY&format=json answers, byte for byte: w, h,
        tileset, seed, level, hallways. Needs the current export."""
        return self._dungeon(_dungeon_json, query, fields)

    def dungeon(self, query=None, **fields):
        """The keyed dungeon as a dict (its JSON parsed): rooms, doors,
        stairs, each room's key (items with their links, treasure)."""
        import json
        return json.loads(self.dungeon_json(query, **fields))

    def dungeon_text(self, query=None, **fields):
        """/dungeon?QUERY&format=text: the map, then the key a room a line."""
        return self._dungeon(_dungeon_text, query, fields)

    def treasure_json(self, query=None, **fields):
        """The JSON /treasure?QUERY&format=json answers, byte for byte:
        level (1-20), type (hoard or individual), party (1-8), seed. Needs
        the current export (it carries the treasure budgets)."""
        return self._dungeon(_treasure_json, query, fields)

    def treasure(self, query=None, **fields):
        """Treasure on its own as a dict (its JSON parsed): total in gold
        pieces and its parts (coins by denomination, gems, art, items)."""
        import json
        return json.loads(self.treasure_json(query, **fields))

    def treasure_text(self, query=None, **fields):
        """/treasure?QUERY&format=text: the parts a line each and the total."""
        return self._dungeon(_treasure_text, query, fields)

    def treasure_csv(self, query=None, **fields):
        """/treasure?QUERY&format=csv: a row a part, the total last."""
        return self._dungeon(_treasure_csv, query, fields)

    def loadout_totals(self, items, base=None):
        """The totals of a loadout: items as /loadout takes them, "CODE" (in
        the pack) or "CODE:place" (worn: head, body, main-hand, ...); base,
        the character's own values ({"attack": 3, "str": 10})."""
        pairs = [("item", i) for i in items]
        if base:
            pairs.append(("base", ",".join("%s:%d" % kv for kv in base.items())))
        q = urllib.parse.urlencode(pairs)
        p, why, field = ctypes.POINTER(_Loadout)(), _c(), _c()
        if _loadout(self._p, q.encode(), ctypes.byref(p), ctypes.byref(field),
                    ctypes.byref(why)) != 0:
            raise Error(_s(why.value), _s(field.value))
        try:
            return Totals(p[0])
        finally:
            _loadout_free(p)
