#!/bin/sh
# examples/crawl as a developer uses it: the library installed into a
# temporary PREFIX, the example copied out of the tree and built by its own
# Makefile through pkg-config alone, then a scripted run (--keys: the keys
# of a file, the last screen on stdout) on the fixture catalog's export.
# The run must have taken items, worn some (the totals are no longer an
# empty loadout's) and reached level 3; the same seed and keys give the
# same screen, another seed another; `make uninstall` leaves nothing.
# usage: test_crawl.sh EXPORT-PROGRAM
set -eu
EXPORT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "test-crawl: FAIL: $*" >&2; exit 1; }
P="$T/prefix"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s install PREFIX="$P" > /dev/null
cp -r examples/crawl "$T/crawl"
rm -f "$T"/crawl/*.o "$T/crawl/crawl"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u LD_LIBRARY_PATH PKG_CONFIG_PATH="$P/lib/pkgconfig" \
	make --no-print-directory -s -C "$T/crawl" CFLAGS='-std=c11 -O2 -g -Wall -Wextra -Werror' \
	> "$T/build" 2>&1 || fail "examples/crawl does not build: $(cat "$T/build")"
ldd "$T/crawl/crawl" | grep -q "liblootforge.so.0 => $P/lib/" ||
	fail "crawl does not find the installed library by itself"
"$EXPORT" > "$T/catalog.json"
cat > "$T/keys" <<'KEYS'
# level 1: the three nearest rooms' loot, two items worn
tg tg tg  wa wc
>>        # to the stairs down, and down
# level 2
tg tg  we
>>
# level 3
tg
KEYS
play() { (cd "$T" && crawl/crawl --catalog catalog.json --seed "$1" --keys keys) > "$2" ||
	fail "crawl --seed $1 failed"; }
play 7 "$T/screen"
sed 's/^/test-crawl: | /' "$T/screen"
head -1 "$T/screen" | grep -q '^Level 3 ' || fail "the run did not reach level 3"
n=$(sed -n 's/^Pack (\([0-9]*\);.*/\1/p' "$T/screen")
[ "${n:-0}" -ge 3 ] || fail "the run took ${n:-no} items"
grep -q '^[a-z]\* [a-z-]*: ' "$T/screen" || fail "no item is worn"
worn=$(grep '^Worn ' "$T/screen") || fail "no totals on the screen"
[ "$worn" != "Worn 0: attack 0 defense 0 magic 0 str 0 sneak 0 crit 0; 0 gp" ] ||
	fail "the totals are an empty loadout's: $worn"
play 7 "$T/again"
cmp -s "$T/screen" "$T/again" || fail "--seed 7 played twice gave two screens"
play 8 "$T/other"
! cmp -s "$T/screen" "$T/other" || fail "--seed 8 gave --seed 7's screen"
make --no-print-directory -s uninstall PREFIX="$P" > /dev/null
left=$(find "$P" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "test-crawl: ok (built against the installed library by pkg-config; $n items taken, $worn; level 3; the seed replays)"
