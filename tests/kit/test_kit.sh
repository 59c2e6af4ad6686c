#!/bin/sh
# The developer's kit (docs/library.md): a game defining generate, log_msg
# and buf_init links against the static and the shared library and calls its
# own; each library's global symbols are the prefixed API only.
# usage: test_kit.sh BUILD PIC VERSION
set -eu
BUILD=$1 PIC=$2 VERSION=$3
MAJOR=${VERSION%%.*}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "test-kit: FAIL: $*" >&2; exit 1; }
CC=${CC:-cc}
want="game 42 7 3 version $VERSION $VERSION price"

# 1. symbols: the static library's defined globals, the shared one's dynamic ones
nm -g --defined-only "$BUILD/liblootforge.a" | awk 'NF == 3 {print $3}' | sort -u > "$T/static"
nm -D --defined-only "$PIC/liblootforge.so.$VERSION" | awk 'NF == 3 {print $3}' | sort -u > "$T/shared"
for lib in static shared; do
	[ -s "$T/$lib" ] || fail "$lib library exports nothing"
	if grep -v -E '^(lf_|lootforge_)' "$T/$lib" > "$T/$lib.bad"; then
		fail "$lib library exports unprefixed symbols: $(tr '\n' ' ' < "$T/$lib.bad")"
	fi
	echo "test-kit: $lib library: $(wc -l < "$T/$lib") global symbols, all prefixed"
done
grep -qx lf_generate_json "$T/static" || fail "lf_generate_json missing from the static library"
cmp -s "$T/static" "$T/shared" || fail "the static and shared exports differ: $(diff "$T/static" "$T/shared" | tr '\n' ' ')"

# 2. the soname and its links
readelf -d "$PIC/liblootforge.so.$VERSION" | grep -q "SONAME.*\[liblootforge.so.$MAJOR\]" ||
	fail "soname is not liblootforge.so.$MAJOR"
[ "$(readlink "$PIC/liblootforge.so.$MAJOR")" = "liblootforge.so.$VERSION" ] || fail "soname link"
[ "$(readlink "$PIC/liblootforge.so")" = "liblootforge.so.$MAJOR" ] || fail "dev link"

# 3. the game, statically then dynamically
$CC -std=c11 -Wall -Werror -Isrc/lib -Isrc/base -o "$T/game-static" tests/kit/game.c "$BUILD/liblootforge.a" \
	-ljansson -lsodium -lunistring -lm -pthread || fail "the game does not link against the static library"
$CC -std=c11 -Wall -Werror -Isrc/lib -Isrc/base -o "$T/game-shared" tests/kit/game.c -L"$PIC" -llootforge ||
	fail "the game does not link against the shared library"
for g in static shared; do
	out=$(LD_LIBRARY_PATH="$PIC" "$T/game-$g")
	case $out in "$want "[0-9]*) ;; *) fail "game-$g printed '$out'" ;; esac
	echo "test-kit: game-$g: $out"
done
LD_LIBRARY_PATH="$PIC" ldd "$T/game-shared" | grep -q "liblootforge.so.$MAJOR => $PIC" ||
	fail "game-shared does not load $PIC/liblootforge.so.$MAJOR"
# 4. the command: --version and --help exit 0, a bad option 2
[ "$("$BUILD/lootforge" --version)" = "lootforge $VERSION (library $VERSION)" ] || fail "lootforge --version"
"$BUILD/lootforge" --help | grep -q -- "--catalog FILE" || fail "lootforge --help"
"$BUILD/lootforge" generate --help > /dev/null || fail "lootforge generate --help"
set +e
"$BUILD/lootforge" generate --no-such-option 2> /dev/null; st=$?
set -e
[ $st -eq 2 ] || fail "a bad option exits $st, not 2"
for page in docs/man/*.[0-9]; do
	[ -z "$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 > /dev/null)" ] || fail "$page: troff warnings"
done
echo "test-kit: the command's --version, --help and a bad option"

# 5. install under a fresh DESTDIR; a game built with pkg-config against the
# installed files only, statically and dynamically; its answers are the
# command's; uninstall leaves nothing
MAKE=${MAKE:-make}
D="$T/root" P=/opt/lootforge
$MAKE --no-print-directory -s install DESTDIR="$D" PREFIX=$P > /dev/null
for f in bin/lootforge sbin/lootforged lib/liblootforge.a lib/liblootforge.so.$VERSION \
	lib/liblootforge.so.$MAJOR lib/liblootforge.so include/lootforge/lootforge.h \
	include/lootforge/version.h lib/pkgconfig/lootforge.pc share/man/man1/lootforge.1 \
	share/man/man3/lootforge.3; do
	[ -e "$D$P/$f" ] || fail "make install did not install $f"
done
pc() { PKG_CONFIG_PATH="$D$P/lib/pkgconfig" pkg-config --define-variable=prefix="$D$P" "$@" lootforge; }
[ "$(pc --modversion)" = "$VERSION" ] || fail "pkg-config --modversion"
# built in $T, from a copy: nothing of the source tree on the include path
cp tests/kit/offline.c "$T/offline.c"
(cd "$T" && $CC -std=c11 -Wall -Werror $(pc --cflags) -o offline-shared offline.c $(pc --libs)) ||
	fail "the game does not build against the installed shared library"
(cd "$T" && $CC -std=c11 -Wall -Werror $(pc --cflags) -o offline-static offline.c \
	$(pc --static --libs | sed 's/-llootforge/-Wl,-Bstatic -llootforge -Wl,-Bdynamic/')) ||
	fail "the game does not build against the installed static library"
readelf -d "$T/offline-static" | grep -q liblootforge && fail "offline-static needs the shared library"
"$BUILD/tests/kit_export" > "$T/catalog.json" || fail "the fixture export"
q="kind=wand&tier=3&seed=42&count=4"
"$D$P/bin/lootforge" generate --catalog "$T/catalog.json" --kind wand --tier 3 --seed 42 \
	--count 4 > "$T/cli.json"
"$D$P/bin/lootforge" map -c "$T/catalog.json" -W 9 -H 5 -T ruins -s 11 > "$T/cli.map"
/usr/bin/python3 -c '
import json, sys
for it in json.load(open(sys.argv[1]))["items"]:
    st = it["stats"]  # nested (docs/api.md)
    print("%s|%d|%d|%d|%s" % (it["name"], st["attack"], st["defense"], it["value"], it["code"] or "-"))
' "$T/cli.json" > "$T/cli.structs"
cat "$T/cli.json" "$T/cli.structs" "$T/cli.map" > "$T/want"
for g in shared static; do
	LD_LIBRARY_PATH="$D$P/lib" "$T/offline-$g" "$T/catalog.json" "$q" "w=9&h=5&tileset=ruins&seed=11" \
		> "$T/got-$g" || fail "offline-$g failed"
	cmp -s "$T/want" "$T/got-$g" || fail "offline-$g answers otherwise than the command: $(diff "$T/want" "$T/got-$g" | head -5)"
	echo "test-kit: installed, offline-$g: $(wc -l < "$T/got-$g") lines, the command's byte for byte"
done
LD_LIBRARY_PATH="$D$P/lib" ldd "$T/offline-shared" | grep -q "liblootforge.so.$MAJOR => $D$P/lib/" ||
	fail "offline-shared does not load the installed library"
$MAKE --no-print-directory -s uninstall DESTDIR="$D" PREFIX=$P > /dev/null
left=$(find "$D" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "test-kit: make uninstall left no file behind"

echo "test-kit: ok"
