#!/bin/sh
# setup-deps.sh [TARGET...] - install the Debian packages a make target
# (demo, check, fuzz, valgrind, bench) needs, when they are missing. A
# no-op (and silent) when all are present.
#
# The list is the one place that names them; README and CI rely on it.
set -u

# One list per make target; every target also gets BUILD_PACKAGES.
BUILD_PACKAGES="pkg-config gcc make libxml2-dev libgsl-dev libcsv-dev
	libcairo2-dev libpango1.0-dev libjansson-dev libsqlite3-dev
	nettle-dev fonts-dejavu-core"
DEMO_PACKAGES=""
CHECK_PACKAGES="libxml2-utils locales man-db groff-base bsdutils cmark-gfm
	strace time e2fsprogs util-linux bash-completion chromium sqlite3
	librsvg2-bin"
FUZZ_PACKAGES="clang libclang-rt-14-dev"
VALGRIND_PACKAGES="valgrind util-linux"
BENCH_PACKAGES="libxml2-utils time"

# setup-deps.sh [TARGET...]: the packages of those make targets (build,
# demo, check, fuzz, valgrind, bench; default check).
PACKAGES=$BUILD_PACKAGES
for target in "${@:-check}"; do
	case "$target" in
	build) ;;
	demo) PACKAGES="$PACKAGES $DEMO_PACKAGES" ;;
	check) PACKAGES="$PACKAGES $CHECK_PACKAGES" ;;
	fuzz) PACKAGES="$PACKAGES $FUZZ_PACKAGES" ;;
	valgrind) PACKAGES="$PACKAGES $VALGRIND_PACKAGES" ;;
	bench) PACKAGES="$PACKAGES $BENCH_PACKAGES" ;;
	*) echo "setup-deps.sh: unknown target '$target'" >&2; exit 2 ;;
	esac
done

# The locale test (tests/cli/t0970-everyday-locale.sh) runs fsreport under
# de_DE.UTF-8: generate that locale when it is missing (as root only; the
# test says "ok # skip" when it cannot be had).
gen_test_locale() {
	locale -a 2>/dev/null | grep -qix 'de_DE\.utf-*8' && return 0
	[ "$(id -u)" -eq 0 ] || return 0
	command -v localedef >/dev/null 2>&1 || return 0
	echo "fsreport set-up: generating the de_DE.UTF-8 locale for the tests"
	localedef -i de_DE -f UTF-8 de_DE.UTF-8 ||
		echo "fsreport set-up: could not generate de_DE.UTF-8" >&2
	return 0
}

missing=""
for p in $PACKAGES; do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
	case "$status" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done

[ -z "$missing" ] && { gen_test_locale; exit 0; }

if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "fsreport set-up: missing Debian packages; as root run: apt-get install -y$missing" >&2
	exit 1
fi
echo "fsreport set-up: installing missing Debian packages:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || {
	echo "fsreport set-up: apt-get update failed" >&2
	exit 1
}
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing || {
	echo "fsreport set-up: apt-get install failed for:$missing" >&2
	exit 1
}
gen_test_locale
echo "fsreport set-up: done"
