#!/usr/bin/env bash
# Applies the migrations in sql/migrations that a database has not seen yet.
#
# Usage: deploy/migrate.sh (--socket PATH | --host HOST [--port N])
#                          [--user U] [--password-file F] [--no-defaults]
#                          --database DB [--dir DIR]
#
# Creates DB if it is missing, then applies every NNNN_name.sql whose number
# is not in DB's schema_version table, in number order. Each file and the
# row that records it go to the server in one client invocation, inside one
# transaction: a file of data changes is all or nothing; a file with DDL
# commits statement by statement (MariaDB/MySQL cannot roll DDL back), so
# write DDL to be re-runnable where the server allows (docs/stack.md). A
# failed file is not recorded and is retried on the next run. Running it
# again applies nothing and says so.
#
# --password-file  the password is read from the file's first line and handed
#                  to the client in a private option file, never on argv.
# --no-defaults    ignore ~/.my.cnf and /etc/mysql (the dev stack uses this).
set -euo pipefail

die() {
	echo "migrate: $*" >&2
	exit 1
}
usage() {
	sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
	exit "${1:-0}"
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$root/sql/migrations
socket="" host="" port="" user="" pwfile="" database="" no_defaults=0

while [ $# -gt 0 ]; do
	case $1 in
	--socket | --host | --port | --user | --password-file | --database | --dir)
		[ $# -ge 2 ] || die "$1 needs a value"
		case $1 in
		--socket) socket=$2 ;;
		--host) host=$2 ;;
		--port) port=$2 ;;
		--user) user=$2 ;;
		--password-file) pwfile=$2 ;;
		--database) database=$2 ;;
		--dir) dir=$2 ;;
		esac
		shift 2
		;;
	--no-defaults)
		no_defaults=1
		shift
		;;
	-h | --help) usage 0 ;;
	*) die "unknown argument: $1 (see --help)" ;;
	esac
done

[ -n "$database" ] || die "--database is required"
# The name is put into SQL text below, so it is held to a safe alphabet.
[[ $database =~ ^[A-Za-z0-9_]{1,64}$ ]] || die "database name must be 1-64 letters, digits or _"
[ -n "$socket" ] || [ -n "$host" ] || die "--socket or --host is required"
[ -z "$port" ] || [[ $port =~ ^[0-9]{1,5}$ ]] || die "--port must be a number"
[ -d "$dir" ] || die "no migrations directory: $dir"

client=$(command -v mariadb || command -v mysql) || die "no mariadb (or mysql) client found"

# The option file must come first on the client's command line.
conn=()
optfile=""
cleanup() { if [ -n "$optfile" ]; then rm -f "$optfile"; fi; }
trap cleanup EXIT
if [ -n "$pwfile" ]; then
	[ -r "$pwfile" ] || die "cannot read the password file $pwfile"
	IFS= read -r password <"$pwfile" || [ -n "${password:-}" ] || die "$pwfile is empty"
	case $password in *'"'* | *\\*) die "$pwfile: the password may not contain \" or \\" ;; esac
	optfile=$(mktemp "${TMPDIR:-/tmp}/migrate.XXXXXX")
	chmod 600 "$optfile"
	printf '[client]\npassword="%s"\n' "$password" >"$optfile"
	unset password
	if [ "$no_defaults" = 1 ]; then
		conn+=("--defaults-file=$optfile")
	else
		conn+=("--defaults-extra-file=$optfile")
	fi
elif [ "$no_defaults" = 1 ]; then
	conn+=(--no-defaults)
fi
[ -z "$socket" ] || conn+=("--socket=$socket")
[ -z "$host" ] || conn+=("--host=$host")
[ -z "$port" ] || conn+=("--port=$port")
[ -z "$user" ] || conn+=("--user=$user")
# No reconnect: a new session would carry on outside the migration's transaction.
conn+=(--default-character-set=utf8mb4 --batch --skip-column-names --skip-reconnect)
sql_mode=STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION

sql() { "$client" "${conn[@]}" "$@"; }

# Collect and check the files before touching anything.
shopt -s nullglob
files=()
declare -A seen=()
for f in "$dir"/*.sql; do
	base=${f##*/}
	[[ $base =~ ^([0-9]{4})_([a-z0-9_]+)\.sql$ ]] || die "bad migration file name: $base (want NNNN_name.sql)"
	num=$((10#${BASH_REMATCH[1]}))
	[ -z "${seen[$num]:-}" ] || die "two migrations numbered ${BASH_REMATCH[1]}: ${seen[$num]} and $base"
	seen[$num]=$base
	files+=("$f")
done
[ ${#files[@]} -gt 0 ] || die "no migrations in $dir"
# Glob order is the locale's; the names are fixed-width, so C order is number order.
mapfile -t files < <(printf '%s\n' "${files[@]}" | LC_ALL=C sort)

exists=$(sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$database'") ||
	die "cannot reach the database server"
if [ "$exists" = 0 ]; then
	echo "migrate: creating database $database"
	sql -e "CREATE DATABASE \`$database\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
fi

sql "$database" <<'EOF'
CREATE TABLE IF NOT EXISTS schema_version (
  version    INT NOT NULL,
  name       VARCHAR(255) NOT NULL,
  applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (version)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
EOF

declare -A applied=()
while read -r v; do
	[ -n "$v" ] && applied[$v]=1
done < <(sql "$database" -e "SELECT version FROM schema_version")
last=0
for v in "${!applied[@]}"; do
	[ "$v" -gt "$last" ] && last=$v
	[ -n "${seen[$v]:-}" ] || echo "migrate: warning: version $v is recorded but has no file in $dir" >&2
done

count=0
for f in "${files[@]}"; do
	base=${f##*/}
	name=${base%.sql}
	num=$((10#${name%%_*}))
	[ -z "${applied[$num]:-}" ] || continue
	[ "$num" -gt "$last" ] || echo "migrate: warning: $name is older than the newest applied version $last" >&2
	echo "migrate: applying $name"
	# The client stops at the first error and the open transaction dies with
	# the connection. (Its "source" command would not do: an error inside a
	# sourced file does not stop the batch.) The preamble shares the file's
	# first line so that error messages give the file's own line numbers.
	if ! {
		printf '%s' "SET SESSION sql_mode = '$sql_mode'; START TRANSACTION; "
		cat "$f"
		printf '\n%s\n' "INSERT INTO schema_version (version, name) VALUES ($num, '$name'); COMMIT;"
	} | sql "$database"; then
		die "$name failed and was not recorded (line numbers above are the file's); fix it and run again"
	fi
	count=$((count + 1))
done

total=$(sql "$database" -e "SELECT COUNT(*) FROM schema_version")
if [ "$count" = 0 ]; then
	echo "migrate: $database is up to date ($total migrations applied, nothing to do)"
else
	echo "migrate: applied $count migration(s); $database has $total"
fi
