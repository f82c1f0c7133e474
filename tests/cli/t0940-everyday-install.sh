#!/bin/sh
# make install PREFIX=... DESTDIR=... puts the binary, the man page and
# the bash completion under DESTDIR+PREFIX and nowhere else; the
# installed binary runs, "man -l" shows the installed page, the installed
# completion works; make uninstall takes the three files away again.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

: "${BUILD:=$(dirname "$FSREPORT")}"

# make_in_top TARGET VAR=VALUE...: run make TARGET on the source tree
# with the tested build, never rebuilding it (-o: the binary counts as up
# to date, so no other flags can trigger a rebuild)
make_in_top() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s --no-print-directory -C "$TOP" BUILD="$BUILD" \
		-o "$BUILD/fsreport" "$@"
}

test_expect_success 'install writes exactly three files under DESTDIR/PREFIX' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local \
		>out 2>err &&
	(cd stage && find . -type f -o -type l | sort) >actual &&
	cat >expect <<-\EOF &&
	./usr/local/bin/fsreport
	./usr/local/share/bash-completion/completions/fsreport
	./usr/local/share/man/man1/fsreport.1
	EOF
	test_cmp expect actual &&
	test -x stage/usr/local/bin/fsreport &&
	test_cmp "$TOP/fsreport.1" stage/usr/local/share/man/man1/fsreport.1 &&
	test_cmp "$TOP/completion/fsreport.bash" \
		stage/usr/local/share/bash-completion/completions/fsreport
'

test_expect_success 'nothing outside DESTDIR+PREFIX: no other top folder' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/opt/fsr >/dev/null &&
	(cd stage && find . -mindepth 1 -maxdepth 2 | sort) >actual &&
	printf "./opt\n./opt/fsr\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the installed binary runs (version, a report)' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	stage/usr/local/bin/fsreport --version >version &&
	grep -q "^fsreport [0-9]" version &&
	stage/usr/local/bin/fsreport show --width 79 \
		"$EXAMPLES/ext4-mount-options" >actual &&
	test_cmp "$EXAMPLES/results/ext4-mount-options.out" actual
'

test_expect_success 'man -l shows the installed man page' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	MANWIDTH=80 MANPAGER=cat man -l \
		stage/usr/local/share/man/man1/fsreport.1 >page 2>err &&
	test ! -s err &&
	grep -q "^FSREPORT(1)" page &&
	grep -q "^EXIT STATUS" page
'

test_expect_success 'man finds the page through MANPATH' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	MANPATH="$PWD/stage/usr/local/share/man" MANWIDTH=80 MANPAGER=cat \
		man fsreport >page 2>err &&
	grep -q "^SYNOPSIS" page
'

test_expect_success 'the installed completion completes commands' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	COMPLETION="$PWD/stage/usr/local/share/bash-completion/completions/fsreport" &&
	export COMPLETION &&
	complete_words fsreport sh >actual &&
	echo show >expect &&
	test_cmp expect actual
'

test_expect_success 'make uninstall removes the three files and only them' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	mkdir -p stage/usr/local/bin && echo keep >stage/usr/local/bin/other &&
	make_in_top uninstall DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	(cd stage && find . -type f | sort) >actual &&
	echo ./usr/local/bin/other >expect &&
	test_cmp expect actual
'

test_expect_success 'install does not rebuild or change the tested binary' '
	cp "$BUILD/fsreport" before &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	cmp before "$BUILD/fsreport" &&
	cmp before stage/usr/local/bin/fsreport
'

test_done
