#!/bin/sh
# scripts/setup-deps.sh on a fresh machine (issue 30): it updates the
# package lists before installing, is quiet (one line a step, apt-get's
# and dpkg's output in a log named when a step fails), makes the test
# locale only for check and only after the locales package is in, leaves
# Chromium out of demo and of check with FSREPORT_NO_BROWSER=1, and
# tells a plain user without sudo the one complete command to run.
#
# apt-get, dpkg-query, locale, localedef and id are stand-ins on a PATH
# of their own (the script changes nothing on this machine, and plays
# root or a plain user whoever runs the test); they write what they
# were asked to ./calls.
. "$(dirname "$0")/lib.sh"

SETUP="$TOP/scripts/setup-deps.sh"

# fake_system [INSTALLED...]: ./bin, the tools setup-deps.sh runs, with
# stand-ins: dpkg-query knows only INSTALLED (all with "all"), apt-get
# prints dpkg's chatter and records its arguments, "install" adds the
# packages to ./installed (and fails for a package named "nosuch"),
# locale -a lists ./locales, localedef adds to it; id -u prints $FAKE_UID
# (0 unless set). No sudo.
fake_system() {
	rm -rf bin && mkdir bin && : >calls && : >locales &&
	printf '%s\n' "$@" >installed &&
	for c in grep mktemp sed tail wc rm env cat; do
		ln -s "$(command -v $c)" bin/$c || return 1
	done &&
	here=$PWD &&
	cat >bin/dpkg-query <<-EOF &&
	#!/bin/sh
	for p; do :; done
	if grep -qx all "$here/installed" || grep -qx "\$p" "$here/installed"
	then echo "install ok installed"; exit 0; fi
	exit 1
	EOF
	cat >bin/apt-get <<-EOF &&
	#!/bin/sh
	echo "apt-get \$* [DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-}]" >>"$here/calls"
	i=0
	while [ \$i -lt 200 ]; do
		echo "Selecting previously unselected package p\$i."
		echo "Unpacking p\$i (1.0) ..."; echo "Setting up p\$i (1.0) ..."
		i=\$((i + 1))
	done
	case " \$* " in
	*" nosuch "*) echo "E: Unable to locate package nosuch" >&2; exit 100 ;;
	*" install "*)
		for p; do case \$p in -*|install) ;; *) echo "\$p" >>"$here/installed" ;; esac; done ;;
	esac
	exit 0
	EOF
	printf "#!/bin/sh\necho \"\${FAKE_UID:-0}\"\n" >bin/id &&
	cat >bin/locale <<-EOF &&
	#!/bin/sh
	echo C; echo POSIX; cat "$here/locales"
	EOF
	cat >bin/localedef <<-EOF &&
	#!/bin/sh
	echo "localedef \$*" >>"$here/calls"
	grep -qx locales "$here/installed" || {
		echo "[error] cannot open locale definition file 'de_DE'" >&2
		exit 4; }
	echo de_DE.utf8 >>"$here/locales"
	EOF
	chmod 755 . bin/dpkg-query bin/apt-get bin/locale bin/localedef bin/id &&
	chmod 644 calls locales installed
}

# setup TARGET...: setup-deps.sh on the fake system (stdout, stderr in
# ./out, ./err)
setup() {
	env -i PATH="$PWD/bin" TMPDIR="$PWD" FAKE_UID="${FAKE_UID:-0}" \
		${NO_BROWSER:+FSREPORT_NO_BROWSER=$NO_BROWSER} \
		/bin/sh "$SETUP" "$@" >out 2>err
}

# the packages apt-get was asked to install
asked() {
	sed -n "s/^apt-get install .* -o Dpkg::Use-Pty=0 \(.*\) \[.*/\1/p" calls |
		tr " " "\n"
}

test_expect_success 'nothing missing: silent, nothing run' '
	fake_system all && echo de_DE.utf8 >locales &&
	setup check && setup demo &&
	test ! -s out && test ! -s err && test ! -s calls
'

test_expect_success 'demo on a bare system: the lists first, no browser, no locale' '
	fake_system &&
	setup demo && cat out err &&
	head -n 1 calls | grep "^apt-get update -qq \[DEBIAN_FRONTEND=noninteractive\]$" &&
	sed -n 2p calls | grep "^apt-get install -y -qq --no-install-recommends" &&
	grep "DEBIAN_FRONTEND=noninteractive\]$" calls &&
	test "$(wc -l <calls)" -eq 2 &&
	asked >pkgs && grep -x gcc pkgs && grep -x libcairo2-dev pkgs &&
	! grep -x chromium pkgs && ! grep -x locales pkgs &&
	! grep "localedef\|selected\|Unpacking\|Setting up" out err &&
	test "$(wc -l <out)" -le 4 && test ! -s err &&
	tail -n 1 out | grep -x "fsreport set-up: done" &&
	test -z "$(find . -name "fsreport-setup.*")"
'

test_expect_success 'demo with its packages in but no locale: no locale step' '
	fake_system all &&
	setup demo && cat out err &&
	test ! -s calls && test ! -s out && test ! -s err
'

test_expect_success 'check: the browser, then the locale after locales is in' '
	fake_system &&
	setup check && cat out err &&
	asked >pkgs && grep -x chromium pkgs && grep -x locales pkgs &&
	grep -x python3 pkgs &&
	sed -n 3p calls | grep -x "localedef -i de_DE -f UTF-8 de_DE.UTF-8" &&
	grep -x de_DE.utf8 locales &&
	! grep "error" out err && test ! -s err &&
	test "$(wc -l <out)" -le 5
'

test_expect_success 'check with FSREPORT_NO_BROWSER=1 installs no browser' '
	fake_system &&
	NO_BROWSER=1 setup check && cat out err &&
	asked >pkgs && grep -x locales pkgs && grep -x cmark-gfm pkgs &&
	! grep -x chromium pkgs && ! grep -x librsvg2-bin pkgs &&
	fake_system all && echo de_DE.utf8 >locales &&
	NO_BROWSER=0 setup check && test ! -s calls &&
	# 0 is "no": the browser is wanted
	fake_system && NO_BROWSER=0 setup check &&
	asked >pkgs && grep -x chromium pkgs
'

test_expect_success 'a failing install: one line, the errors, the log named' '
	fake_system &&
	sed "s/^BUILD_PACKAGES=\"/BUILD_PACKAGES=\"nosuch /" "$SETUP" >s2.sh &&
	SETUP=$PWD/s2.sh &&
	test_expect_code 1 setup demo &&
	cat out err &&
	grep "E: Unable to locate package nosuch" err &&
	log=$(sed -n "s/.*the whole output is in \(.*\)$/\1/p" err) &&
	test -f "$log" && grep -q "Unpacking p199" "$log" &&
	test "$(cat out err | wc -l)" -le 8 &&
	! grep "Unpacking" out err
'

test_expect_success 'a plain user without sudo: the one command to run as root' '
	fake_system &&
	FAKE_UID=1000 &&
	test_expect_code 1 setup check &&
	cat out err &&
	test ! -s out && test ! -s calls &&
	cmd=$(sed -n "s/^    //p" err) &&
	echo "$cmd" | grep "^apt-get update && apt-get install -y --no-install-recommends .* && localedef -i de_DE -f UTF-8 de_DE.UTF-8$" &&
	for p in gcc make libsqlite3-dev locales chromium cmark-gfm python3; do
		echo "$cmd" | grep -q " $p " || { echo "no $p"; return 1; }
	done &&
	grep "FSREPORT_NO_BROWSER=1" err &&
	# run as root, it leaves nothing missing
	env PATH="$PWD/bin" /bin/sh -c "$cmd" &&
	setup check &&
	test ! -s out && test ! -s err &&
	# demo: its own packages only, no locale
	fake_system &&
	test_expect_code 1 setup demo &&
	cmd=$(sed -n "s/^    //p" err) &&
	echo "$cmd" | grep "^apt-get update && apt-get install -y --no-install-recommends [^&]*fonts-dejavu-core$" &&
	! grep "chromium\|locales" err
'

test_expect_success 'make sets up for every target it is given' '
	(cd "$TOP" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n --no-print-directory demo check BUILD="$PWD/b" \
		2>/dev/null) >plan &&
	grep -x "sh scripts/setup-deps.sh demo check" plan &&
	(cd "$TOP" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n --no-print-directory demo BUILD="$PWD/b" \
		2>/dev/null) >plan &&
	grep -x "sh scripts/setup-deps.sh demo" plan &&
	test ! -e b
'

test_done
