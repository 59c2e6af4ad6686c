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
$CC -std=c11 -Wall -Werror -Isrc -o "$T/game-static" tests/kit/game.c "$BUILD/liblootforge.a" \
	-ljansson -lunistring -lm -pthread || fail "the game does not link against the static library"
$CC -std=c11 -Wall -Werror -Isrc -o "$T/game-shared" tests/kit/game.c -L"$PIC" -llootforge ||
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

echo "test-kit: ok"
