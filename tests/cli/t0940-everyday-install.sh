#!/bin/sh
# make install PREFIX=... DESTDIR=... puts the binary, the chart module,
# the man page and the bash completion under DESTDIR+PREFIX and nowhere else, with the
# list of the folders it created; the installed binary runs, "man -l"
# shows the installed page, the installed completion works, also loaded
# on demand by bash-completion; make uninstall takes the files away
# again, and the folders it created when they are empty.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

: "${BUILD:=$(dirname "$FSREPORT")}"

# make_in_top TARGET VAR=VALUE...: run make TARGET on the source tree
# with the tested build, never rebuilding it (-o: the binary counts as up
# to date, so no other flags can trigger a rebuild)
make_in_top() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s --no-print-directory -C "$TOP" BUILD="$BUILD" \
		-o "$BUILD/fsreport" -o "$BUILD/fsreport-cairo.so" "$@"
}

test_expect_success 'install writes exactly five files under DESTDIR/PREFIX' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local \
		>out 2>err &&
	(cd stage && find . -type f -o -type l | sort) >actual &&
	cat >expect <<-\EOF &&
	./usr/local/bin/fsreport
	./usr/local/lib/fsreport/fsreport-cairo.so
	./usr/local/share/bash-completion/completions/fsreport
	./usr/local/share/fsreport/installed-dirs
	./usr/local/share/man/man1/fsreport.1
	EOF
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	/usr
	/usr/local
	/usr/local/bin
	/usr/local/lib
	/usr/local/lib/fsreport
	/usr/local/share
	/usr/local/share/bash-completion
	/usr/local/share/bash-completion/completions
	/usr/local/share/fsreport
	/usr/local/share/man
	/usr/local/share/man/man1
	EOF
	test_cmp expect stage/usr/local/share/fsreport/installed-dirs &&
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

test_expect_success 'the installed binary draws charts with the installed module' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	stage/usr/local/bin/fsreport show --svg chart.svg \
		"$EXAMPLES/sync-modes" >/dev/null &&
	grep -q "<svg" chart.svg &&
	"$FSREPORT" show --svg built.svg "$EXAMPLES/sync-modes" \
		>/dev/null &&
	test_cmp built.svg chart.svg
'

test_expect_success 'without its module a chart fails clearly, text still works' '
	mkdir -p alone && cp "$FSREPORT" alone/fsreport &&
	test_expect_code 5 alone/fsreport show --svg c.svg \
		"$EXAMPLES/ext4-mount-options" >out 2>err &&
	grep "cannot load the chart module .*alone/fsreport-cairo.so" err &&
	test ! -e c.svg &&
	alone/fsreport show --width 79 "$EXAMPLES/ext4-mount-options" >actual &&
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

test_expect_success 'bash-completion loads the installed completion on demand' '
	if ! test -f /usr/share/bash-completion/bash_completion; then
		skip "no bash-completion package (scripts/setup-deps.sh check)"
		return 0
	fi &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	XDG_DATA_DIRS="$PWD/stage/usr/local/share" bash -c "
		. /usr/share/bash-completion/bash_completion &&
		! complete -p fsreport 2>/dev/null &&
		__load_completion fsreport &&
		complete -p fsreport" >actual &&
	echo "complete -F _fsreport fsreport" >expect &&
	test_cmp expect actual &&
	grep -F "/usr/local/share:/usr/share" \
		/usr/share/bash-completion/bash_completion
'

test_expect_success 'PREFIX=/usr: the folder of bash-completion.pc' '
	if ! pkg-config --exists bash-completion; then
		skip "no bash-completion.pc (scripts/setup-deps.sh check)"
		return 0
	fi &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr >out &&
	test -f "stage$(pkg-config --variable=completionsdir bash-completion)/fsreport" &&
	test_cmp /dev/null out
'

test_expect_success 'a PREFIX bash-completion does not search: install says so' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/opt/fsr >out &&
	grep -F "add /opt/fsr/share to XDG_DATA_DIRS" out
'

test_expect_success 'make uninstall removes the files and the folders it made' '
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	make_in_top uninstall DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	(cd stage && find . | sort) >actual &&
	echo . >expect &&
	test_cmp expect actual
'

test_expect_success 'uninstall keeps the folders that were there and other files' '
	mkdir -p stage/usr/local/bin stage/usr/local/share/man &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	echo keep >stage/usr/local/share/bash-completion/completions/other &&
	make_in_top uninstall DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	(cd stage && find . | sort) >actual &&
	cat >expect <<-\EOF &&
	.
	./usr
	./usr/local
	./usr/local/bin
	./usr/local/share
	./usr/local/share/bash-completion
	./usr/local/share/bash-completion/completions
	./usr/local/share/bash-completion/completions/other
	./usr/local/share/man
	EOF
	test_cmp expect actual
'

test_expect_success 'install does not rebuild or change the tested binary' '
	cp "$BUILD/fsreport" before &&
	make_in_top install DESTDIR="$PWD/stage" PREFIX=/usr/local >/dev/null &&
	cmp before "$BUILD/fsreport" &&
	cmp before stage/usr/local/bin/fsreport
'

test_done
