#!/bin/sh
# Installs the Debian packages lootforge needs to build, test and run, and
# only those that are missing. Non-interactive: safe for CI and fresh machines.
# Usage: deploy/install-deps.sh [--bench]   (--bench adds the load generator)
# galera-4, rsync and socat run the Galera cluster (make scale-galera; rsync
# copies a joining node's state), mariadb-backup backs a node up while it runs.
# python3-pytest-xdist: make integration runs the suite on two stacks at once.
# python3-venv: the README's Python lines make a venv (make test-kit runs them).
# libncurses-dev: examples/crawl, the terminal game make test-kit builds and plays.
set -eu

PKGS="build-essential pkg-config ca-certificates curl python3
libfcgi-dev default-libmysqlclient-dev libctemplate-dev libjansson-dev
libcmocka-dev mariadb-server mariadb-client nginx-light
clang libclang-rt-14-dev wrk libsodium-dev libunistring-dev
chromium chromium-driver fonts-dejavu-core openssl
python3-pytest python3-pytest-xdist python3-selenium python3-jsonschema python3-setuptools python3-pip python3-venv
iproute2 util-linux libcairo2-dev libpng-dev man-db
galera-4 rsync socat mariadb-backup
libncurses-dev"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "install-deps: need root or sudo for apt-get" >&2; exit 1; }
	SUDO="sudo -n"
fi

# Package scripts must not start system-wide MariaDB/nginx services: the
# project runs its own private instances. policy-rc.d is Debian's switch for
# that; we add it only for this run and only if none exists.
# INSTALL_DEPS_POLICY_RC_D moves the file for tests/deploy only.
policy=${INSTALL_DEPS_POLICY_RC_D:-/usr/sbin/policy-rc.d}
added_policy=0
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
	$SUDO chmod 755 "$policy"
	added_policy=1
fi
# The trap's last status becomes the script's under dash: a false test here
# once made a successful install exit 1 wherever policy-rc.d already existed
# (Debian container images). Keep the status of the install itself.
cleanup() {
	status=$?
	if [ "$added_policy" = 1 ]; then
		$SUDO rm -f "$policy"
	fi
	exit "$status"
}
trap cleanup EXIT

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
