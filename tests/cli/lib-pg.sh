# lib-pg.sh - a throw-away PostgreSQL server for the store tests, sourced
# after lib.sh:
#
#	. "$(dirname "$0")/lib.sh"
#	. "$(dirname "$0")/lib-pg.sh"
#	pg_start	# once per script; stopped and removed at its exit
#	test_expect_success '...' '
#		pg_needed || return 0
#		db=$(pg_newdb) && fsreport store add --db "$db" ...
#	'
#
# pg_start runs initdb in a new temporary folder and starts the server
# listening on a Unix socket in that folder only (listen_addresses=''),
# with trust authentication for the user "fsr" it made, fsync off. The
# server refuses to run as root: as root, the folder belongs to, and the
# server runs as, the unprivileged PLAIN_UID of lib.sh (nobody) through
# as_plain_user; fsreport itself connects as "fsr" over the socket.
# Without the server binaries (FSR_PG_BIN, default Debian's
# postgresql-15, which "make check" installs) or when the server does
# not start, pg_why says why and every check that needs it skips.
PG_BIN=${FSR_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR=""
PG_WHY=""

# pg_ctl ARGS: pg_ctl as the server's user, from a folder it may enter
pg_ctl() {
	(cd "$PG_DIR" && as_plain_user "$PG_BIN/pg_ctl" -D "$PG_DIR/data" "$@")
}

# pg_server_start, pg_server_kill: start the server; stop it at once, as
# a crash would (-m immediate: clients lose their connection)
pg_server_start() {
	pg_ctl -l "$PG_DIR/log" \
		-o "-c listen_addresses='' -c unix_socket_directories='$PG_DIR' -c fsync=off -c max_connections=40" \
		-w -t 60 start >/dev/null 2>&1
}

pg_server_kill() {
	pg_ctl -m immediate -w stop >/dev/null 2>&1
}

pg_stop() {
	if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
		pg_server_kill
	fi
	[ -z "$PG_DIR" ] || rm -rf "$PG_DIR"
	PG_DIR=""
}

pg_start() {
	if [ ! -x "$PG_BIN/initdb" ]; then
		PG_WHY="no PostgreSQL server binaries in $PG_BIN (postgresql-15; make check installs it)"
		return 0
	fi
	PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/fsr-pg.XXXXXX") || {
		PG_WHY="cannot make a temporary folder"
		return 0
	}
	# lib.sh's clean-up, and the server's
	trap 'pg_stop; chmod -R u+w "$SCRATCH_ROOT" 2>/dev/null; rm -rf "$SCRATCH_ROOT"' EXIT
	if [ "$(id -u)" -eq 0 ]; then
		chown "$PLAIN_UID" "$PG_DIR"
	fi
	chmod 700 "$PG_DIR"
	if ! (cd "$PG_DIR" && as_plain_user "$PG_BIN/initdb" -D "$PG_DIR/data" \
		-U fsr -A trust -E UTF8 --locale=C --no-sync) >"$PG_DIR/initdb.log" 2>&1; then
		PG_WHY="initdb failed: $(tail -n 1 "$PG_DIR/initdb.log")"
		return 0
	fi
	if ! pg_server_start; then
		PG_WHY="the server did not start: $(tail -n 1 "$PG_DIR/log" 2>/dev/null)"
		return 0
	fi
}

# pg_needed: 0 when the server runs; else says skip with the reason and
# returns 1 (the check ends there, skipped, never passed).
pg_needed() {
	if [ -n "$PG_WHY" ] || [ -z "$PG_DIR" ]; then
		skip "${PG_WHY:-pg_start was not called}"
		return 1
	fi
	return 0
}

# pg_newdb: a new, empty database; prints its URL.
pg_newdb() {
	# a test body runs in a subshell: the count is kept in a file
	n=$(($(cat "$PG_DIR/ndb" 2>/dev/null || echo 0) + 1))
	echo "$n" >"$PG_DIR/ndb"
	name="fsr$n"
	"$PG_BIN/createdb" -h "$PG_DIR" -U fsr "$name" || return 1
	echo "postgresql:///$name?host=$PG_DIR&user=fsr"
}

# pg_sql URL SQL: run SQL with psql (unaligned, no headers).
pg_sql() {
	"$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -d "$1" -c "$2"
}
