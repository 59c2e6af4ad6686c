#!/bin/sh
# The first `make run` / `make start` on a fresh machine: mariadb_config (and
# so mysql.h's directory) only exists once deploy/install-deps.sh has run, so
# a Makefile that reads `mariadb_config --include` while it is parsed builds
# without it and stops at "mysql.h: No such file or directory".
# Without a network: the project's Makefile is copied into a temp tree with a
# one-file daemon that includes <mysql.h>, PATH is every tool of /usr/bin
# except mariadb_config and mysql_config, and deploy/install-deps.sh is a
# stand-in that "installs" a mariadb_config onto that PATH. deploy/stack.sh
# is a stand-in that records how it was called.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

real_inc=$(mariadb_config --include 2>/dev/null)
if [ -z "$real_inc" ]; then
	echo "SKIP test_make_fresh: mariadb_config not installed here (run make deps)"
	exit 0
fi

mkdir -p "$tmp/bin"
cp -s /usr/bin/* "$tmp/bin/" 2>/dev/null
rm -f "$tmp/bin/mariadb_config" "$tmp/bin/mysql_config"

# tree NAME: a copy of the Makefile with a minimal source tree.
tree() {
	d="$tmp/$1"
	mkdir -p "$d/src/daemon" "$d/src/base" "$d/deploy" "$d/tests/unit"
	cp "$top/Makefile" "$d/"
	cat >"$d/src/daemon/main.c" <<'SRC'
#include <mysql.h>
int main(void) { return mysql_get_client_version() > 0 ? 0 : 1; }
SRC
	printf '#include "tmpl.h"\n' >"$d/src/base/tmpl.cc"
	: >"$d/src/base/tmpl.h"
	: >"$d/src/base/buf.h"
	# install-deps: the stand-in puts mariadb_config on PATH, as apt would.
	cat >"$d/deploy/install-deps.sh" <<STUB
#!/bin/sh
printf '#!/bin/sh\\necho "$real_inc"\\n' >"$tmp/bin/mariadb_config"
chmod +x "$tmp/bin/mariadb_config"
STUB
	cat >"$d/deploy/stack.sh" <<STUB
#!/bin/sh
echo "stack.sh \$*" >>"$d/stack.log"
STUB
	chmod +x "$d/deploy/"*.sh
}

# run TARGET: the first `make TARGET` on the fresh tree must build the daemon
# and call stack.sh with it.
run() {
	target=$1
	rm -f "$tmp/bin/mariadb_config"
	tree "$target"
	d="$tmp/$target"
	if ! (cd "$d" && env PATH="$tmp/bin" make --no-print-directory "$target" \
		>"$d/out" 2>&1); then
		echo "FAIL make $target on a fresh machine:"
		sed 's/^/  | /' "$d/out" | tail -n 15
		failures=$((failures + 1))
		return
	fi
	if [ ! -x "$d/build/rel/lootforged" ]; then
		echo "FAIL make $target: no daemon built"
		failures=$((failures + 1))
		return
	fi
	if ! grep -q "stack.sh $target --daemon build/rel/lootforged" "$d/stack.log" 2>/dev/null; then
		echo "FAIL make $target: stack.sh not called as expected"
		failures=$((failures + 1))
		return
	fi
	echo "ok   make $target on a fresh machine"
}

run run
run start

[ "$failures" -eq 0 ] || exit 1
echo "test_make_fresh: all passed"
