#!/bin/sh
# deploy/install-deps.sh under dash, with dpkg-query and apt-get replaced by
# stand-ins on PATH, so every branch runs without touching the machine's
# packages: nothing missing; missing with no policy-rc.d (the script adds one
# for the install and removes it); missing with a policy-rc.d already there
# (container images: it must stay, and the script must still exit 0); and a
# failed apt-get, whose status must come through.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
script="$top/deploy/install-deps.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

mkdir -p "$tmp/bin"
# dpkg-query: every package installed unless listed in $STUB_MISSING.
cat >"$tmp/bin/dpkg-query" <<'STUB'
#!/bin/sh
for p; do :; done
case " ${STUB_MISSING:-} " in
*" $p "*) exit 1 ;;
esac
printf 'install ok installed'
STUB
# apt-get: logs its arguments and whether policy-rc.d exists while it runs.
cat >"$tmp/bin/apt-get" <<'STUB'
#!/bin/sh
echo "apt-get $*" >>"$STUB_LOG"
if [ -e "$INSTALL_DEPS_POLICY_RC_D" ]; then echo "policy present" >>"$STUB_LOG"; fi
exit "${STUB_APT_STATUS:-0}"
STUB
# id: root, so the script does not look for sudo.
printf '#!/bin/sh\necho 0\n' >"$tmp/bin/id"
chmod +x "$tmp/bin/"*

# run NAME EXPECTED_STATUS [VAR=value ...]: runs the script under sh (dash).
run() {
	name=$1 want=$2
	shift 2
	: >"$tmp/log"
	env PATH="$tmp/bin:$PATH" STUB_LOG="$tmp/log" INSTALL_DEPS_POLICY_RC_D="$tmp/policy-rc.d" \
		"$@" sh "$script" >"$tmp/out" 2>&1
	got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL $name: exit $got, expected $want"
		sed 's/^/    /' "$tmp/out"
		failures=$((failures + 1))
		return 1
	fi
	return 0
}
check() { # check NAME CONDITION-DESCRIPTION COMMAND...
	name=$1 what=$2
	shift 2
	if "$@"; then echo "ok   $name: $what"; else
		echo "FAIL $name: $what"
		failures=$((failures + 1))
	fi
}

rm -f "$tmp/policy-rc.d"
run nothing-missing 0 && check nothing-missing "apt-get not run" test ! -s "$tmp/log"

rm -f "$tmp/policy-rc.d"
run no-policy 0 STUB_MISSING=wrk &&
	check no-policy "policy-rc.d present during the install" grep -q "policy present" "$tmp/log" &&
	check no-policy "policy-rc.d removed afterwards" test ! -e "$tmp/policy-rc.d" &&
	check no-policy "only the missing package asked for" grep -q "install .* wrk$" "$tmp/log"

printf '#!/bin/sh\nexit 101\n' >"$tmp/policy-rc.d"
run existing-policy 0 STUB_MISSING="wrk nginx-light" &&
	check existing-policy "the image's policy-rc.d left in place" test -e "$tmp/policy-rc.d"

# The Galera cluster's packages (docs/scaling.md) are among those installed.
rm -f "$tmp/policy-rc.d"
run galera 0 STUB_MISSING="galera-4 rsync socat mariadb-backup" &&
	check galera "galera-4, rsync, socat and mariadb-backup asked for" \
		grep -q "install .* galera-4 rsync socat mariadb-backup$" "$tmp/log"

# examples/crawl builds against ncurses (make test-kit plays it).
rm -f "$tmp/policy-rc.d"
run ncurses 0 STUB_MISSING="libncurses-dev" &&
	check ncurses "libncurses-dev asked for" grep -q "install .* libncurses-dev$" "$tmp/log"

rm -f "$tmp/policy-rc.d"
run apt-fails 100 STUB_MISSING=wrk STUB_APT_STATUS=100 &&
	check apt-fails "policy-rc.d removed after a failed install" test ! -e "$tmp/policy-rc.d"

if [ "$failures" -ne 0 ]; then
	echo "test_install_deps: $failures failure(s)"
	exit 1
fi
echo "test_install_deps: all cases passed"
