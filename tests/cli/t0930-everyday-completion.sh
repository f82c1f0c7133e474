#!/bin/sh
# The bash completion (completion/fsreport.bash), sourced in bash and
# called the way bash calls it: commands, exactly the options and formats
# each command's --help lists, exactly the words an option accepts (as
# fsreport's refusal of a wrong one lists them), files and folders for run
# sets (also after LABEL=) and for FILE and DIR options.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

test_expect_success 'the script loads in bash and registers _fsreport' '
	bash -c ". \"\$1\" && complete -p fsreport" x \
		"$TOP/completion/fsreport.bash" >out &&
	echo "complete -F _fsreport fsreport" >expect &&
	test_cmp expect out
'

test_expect_success 'first word: the commands of --help, --help, --version' '
	{ help_commands; echo --help; echo --version; } | sort >expect &&
	complete_words fsreport "" >actual &&
	test_cmp expect actual &&
	complete_words fsreport co >actual &&
	echo compare >expect &&
	test_cmp expect actual
'

test_expect_success 'options: exactly the long options of each command --help' '
	for c in $(help_commands); do
		help_options $c | sed "s/^/--/" >expect &&
		complete_words fsreport $c -- >actual &&
		test_cmp expect actual || { echo "for $c"; return 1; }
	done
'

test_expect_success 'options complete by prefix, also after run sets' '
	echo --confidence >expect &&
	complete_words fsreport show --conf >actual &&
	test_cmp expect actual &&
	complete_words fsreport compare a b --base >actual &&
	echo --baseline >expect &&
	test_cmp expect actual
'

test_expect_success '--format: exactly the formats of each command --help' '
	for c in $(help_commands); do
		test -n "$(help_formats $c)" || continue
		help_formats $c >expect &&
		complete_words fsreport $c --format "" >actual &&
		test_cmp expect actual &&
		complete_words fsreport $c -f "" >actual &&
		test_cmp expect actual || { echo "for $c"; return 1; }
	done
'

test_expect_success '--format=: the same with "=" split off or not' '
	help_formats show >expect &&
	complete_words fsreport show --format = "" >actual &&
	test_cmp expect actual &&
	help_formats show | sed "s/^/--format=/" >expect &&
	complete_words fsreport show --format= >actual &&
	test_cmp expect actual
'

test_expect_success 'values: exactly the words each option accepts' '
	n=0 &&
	for c in $(help_commands); do
		help_option_args $c >args || return 1
		while read opt arg; do
			option_values $c $opt >expect || return 1
			test -s expect || continue
			n=$((n + 1))
			complete_words fsreport $c --$opt "" >actual &&
			test_cmp expect actual ||
				{ echo "$c --$opt"; return 1; }
		done <args
	done &&
	test $n -ge 3
'

test_expect_success 'FILE and DIR values complete paths, others offer none' '
	mkdir zzdir && touch zzfile &&
	for c in $(help_commands); do
		help_option_args $c >args || return 1
		while read opt arg; do
			complete_words fsreport $c --$opt zz >actual
			case $arg in
			FILE) printf "zzdir/\nzzfile\n" >expect ;;
			DIR) echo zzdir/ >expect ;;
			*) : >expect ;;
			esac
			test_cmp expect actual ||
				{ echo "$c --$opt $arg"; return 1; }
		done <args
	done
'

test_expect_success '--color: auto, always, never' '
	printf "always\nauto\nnever\n" >expect &&
	complete_words fsreport show --color "" >actual &&
	test_cmp expect actual &&
	complete_words fsreport show --color = al >actual &&
	echo always >expect &&
	test_cmp expect actual &&
	complete_words fsreport compare --color=n >actual &&
	echo --color=never >expect &&
	test_cmp expect actual
'

test_expect_success 'run sets: files and folders (folders with a slash)' '
	mkdir run-a run-b &&
	touch result.xml other.csv &&
	printf "run-a/\nrun-b/\n" >expect &&
	complete_words fsreport compare run >actual &&
	test_cmp expect actual &&
	echo result.xml >expect &&
	complete_words fsreport show res >actual &&
	test_cmp expect actual
'

test_expect_success 'run sets: the path after LABEL= is completed' '
	mkdir run-a &&
	echo run-a/ >expect &&
	complete_words fsreport show base = ru >actual &&
	test_cmp expect actual &&
	echo base=run-a/ >expect &&
	complete_words fsreport show base=ru >actual &&
	test_cmp expect actual
'

test_expect_success '-o and --output complete file names' '
	touch report.csv &&
	echo report.csv >expect &&
	complete_words fsreport show -o rep >actual &&
	test_cmp expect actual &&
	complete_words fsreport show --output rep >actual &&
	test_cmp expect actual
'

test_expect_success 'values without a list (--width) offer nothing' '
	touch 80 &&
	complete_words fsreport show --width 8 >actual &&
	test ! -s actual
'

test_expect_success 'import: --to values, -o files, run sets' '
	mkdir run-a && touch model.json &&
	printf "csv\njson\npts\nxml\n" >expect &&
	complete_words fsreport import -t "" >actual &&
	test_cmp expect actual &&
	echo model.json >expect &&
	complete_words fsreport import run-a -o mod >actual &&
	test_cmp expect actual &&
	echo run-a/ >expect &&
	complete_words fsreport import ru >actual &&
	test_cmp expect actual
'

test_expect_success 'an unknown command completes nothing' '
	complete_words fsreport frob -- >actual &&
	test ! -s actual
'

test_done
