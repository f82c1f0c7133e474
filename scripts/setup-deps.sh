#!/bin/sh
# setup-deps.sh - install the Debian packages fsreport needs to build and
# test, when they are missing. A no-op (and silent) when all are present.
#
# The list is the one place that names them; README and CI rely on it.
set -u

PACKAGES="
pkg-config
gcc
make
libxml2-dev
libxml2-utils
libgsl-dev
libcsv-dev
libcairo2-dev
libpango1.0-dev
libjansson-dev
fonts-dejavu-core
locales
man-db
groff-base
bsdutils
cmark-gfm
clang
libclang-rt-14-dev
valgrind
strace
time
e2fsprogs
util-linux
"

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

echo "fsreport set-up: installing missing Debian packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "fsreport set-up: not root and no sudo; please install:$missing" >&2
	exit 1
fi
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
