#!/bin/sh
# README.md's "In your game" section, verbatim, as a developer on a fresh
# machine follows it: its ```c block saved under the name its first line
# gives, its ```python block likewise, then its ```sh blocks run in order in
# one shell from the source tree, with HOME a temporary directory (so
# PREFIX=$HOME/.local is a fresh prefix) and a `curl` that answers the
# catalog export with the unit tests' fixture catalog (no site runs here).
# Then: the game found the installed library by its rpath, the venv's
# package loaded the installed library, and `make uninstall` leaves nothing.
# usage: test_readme.sh EXPORT-PROGRAM
set -eu
EXPORT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "test-readme: FAIL: $*" >&2; exit 1; }
awk '/^## In your game/ {on = 1; next} on && /^## / {exit} on' README.md > "$T/section"
[ -s "$T/section" ] || fail "README.md has no \"In your game\" section"
mkdir -p "$T/home/game" "$T/bin" "$T/blocks"
# every fenced block, numbered, with its language
awk -v d="$T/blocks" '
	/^```/ && !inb { inb = 1; n++; lang = substr($0, 4); f = sprintf("%s/%02d.%s", d, n, lang); printf "" > f; next }
	/^```/ && inb { inb = 0; close(f); next }
	inb { print >> f }' "$T/section"
ls "$T/blocks" | grep -q '\.c$' || fail "no C block"
ls "$T/blocks" | grep -q '\.python$' || fail "no Python block"
ls "$T/blocks" | grep -q '\.sh$' || fail "no sh block"
for b in "$T"/blocks/*.c "$T"/blocks/*.python; do
	# the first line names the file: "/* game.c: ..." or "# game.py: ..."
	name=$(head -1 "$b" | sed -n 's@^\(/\*\|#\) *\([A-Za-z0-9_.-]*\.\(c\|py\)\):.*@\2@p')
	[ -n "$name" ] || fail "$(basename "$b"): its first line does not name its file"
	cp "$b" "$T/home/game/$name"
done
cat > "$T/bin/curl" <<EOS
#!/bin/sh
# the site's /catalog.json: the fixture catalog's export, to the -o file
out=
while [ \$# -gt 0 ]; do case \$1 in -o) out=\$2; shift ;; esac; shift; done
[ -n "\$out" ] || exit 2
case \$out in /*) ;; *) out=\$PWD/\$out ;; esac
(cd "$PWD" && "$EXPORT") > "\$out"
EOS
chmod +x "$T/bin/curl"
{ echo 'set -eu'; cat "$T"/blocks/*.sh; } > "$T/script.sh"
env -u LOOTFORGE_LIB -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH -u PYTHONPATH -u MAKEFLAGS -u MFLAGS \
	-u MAKELEVEL HOME="$T/home" PATH="$T/bin:$PATH" sh "$T/script.sh" > "$T/out" 2>&1 ||
	fail "the README's commands failed: $(tail -20 "$T/out")"
tail -8 "$T/out" | sed 's/^/test-readme: | /'
P="$T/home/.local"
[ -e "$P/lib/liblootforge.so.0" ] || fail "the README's make install did not install into ~/.local"
ldd "$T/home/game/game" | grep -q "liblootforge.so.0 => $P/lib/" ||
	fail "the game does not find the installed library by itself"
env -u LOOTFORGE_LIB -u LD_LIBRARY_PATH PKG_CONFIG_PATH="$P/lib/pkgconfig" \
	"$T/home/game/venv/bin/python" -c 'import lootforge; print(lootforge._lib._name)' > "$T/lib" ||
	fail "the venv's lootforge does not import"
grep -q "^$P/lib/" "$T/lib" || fail "the venv's lootforge loaded $(cat "$T/lib"), not the installed library"
grep -q "^[^ ].*: attack [0-9-]*, [0-9]* charges" "$T/out" || fail "the C game printed no wand"
make --no-print-directory -s uninstall PREFIX="$P" > /dev/null
left=$(find "$P" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "test-readme: ok (the C block built against ~/.local by pkg-config with an rpath, the Python block in a fresh venv, nothing left after uninstall)"
