#!/bin/sh
# --help per command is short and true, --version names the libraries,
# unknown commands, options and values get the nearest valid one, and
# COLUMNS sets the text width.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

test_expect_success 'fsreport --help lists the commands, exit 0' '
	fsreport --help >out &&
	help_commands >cmds &&
	grep -qx show cmds &&
	grep -qx compare cmds &&
	grep -q "fsreport COMMAND --help" out
'

test_expect_success 'fsreport with no argument: usage on stderr, exit 2' '
	test_expect_code 2 fsreport >out 2>err &&
	test ! -s out &&
	head -n 1 err >first &&
	echo "usage: fsreport COMMAND [OPTION]... RUNSET..." >expect &&
	test_cmp expect first
'

test_expect_success 'every command has a --help that starts with its usage' '
	for c in $(help_commands); do
		fsreport $c --help >out &&
		head -n 1 out >first &&
		grep -q "^usage: fsreport $c " first ||
			{ echo "bad help of $c"; return 1; }
		fsreport $c -h >out2 && test_cmp out out2 || return 1
	done
'

# compare and report list about 40 options (selection, notes,
# --drop-first, --equivalence, --max-regression): a screen and a half,
# still one page.
test_expect_success 'help is short: lines fit 80 columns, under 55 lines' '
	fsreport --help >all &&
	fsreport --version >>all &&
	for c in $(help_commands); do
		fsreport $c --help >>all || return 1
		test "$(fsreport $c --help | wc -l)" -lt 55 ||
			{ echo "$c --help is long"; return 1; }
	done &&
	awk "length > 80 { print; bad = 1 } END { exit bad }" all
'

test_expect_success 'help is true: every option it lists is accepted' '
	for c in $(help_commands); do
		for opt in $(help_options $c); do
			fsreport $c --$opt >/dev/null 2>err </dev/null
			if grep -q "unknown option\|does not apply" err; then
				echo "$c --$opt:"; cat err; return 1
			fi
		done
	done
'

test_expect_success 'help is true: an option not listed for a command is refused' '
	fsreport show --help >h &&
	! grep -q -- "--baseline" h &&
	test_expect_code 2 fsreport show --baseline x y 2>err &&
	head -n 1 err >first &&
	echo "fsreport: --baseline does not apply to '\''show'\''" >expect &&
	test_cmp expect first
'

test_expect_success 'help is true: every format it lists is accepted' '
	for c in $(help_commands); do
		# check reads a results store: its formats are t1920'"'"'s.
		test $c = check && continue
		# plan plans for a change or a margin: it needs one
		extra=
		test $c = plan && extra="--detect 5"
		for f in $(help_formats $c); do
			fsreport $c $extra --format $f \
				"a=$EXAMPLES/ext4-mount-options" \
				"b=$EXAMPLES/ext4-mount-options" >out 2>err ||
				{ echo "$c --format $f:"; cat err; return 1; }
			test -s out || return 1
		done
	done
'

test_expect_success 'help is true: exit code 1 is named by compare and check only' '
	fsreport compare --help >cmp &&
	grep -q "1 regression found (--fail-on-regression)" cmp &&
	fsreport check --help >chk &&
	grep -q "^exit codes: 0 no regression, 1 regression found" chk &&
	for c in $(help_commands); do
		test $c = compare || test $c = check && continue
		fsreport $c --help >h &&
		grep -q "^exit codes: 0 ok, 2 usage" h &&
		! grep -v -- "--max-regression" h | grep -q "regression" ||
			{ echo "$c"; return 1; }
	done
'

test_expect_success '--version: fsreport and the library versions' '
	fsreport --version >out &&
	head -n 1 out >first &&
	echo "fsreport 0.1.0" >expect &&
	test_cmp expect first &&
	for lib in libxml-2.0:libxml2 gsl:GSL cairo:Cairo \
		   pangocairo:Pango jansson:jansson sqlite3:SQLite; do
		v=$(pkg-config --modversion ${lib%%:*}) &&
		grep -q "${lib#*:} $v" out ||
			{ echo "no ${lib#*:} $v"; return 1; }
	done &&
	grep -q "libcsv [0-9][0-9.]*" out
'

test_expect_success '--version after a command and as "version"' '
	fsreport --version >expect &&
	fsreport show --version >out1 &&
	fsreport version >out2 &&
	test_cmp expect out1 &&
	test_cmp expect out2
'

test_expect_success 'unknown command: the nearest one, exit 2' '
	test_expect_code 2 fsreport compre a b 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown command '\''compre'\''; did you mean '\''compare'\''?" >expect &&
	test_cmp expect first
'

test_expect_success 'unknown command far from any: no guess, exit 2' '
	test_expect_code 2 fsreport frobnicate 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown command '\''frobnicate'\''" >expect &&
	test_cmp expect first
'

test_expect_success 'unknown long option: the nearest one, exit 2' '
	test_expect_code 2 fsreport show --widht 80 x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown option '\''--widht'\''; did you mean '\''--width'\''?" >expect &&
	test_cmp expect first &&
	test_expect_code 2 fsreport show --colour=never x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown option '\''--colour=never'\''; did you mean '\''--color'\''?" >expect &&
	test_cmp expect first
'

test_expect_success 'unknown short option: exit 2, says which' '
	test_expect_code 2 fsreport show -Z x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown option '\''-Z'\''" >expect &&
	test_cmp expect first
'

test_expect_success 'a swap of two letters is one edit (Damerau), as git weighs it' '
	for pair in sgv:svg fromat:format conifdence:confidence chartdir:chart-dir; do
		typo=${pair%%:*} right=${pair#*:} &&
		test_expect_code 2 fsreport compare --$typo x 2>err &&
		head -n 1 err >first &&
		echo "fsreport: unknown option '\''--$typo'\''; did you mean '\''--$right'\''?" >expect &&
		test_cmp expect first || return 1
	done
'

test_expect_success 'unknown format: the nearest one, exit 2' '
	test_expect_code 2 fsreport show --format cvs "$EXAMPLES/ext4-mount-options" 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown format '\''cvs'\''; did you mean '\''csv'\''?" >expect &&
	test_cmp expect first
'

test_expect_success '--color wants auto, always or never (exit 2)' '
	test_expect_code 2 fsreport show --color=sometimes x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: --color wants auto, always or never, not '\''sometimes'\''" >expect &&
	test_cmp expect first
'

# The ext4 article's first bar row is "Defaults ....... 81.13 |===...": the
# number of "=" follows the width.
bars() {
	grep -m 1 "^ *Defaults \.* 81\.13 |" "$1" | tr -cd = | wc -c
}

test_expect_success 'COLUMNS sets the width; --width wins over it' '
	fsreport show --width 120 "$EXAMPLES/ext4-mount-options" >expect120 &&
	fsreport show --width 60 "$EXAMPLES/ext4-mount-options" >expect60 &&
	COLUMNS=120 fsreport show "$EXAMPLES/ext4-mount-options" >wide &&
	COLUMNS=60 fsreport show "$EXAMPLES/ext4-mount-options" >narrow &&
	COLUMNS=60 fsreport show --width 120 \
		"$EXAMPLES/ext4-mount-options" >forced &&
	test_cmp expect120 wide &&
	test_cmp expect60 narrow &&
	test_cmp expect120 forced &&
	test "$(bars wide)" -gt $(($(bars narrow) + 50))
'

test_expect_success 'without COLUMNS and not on a terminal: 80 columns' '
	fsreport show --width 80 "$EXAMPLES/ext4-mount-options" >expect &&
	(unset COLUMNS; fsreport show "$EXAMPLES/ext4-mount-options") >out &&
	COLUMNS=junk fsreport show "$EXAMPLES/ext4-mount-options" >junk &&
	test_cmp expect out &&
	test_cmp expect junk
'

test_expect_success 'report --help: -o names the folder it writes' '
	fsreport report --help >out &&
	grep -q "^  -o, --output DIR " out &&
	! grep -q "output FILE" out
'

test_done
