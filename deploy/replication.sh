#!/bin/sh
# MariaDB replication for lootforge (docs/scaling.md). Run as a user that may
# administer the server (root through the socket on Debian); any further
# arguments go to the `mariadb` client, e.g. --socket=PATH.
#
#   deploy/replication.sh primary-user HOST-PATTERN PASSWORD-FILE [client args]
#       on the primary: create (or update) the replication user for replicas
#       at HOST-PATTERN (e.g. 10.0.0.%), with the password in PASSWORD-FILE
#   deploy/replication.sh replica-start PRIMARY-HOST[:PORT] PASSWORD-FILE [client args]
#       on a replica: replicate from the primary by GTID and start
#   deploy/replication.sh status [client args]
#       on a replica: the replication threads, the lag and the last error
#
# The password file holds one line; `openssl rand -base64 24 > FILE` makes
# a good one. It is sent to the server through stdin, never on a command line.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
die() { echo "replication.sh: $*" >&2; exit 2; }

password() { # FILE: the first line, checked to be safe inside an SQL string
	[ -r "$1" ] || die "cannot read the password file $1"
	pw=$(head -n 1 "$1")
	[ -n "$pw" ] || die "the password file $1 is empty"
	case $pw in
	*[!A-Za-z0-9+/=._-]*) die "the password may hold only letters, digits and + / = . _ -" ;;
	esac
	printf '%s' "$pw"
}

[ $# -ge 1 ] || die "usage: replication.sh primary-user|replica-start|status ..."
cmd=$1
shift
case $cmd in
primary-user)
	[ $# -ge 2 ] || die "usage: replication.sh primary-user HOST-PATTERN PASSWORD-FILE [client args]"
	hosts=$1 pw=$(password "$2")
	shift 2
	case $hosts in
	*[!A-Za-z0-9.%:_-]*) die "HOST-PATTERN: an address or pattern such as 10.0.0.%" ;;
	esac
	sed -e "s/@REPL_HOST@/$hosts/g" -e "s|@REPL_PASSWORD@|$pw|g" \
		"$here/replication-user.sql" | mariadb "$@"
	;;
replica-start)
	[ $# -ge 2 ] || die "usage: replication.sh replica-start PRIMARY-HOST[:PORT] PASSWORD-FILE [client args]"
	host=${1%:*} port=3306 pw=$(password "$2")
	[ "$host" = "$1" ] || port=${1##*:}
	shift 2
	case $host in
	'' | *[!A-Za-z0-9.:_-]*) die "PRIMARY-HOST: a host name or address" ;;
	esac
	case $port in
	'' | *[!0-9]*) die "PORT: a number" ;;
	esac
	sed -e "s/@PRIMARY_HOST@/$host/g" -e "s/@PRIMARY_PORT@/$port/g" \
		-e "s|@REPL_PASSWORD@|$pw|g" "$here/replica-start.sql" | mariadb "$@"
	;;
status)
	mariadb "$@" -e 'SHOW SLAVE STATUS\G' |
		grep -E 'Slave_(IO|SQL)_Running:|Seconds_Behind_Master|Gtid_IO_Pos|Last_(IO|SQL)_Error:'
	;;
*) die "unknown command $cmd" ;;
esac
