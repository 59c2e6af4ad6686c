#!/usr/bin/env bash
# The dev stack: a private MariaDB, the daemon and nginx, all kept under one
# var dir. Nothing outside the work tree (or the var dir given) is touched.
#
# Usage: deploy/stack.sh {run|start|stop|status} [--var DIR] [--port N]
#                        [--daemon PATH] [--workers N]
#        deploy/stack.sh {db-stop|db-start} [--var DIR]
#        deploy/stack.sh add-moderator NAME [--var DIR] [--daemon PATH]
#        deploy/stack.sh {backup|restore} FILE [--var DIR]
#
#   start   starts what is not running yet, in the background, applies new
#           migrations, and succeeds once /healthz answers; on failure shows
#           the logs' tails and stops what it started
#   run     start, then wait in the foreground; Ctrl-C stops what it started
#   stop    stops nginx, the daemon and MariaDB; safe to repeat
#   status  says what runs; exit 0 when all three run, 3 otherwise
#   db-stop, db-start
#           stop or start MariaDB alone (to see the daemon through an outage)
#   add-moderator NAME
#           create moderator NAME (or give them a new password) in the dev
#           database; the password is read from stdin (asked for on a
#           terminal), at least 12 characters
#   backup FILE
#           a consistent dump of the dev database (mariadb-dump
#           --single-transaction; FILE.gz: gzipped), mode 600, written
#           whole or not at all; MariaDB must run, the rest may
#   restore FILE
#           replaces the dev database with FILE's (a dump made by backup):
#           drops it, loads FILE, then applies newer migrations; the daemon
#           may run meanwhile (it keeps its catalog in memory, and loads the
#           restored one at its next poll)
#
#   --var DIR      default <project>/var (socket paths must stay < 100 chars)
#   --port N       default 8080, or a free port when 8080 is taken
#   --daemon PATH  default <project>/build/rel/lootforged
#   --workers N    daemon worker threads per process, default 2
#
# The var dir: db/ (MariaDB's data, kept across restarts), run/ (sockets,
# pid files), log/ (mariadb.err, daemon.log, nginx-*.log), tmp/,
# nginx.conf (generated from deploy/nginx-dev.conf.in), port (the port in
# use), db-password (the app user's password, mode 600) and secret (32
# random bytes for the daemon's CSRF tokens and client hashes, mode 600).
# LOOTFORGE_* variables in the environment reach the daemon (its settings,
# e.g. LOOTFORGE_SUBMIT_LIMIT=5; see lootforged --help).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
VAR=$ROOT/var
PORT=""
DAEMON=$ROOT/build/rel/lootforged
WORKERS=2
DB_NAME=lootforge
DB_USER=lootforge

log() { printf 'stack: %s\n' "$*"; }
die() {
	printf 'stack: %s\n' "$*" >&2
	exit 1
}
usage() {
	sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
	exit "${1:-0}"
}

# ---------------------------------------------------------------- processes

# Is pid a live process (zombies are not)?
alive() {
	kill -0 "$1" 2>/dev/null || return 1
	local stat
	stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
	stat=${stat##*) }
	[ "${stat%% *}" != Z ]
}

# Prints the pid in pid file $1 if that process runs and is one of ours: its
# command line names this var dir, so a stale file whose pid was reused by
# some other process is never signalled.
live_pid() {
	local pid cmd
	[ -r "$1" ] || return 1
	pid=$(head -n 1 "$1" 2>/dev/null) || return 1
	[[ $pid =~ ^[0-9]+$ ]] || return 1
	alive "$pid" || return 1
	if [ -r "/proc/$pid/cmdline" ]; then
		cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline")
		[[ $cmd == *"$VAR/"* ]] || return 1
	fi
	echo "$pid"
}

# stop_one NAME PIDFILE SECONDS: TERM, wait, then KILL; removes the pid file.
stop_one() {
	local name=$1 file=$2 secs=$3 pid i
	if ! pid=$(live_pid "$file"); then
		rm -f "$file"
		return 0
	fi
	log "stopping $name (pid $pid)"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < secs * 10; i++)); do
		alive "$pid" || break
		sleep 0.1
	done
	if alive "$pid"; then
		log "$name did not stop within ${secs}s; killing it"
		# Each component leads its own process group (setsid, or nginx's own
		# daemonizing), so this also takes nginx's workers.
		kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
		for ((i = 0; i < 50; i++)); do
			alive "$pid" || break
			sleep 0.1
		done
	fi
	rm -f "$file"
}

# -------------------------------------------------------------------- paths

# The var dir and project paths go into nginx.conf, SQL and socket addresses;
# holding them to plain characters keeps every one of those unquoted-safe.
check_path() {
	[[ $2 =~ ^[A-Za-z0-9/._+@%=,:-]+$ ]] ||
		die "$1 path '$2' has characters the generated configs cannot hold; use a plainer path"
}

setup_var() {
	mkdir -p "$VAR"
	VAR=$(cd "$VAR" && pwd -P)
	check_path "var dir" "$VAR"
	check_path "project" "$ROOT"
	# sun_path is 108 bytes; stay well clear.
	[ $((${#VAR} + 16)) -lt 100 ] ||
		die "var dir path too long for unix sockets (${#VAR} chars); use --var with a shorter path"
	mkdir -p "$VAR/run" "$VAR/log" "$VAR/tmp/nginx"
	chmod 700 "$VAR/run" "$VAR/tmp"
	DB_SOCK=$VAR/run/mysqld.sock
	FCGI_SOCK=$VAR/run/fcgi.sock
	PW_FILE=$VAR/db-password
	SECRET_FILE=$VAR/secret
}

# A read-only look: stop and status must not create anything.
find_var() {
	if [ -d "$VAR" ]; then
		VAR=$(cd "$VAR" && pwd -P)
	fi
	DB_SOCK=$VAR/run/mysqld.sock
	FCGI_SOCK=$VAR/run/fcgi.sock
}

# fd 9 holds the lock; every process started in the background gets it
# closed (9>&-), or it would hold the lock for as long as it runs.
lock() {
	exec 9>"$VAR/run/stack.lock"
	flock -w 120 9 || die "another stack.sh is working on $VAR"
}

# --------------------------------------------------------------------- port

port_free() {
	if command -v python3 >/dev/null; then
		# SO_REUSEADDR, as nginx binds: a port in TIME_WAIT counts as free.
		python3 - "$1" <<'EOF'
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
EOF
	else
		if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 1; fi
	fi
}

pick_port() {
	local p
	if [ -n "$PORT" ]; then
		port_free "$PORT" || die "port $PORT is taken"
		return
	fi
	if port_free 8080; then
		PORT=8080
		return
	fi
	for ((p = 8081; p < 8181; p++)); do
		if port_free "$p"; then
			PORT=$p
			log "port 8080 is taken; using $PORT"
			return
		fi
	done
	die "no free port in 8080-8180; pass --port"
}

# ------------------------------------------------------------------ MariaDB

root_sql() { mariadb --no-defaults --socket="$DB_SOCK" -uroot --batch; }

db_start() {
	local pid i userarg=()
	if pid=$(live_pid "$VAR/run/mariadb.pid"); then
		log "MariaDB already running (pid $pid)"
		return 0
	fi
	# As root the server must be told to stay root; otherwise it runs as
	# the caller and must not be given --user at all.
	[ "$(id -u)" != 0 ] || userarg=(--user=root)
	if [ ! -d "$VAR/db/mysql" ]; then
		if [ -d "$VAR/db" ] && [ -n "$(ls -A "$VAR/db")" ]; then
			die "$VAR/db holds files but no system tables; move it away to start afresh"
		fi
		log "creating the database files in $VAR/db"
		# Root without a password is reachable only through the socket
		# below, in a 0700 directory, with networking off. Its temporary
		# tables go under $VAR as the server's do, not into a /tmp that
		# stacks starting side by side share.
		if ! mariadb-install-db --no-defaults --datadir="$VAR/db" \
			--auth-root-authentication-method=normal --skip-test-db \
			--tmpdir="$VAR/tmp" \
			--user="$(id -un)" >"$VAR/log/install-db.log" 2>&1; then
			tail -n 20 "$VAR/log/install-db.log" >&2
			rm -rf "$VAR/db"
			die "mariadb-install-db failed (log: $VAR/log/install-db.log)"
		fi
	fi
	log "starting MariaDB"
	setsid mariadbd --no-defaults --datadir="$VAR/db" --socket="$DB_SOCK" \
		--skip-networking --pid-file="$VAR/run/mariadb.pid" \
		--log-error="$VAR/log/mariadb.err" --tmpdir="$VAR/tmp" \
		--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
		"${userarg[@]}" </dev/null >>"$VAR/log/mariadb.out" 2>&1 9>&- &
	pid=$!
	disown "$pid" # its fate is reported by the checks, not by bash
	# mariadbd writes the same pid itself once it is up; writing it now
	# lets a failed start be cleaned up.
	echo "$pid" >"$VAR/run/mariadb.pid"
	STARTED+=(mariadb)
	for ((i = 0; i < 600; i++)); do
		if mariadb-admin --no-defaults --socket="$DB_SOCK" -uroot \
			--connect-timeout=2 ping >/dev/null 2>&1; then
			return 0
		fi
		alive "$pid" || die "MariaDB exited during start-up"
		sleep 0.1
	done
	die "MariaDB did not answer within 60 s"
}

# The app database, the app user (only row rights on it), and migrations.
db_provision() {
	local pw
	if [ ! -s "$PW_FILE" ]; then
		(
			umask 077
			head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$PW_FILE.new"
			mv "$PW_FILE.new" "$PW_FILE"
		)
	fi
	chmod 600 "$PW_FILE"
	pw=$(head -n 1 "$PW_FILE")
	# It goes into SQL text below, so it must stay plain.
	[[ $pw =~ ^[A-Za-z0-9]{16,}$ ]] ||
		die "$PW_FILE must hold one line of 16+ letters or digits (delete it to get a new one)"
	# Through stdin, so the password never shows in a process list.
	root_sql <<EOF
CREATE DATABASE IF NOT EXISTS $DB_NAME CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$pw';
ALTER USER '$DB_USER'@'localhost' IDENTIFIED BY '$pw';
GRANT SELECT, INSERT, UPDATE, DELETE ON $DB_NAME.* TO '$DB_USER'@'localhost';
EOF
	"$ROOT/deploy/migrate.sh" --no-defaults --socket "$DB_SOCK" --user root --database "$DB_NAME"
}

# ------------------------------------------------------------------- daemon

# The daemon's secret: 32 random bytes, made once and kept, so that forms
# and client hashes survive a restart.
make_secret() {
	if [ ! -f "$SECRET_FILE" ] || [ "$(stat -c %s "$SECRET_FILE")" != 32 ]; then
		(
			umask 077
			head -c 32 /dev/urandom >"$SECRET_FILE.new"
			mv "$SECRET_FILE.new" "$SECRET_FILE"
		)
	fi
	chmod 600 "$SECRET_FILE"
}

daemon_start() {
	local pid i
	if pid=$(live_pid "$VAR/run/daemon.pid"); then
		log "daemon already running (pid $pid)"
		return 0
	fi
	[ -x "$DAEMON" ] || die "no daemon at $DAEMON (build it with make, or pass --daemon)"
	rm -f "$FCGI_SOCK"
	make_secret
	log "starting the daemon ($WORKERS workers)"
	(
		cd "$ROOT"
		# The last good catalog lives with the rest of this stack's state.
		# A variable, not a flag: a daemon without the setting ignores it.
		export LOOTFORGE_CATALOG_CACHE="${LOOTFORGE_CATALOG_CACHE:-$VAR/catalog.cache}"
		# The current revision's pages as files, where nginx.conf looks
		# (src/web/kept.h).
		export LOOTFORGE_KEPT_DIR="$VAR/kept"
		exec setsid "$DAEMON" --socket "$FCGI_SOCK" --workers "$WORKERS" \
			--templates "$ROOT/templates" --db-socket "$DB_SOCK" \
			--db-user "$DB_USER" --db-name "$DB_NAME" --db-password-file "$PW_FILE" \
			--secret-file "$SECRET_FILE" --cookie-secure 0
	) </dev/null >>"$VAR/log/daemon.log" 2>&1 9>&- &
	pid=$!
	disown "$pid"
	echo "$pid" >"$VAR/run/daemon.pid"
	STARTED+=(daemon)
	for ((i = 0; i < 100; i++)); do
		[ -S "$FCGI_SOCK" ] && return 0
		alive "$pid" || die "the daemon exited during start-up"
		sleep 0.1
	done
	die "the daemon did not create $FCGI_SOCK within 10 s"
}

# -------------------------------------------------------------------- nginx

nginx_args() { NGINX_ARGS=(-p "$VAR/" -e "$VAR/log/nginx-error.log" -c "$VAR/nginx.conf"); }

nginx_conf() {
	# Idle kept connections cost the daemon only a descriptor (server.c
	# parks them in epoll), and reusing them halves nginx's work per request.
	local user_line="" extra="" keepalive=64 d
	[ "$(id -u)" != 0 ] || user_line="user root root;"
	# Without these nginx would use the packaged absolute paths outside var/;
	# a build without the module would reject the directive.
	for d in uwsgi scgi; do
		if ! nginx -V 2>&1 | grep -q -- "--without-http_${d}_module"; then
			extra+="${d}_temp_path $VAR/tmp/nginx/$d; "
		fi
	done
	# The values are plain paths (check_path), safe in a sed replacement.
	# Comment lines are left alone: they name the placeholders.
	local c='/^[[:space:]]*#/!'
	sed -e "1i # Generated by deploy/stack.sh from deploy/nginx-dev.conf.in: edits here are lost." \
		-e "${c}s|@PORT@|$PORT|g" -e "${c}s|@VAR@|$VAR|g" -e "${c}s|@ROOT@|$ROOT|g" \
		-e "${c}s|@USER_LINE@|$user_line|g" -e "${c}s|@KEEPALIVE@|$keepalive|g" \
		-e "${c}s|@EXTRA_TEMP_PATHS@|\t$extra|g" \
		"$ROOT/deploy/nginx-dev.conf.in" >"$VAR/nginx.conf.new"
	mv "$VAR/nginx.conf.new" "$VAR/nginx.conf"
}

nginx_start() {
	local pid
	nginx_args
	if pid=$(live_pid "$VAR/run/nginx.pid"); then
		PORT=$(cat "$VAR/port" 2>/dev/null) || die "nginx runs but $VAR/port is gone; stop and start again"
		log "nginx already running (pid $pid) on port $PORT"
		return 0
	fi
	nginx_conf
	nginx -t -q "${NGINX_ARGS[@]}" || die "the generated $VAR/nginx.conf is not valid"
	log "starting nginx on 127.0.0.1:$PORT"
	STARTED+=(nginx)
	nginx "${NGINX_ARGS[@]}" 9>&- || die "nginx did not start"
	echo "$PORT" >"$VAR/port"
}

healthy() { curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$1/healthz" 2>/dev/null; }

wait_healthy() {
	local end=$((SECONDS + 15))
	while [ "$SECONDS" -lt "$end" ]; do
		healthy "$PORT" && return 0
		sleep 0.2
	done
	curl -sS -o /dev/null --max-time 2 -w 'stack: /healthz answered %{http_code}\n' \
		"http://127.0.0.1:$PORT/healthz" >&2 || true
	die "http://127.0.0.1:$PORT/healthz did not answer within 15 s"
}

# ----------------------------------------------------------------- commands

STARTED=()
STARTING=0

LOGS=(install-db.log mariadb.err mariadb.out daemon.log nginx-error.log)
declare -A LOG_AT=()

# Remembers where each log ends, so that show_logs shows only this run's lines.
mark_logs() {
	local f
	for f in "${LOGS[@]}"; do
		LOG_AT[$f]=$(stat -c %s "$VAR/log/$f" 2>/dev/null || echo 0)
	done
}

show_logs() {
	local f new
	for f in "${LOGS[@]}"; do
		[ -s "$VAR/log/$f" ] || continue
		# MariaDB's start-up notes bury its errors.
		new=$(tail -c +$((${LOG_AT[$f]:-0} + 1)) "$VAR/log/$f" | { grep -v '\[Note\]' || true; } | tail -n 15)
		[ -n "$new" ] || continue
		printf '\n==> %s <==\n%s\n' "$VAR/log/$f" "$new" >&2
	done
}

# Stops what this invocation started, newest first.
stop_started() {
	local i
	for ((i = ${#STARTED[@]} - 1; i >= 0; i--)); do
		case ${STARTED[i]} in
		nginx) stop_one nginx "$VAR/run/nginx.pid" 10 ;;
		daemon)
			stop_one daemon "$VAR/run/daemon.pid" 10
			rm -f "$FCGI_SOCK"
			;;
		mariadb) stop_one MariaDB "$VAR/run/mariadb.pid" 60 ;;
		esac
	done
	STARTED=()
}

on_exit() {
	local rc=$?
	set +e # clean up as much as can be, whatever fails
	if [ "$STARTING" = 1 ]; then
		STARTING=0
		show_logs
		stop_started
		[ "$rc" != 0 ] || rc=1
	fi
	exit "$rc"
}

all_running() {
	live_pid "$VAR/run/mariadb.pid" >/dev/null &&
		live_pid "$VAR/run/daemon.pid" >/dev/null &&
		live_pid "$VAR/run/nginx.pid" >/dev/null
}

# Sets ALREADY=1 when everything was running before. Not called as a
# condition: that would switch off set -e inside it.
ALREADY=0
do_start() {
	setup_var
	lock
	if all_running; then
		ALREADY=1
		PORT=$(cat "$VAR/port" 2>/dev/null) || die "nginx runs but $VAR/port is gone; stop and start again"
		# Still apply migrations added since it started; the daemon sees
		# the catalog change through catalog_revision.
		db_provision
		log "already running at http://127.0.0.1:$PORT/"
		return 0
	fi
	# Before anything starts: a taken --port or a missing daemon should cost nothing.
	live_pid "$VAR/run/nginx.pid" >/dev/null || pick_port
	live_pid "$VAR/run/daemon.pid" >/dev/null || [ -x "$DAEMON" ] ||
		die "no daemon at $DAEMON (build it with make, or pass --daemon)"
	mark_logs
	STARTING=1
	db_start
	db_provision
	daemon_start
	nginx_start
	wait_healthy
	STARTING=0
	echo "lootforge running at http://127.0.0.1:$PORT/"
}

cmd_start() {
	do_start
}

cmd_run() {
	local what
	do_start
	if [ "$ALREADY" = 1 ]; then
		log "it was started elsewhere; stop it with: deploy/stack.sh stop --var $VAR"
		return 0
	fi
	flock -u 9 # let status (and stop) work from another terminal
	trap 'log "stopping"; stop_started; exit 0' INT TERM
	log "Ctrl-C stops it"
	while :; do
		sleep 1 &
		wait $! || true
		for what in mariadb daemon nginx; do
			[[ " ${STARTED[*]} " == *" $what "* ]] || continue
			live_pid "$VAR/run/$what.pid" >/dev/null && continue
			# A removed pid file means a clean stop (stack.sh stop, or
			# MariaDB shut down by hand): not a crash.
			if [ ! -e "$VAR/run/$what.pid" ]; then
				log "$what was stopped by something else; stopping the rest"
				stop_started
				exit 0
			fi
			log "$what exited unexpectedly"
			show_logs
			stop_started
			exit 1
		done
	done
}

cmd_stop() {
	find_var
	[ -d "$VAR/run" ] || {
		log "nothing runs under $VAR"
		return 0
	}
	lock
	stop_one nginx "$VAR/run/nginx.pid" 10
	stop_one daemon "$VAR/run/daemon.pid" 10
	rm -f "$FCGI_SOCK"
	stop_one MariaDB "$VAR/run/mariadb.pid" 60
	log "stopped"
}

# MariaDB alone: for trying (and testing) how the daemon rides out an outage.
cmd_db_stop() {
	find_var
	[ -d "$VAR/run" ] || {
		log "nothing runs under $VAR"
		return 0
	}
	lock
	stop_one MariaDB "$VAR/run/mariadb.pid" 60
}

cmd_db_start() {
	setup_var
	lock
	db_start
}

cmd_add_moderator() {
	find_var
	live_pid "$VAR/run/mariadb.pid" >/dev/null || die "MariaDB does not run under $VAR; start the stack first"
	[ -x "$DAEMON" ] || die "no daemon at $DAEMON (build it with make, or pass --daemon)"
	"$DAEMON" --db-socket "$DB_SOCK" --db-user "$DB_USER" --db-name "$DB_NAME" \
		--db-password-file "$VAR/db-password" --add-moderator "$MODERATOR"
}

cmd_status() {
	local pid up=0 name file port=""
	find_var
	for name in mariadb daemon nginx; do
		file=$VAR/run/$name.pid
		if pid=$(live_pid "$file"); then
			printf '%-8s running (pid %s)\n' "$name:" "$pid"
			up=$((up + 1))
		else
			printf '%-8s stopped\n' "$name:"
		fi
	done
	[ ! -r "$VAR/port" ] || port=$(cat "$VAR/port")
	if [ "$up" = 3 ]; then
		if healthy "$port"; then
			echo "lootforge running at http://127.0.0.1:$port/ (healthz ok)"
		else
			echo "lootforge at http://127.0.0.1:$port/ does not answer /healthz"
		fi
		return 0
	fi
	return 3
}

# Backup and restore (docs/operations.md). One consistent snapshot of
# every table (InnoDB: --single-transaction reads them all at one moment
# without locking the site out), the revision triggers with them, binary
# columns as hex so that they survive any client's character set.
dump_args() {
	DUMP_ARGS=(--no-defaults --socket="$DB_SOCK" -uroot --single-transaction --routines
		--triggers --events --hex-blob --default-character-set=utf8mb4 --databases "$DB_NAME")
}

cmd_backup() {
	find_var
	live_pid "$VAR/run/mariadb.pid" >/dev/null || die "MariaDB does not run under $VAR; start it first (db-start)"
	dump_args
	local tmp="$FILE.partial"
	(
		umask 077
		if [[ $FILE == *.gz ]]; then
			mariadb-dump "${DUMP_ARGS[@]}" | gzip -c >"$tmp"
		else
			mariadb-dump "${DUMP_ARGS[@]}" >"$tmp"
		fi
	) || {
		rm -f "$tmp"
		die "mariadb-dump failed; nothing written to $FILE"
	}
	# A dump that ran to its end says so on its last line.
	if ! { if [[ $FILE == *.gz ]]; then gzip -dc "$tmp"; else cat "$tmp"; fi; } | tail -n 1 | grep -q '^-- Dump completed'; then
		rm -f "$tmp"
		die "the dump did not complete; nothing written to $FILE"
	fi
	mv "$tmp" "$FILE"
	log "backed up $DB_NAME to $FILE"
}

cmd_restore() {
	setup_var
	[ -r "$FILE" ] || die "cannot read $FILE"
	live_pid "$VAR/run/mariadb.pid" >/dev/null || die "MariaDB does not run under $VAR; start it first (db-start)"
	local cat=(cat "$FILE")
	[[ $FILE != *.gz ]] || cat=(gzip -dc "$FILE")
	"${cat[@]}" | tail -n 1 | grep -q '^-- Dump completed' || die "$FILE is not a complete dump"
	lock
	log "restoring $DB_NAME from $FILE"
	# Whole: tables the dump does not hold (a newer migration's) must go too.
	echo "DROP DATABASE IF EXISTS $DB_NAME;" | root_sql
	"${cat[@]}" | root_sql || die "loading $FILE failed; the database is incomplete: restore again"
	# The app user and its grants live outside the database; the
	# migrations newer than the dump are applied.
	db_provision
	log "restored $DB_NAME from $FILE"
}

# --------------------------------------------------------------------- main

[ $# -ge 1 ] || usage 2
cmd=$1
shift
MODERATOR=""
FILE=""
case $cmd in
run | start | stop | status | db-stop | db-start) ;;
backup | restore)
	[ $# -ge 1 ] || die "$cmd needs a FILE"
	FILE=$1
	shift
	case $FILE in
	/*) ;;
	*) FILE=$PWD/$FILE ;;
	esac
	;;
add-moderator)
	[ $# -ge 1 ] || die "add-moderator needs a NAME"
	MODERATOR=$1
	shift
	;;
-h | --help | help) usage 0 ;;
*) die "unknown command: $cmd (run, start, stop, status, db-stop, db-start, add-moderator, backup or restore)" ;;
esac
while [ $# -gt 0 ]; do
	case $1 in
	--var | --port | --daemon | --workers)
		[ $# -ge 2 ] || die "$1 needs a value"
		case $1 in
		--var) VAR=$2 ;;
		--port) PORT=$2 ;;
		--daemon) DAEMON=$2 ;;
		--workers) WORKERS=$2 ;;
		esac
		shift 2
		;;
	-h | --help) usage 0 ;;
	*) die "unknown argument: $1 (see --help)" ;;
	esac
done
[ -z "$PORT" ] || { [[ $PORT =~ ^[0-9]{1,5}$ ]] && [ "$PORT" -ge 1 ] && [ "$PORT" -le 65535 ]; } ||
	die "--port must be 1-65535"
if ! [[ $WORKERS =~ ^[0-9]{1,3}$ ]] || [ "$WORKERS" -lt 1 ]; then
	die "--workers must be 1-999"
fi
case $DAEMON in
/*) ;;
*) DAEMON=$PWD/$DAEMON ;;
esac

trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

case $cmd in
start) cmd_start ;;
run) cmd_run ;;
stop) cmd_stop ;;
status) cmd_status ;;
db-stop) cmd_db_stop ;;
db-start) cmd_db_start ;;
add-moderator) cmd_add_moderator ;;
backup) cmd_backup ;;
restore) cmd_restore ;;
esac
