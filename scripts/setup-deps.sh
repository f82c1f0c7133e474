#!/bin/sh
# setup-deps.sh [TARGET...] - install the Debian packages a make target
# (demo, check, fuzz, valgrind, bench) needs, when they are missing. A
# no-op (and silent) when all are present.
#
# The list is the one place that names them; README and CI rely on it.
# Quiet: one line per step; apt-get's and dpkg's own output goes to a
# log file, named (with its last errors) when a step fails.
#
# FSREPORT_NO_BROWSER=1: "check" leaves out the browser (Chromium, about
# 120 packages) and what only the browser checks use; those checks skip,
# saying why (tests/cli/lib.sh, browser_why_not).
set -u

# One list per make target; every target also gets BUILD_PACKAGES.
BUILD_PACKAGES="pkg-config gcc make libxml2-dev libgsl-dev libcsv-dev
	libcairo2-dev libpango1.0-dev libpng-dev libjansson-dev libsqlite3-dev
	libpq-dev nettle-dev fonts-dejavu-core"
DEMO_PACKAGES=""
CHECK_PACKAGES="libxml2-utils locales man-db groff-base bsdutils cmark-gfm
	strace time e2fsprogs util-linux bash-completion sqlite3 python3
	postgresql-15 libpq5"
# postgresql-15: the server the PostgreSQL store tests start for
# themselves (tests/cli/lib-pg.sh; initdb in a temporary folder, as an
# unprivileged user when run as root); its own cluster is not used.
# libpq5: the library a PostgreSQL store loads at run time, not linked
# (store/libpq.c); libpq-dev brings it for the build, named here for the
# tests that load it (t2610, t2620).
# the browser checks of "check" (tests/cli/t1510, t1515, t1950)
BROWSER_PACKAGES="chromium librsvg2-bin"
FUZZ_PACKAGES="clang libclang-rt-14-dev"
VALGRIND_PACKAGES="valgrind util-linux"
BENCH_PACKAGES="libxml2-utils time"

# The locale test (tests/cli/t0970-everyday-locale.sh) runs fsreport under
# de_DE.UTF-8, which "check" generates (from the locales package) when it
# is missing; the test says "ok # skip" when it cannot be had.
TEST_LOCALE=de_DE.UTF-8
LOCALEDEF="localedef -i de_DE -f UTF-8 $TEST_LOCALE"

say() {
	echo "fsreport set-up: $*"
}

no_browser() {
	case "${FSREPORT_NO_BROWSER:-}" in
	"" | 0) return 1 ;;
	*) return 0 ;;
	esac
}

# setup-deps.sh [TARGET...]: the packages of those make targets (build,
# demo, check, fuzz, valgrind, bench; default check).
PACKAGES=$BUILD_PACKAGES
want_locale=""
for target in "${@:-check}"; do
	case "$target" in
	build) ;;
	demo) PACKAGES="$PACKAGES $DEMO_PACKAGES" ;;
	check)
		PACKAGES="$PACKAGES $CHECK_PACKAGES"
		no_browser || PACKAGES="$PACKAGES $BROWSER_PACKAGES"
		want_locale=1
		;;
	fuzz) PACKAGES="$PACKAGES $FUZZ_PACKAGES" ;;
	valgrind) PACKAGES="$PACKAGES $VALGRIND_PACKAGES" ;;
	bench) PACKAGES="$PACKAGES $BENCH_PACKAGES" ;;
	*) echo "setup-deps.sh: unknown target '$target'" >&2; exit 2 ;;
	esac
done

# one line, one space between names
# shellcheck disable=SC2086,SC2116
PACKAGES=$(echo $PACKAGES)

if ! command -v dpkg-query >/dev/null 2>&1; then
	say "not Debian (no dpkg-query): make sure the equivalents of these are installed: $PACKAGES" >&2
	exit 0
fi

installed() {
	case "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" in
	*"install ok installed"*) return 0 ;;
	*) return 1 ;;
	esac
}

missing=""
for p in $PACKAGES; do
	case " $missing " in *" $p "*) continue ;; esac
	installed "$p" || missing="$missing $p"
done
missing=${missing# }

has_locale() {
	locale -a 2>/dev/null | grep -qix 'de_DE\.utf-*8'
}

if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	# A plain user without sudo: the one command to run as root.
	[ -z "$missing" ] && exit 0
	cmd="apt-get update && apt-get install -y --no-install-recommends $missing"
	[ -n "$want_locale" ] && ! has_locale && cmd="$cmd && $LOCALEDEF"
	say "missing Debian packages: $missing" >&2
	say "as root, run this, then make again:" >&2
	echo "    $cmd" >&2
	case " $missing " in
	*" chromium "*)
		say "(or test without a browser: make check FSREPORT_NO_BROWSER=1)" >&2
		;;
	esac
	exit 1
fi

LOG=""
# step WHAT COMMAND...: one line saying WHAT, COMMAND's output to the log;
# on failure, the log named with its last errors
step() {
	what=$1
	shift
	[ -n "$LOG" ] || LOG=$(mktemp "${TMPDIR:-/tmp}/fsreport-setup.XXXXXX") || exit 1
	say "$what"
	echo "== $*" >>"$LOG"
	if "$@" >>"$LOG" 2>&1 </dev/null; then
		return 0
	fi
	say "failed: $*" >&2
	grep -E '^(E|W): |error' "$LOG" | tail -n 3 | sed 's/^/    /' >&2
	say "the whole output is in $LOG" >&2
	return 1
}

if [ -n "$missing" ]; then
	n=$(echo "$missing" | wc -w)
	say "$n Debian packages missing: $missing"
	export DEBIAN_FRONTEND=noninteractive
	# first the package lists: they are empty on a fresh image (a
	# container's debian:12) and go stale, and then install fails
	step "updating the package lists (apt-get update)" \
		$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
		exit 1
	# shellcheck disable=SC2086
	step "installing them and what they need (apt-get install)" \
		$SUDO env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends \
		-o Dpkg::Use-Pty=0 $missing || exit 1
fi

# after the packages: localedef needs the locales package's definitions
if [ -n "$want_locale" ] && ! has_locale; then
	if installed locales && command -v localedef >/dev/null 2>&1; then
		# shellcheck disable=SC2086
		step "generating the $TEST_LOCALE locale for the tests" \
			$SUDO $LOCALEDEF ||
			say "the locale test will skip" >&2
	fi
fi

if [ -n "$LOG" ]; then
	rm -f "$LOG"
	say "done"
fi
exit 0
