#!/bin/sh
# hyperfine --export-json: every times[] entry is a sample of its command;
# commands (or -P parameters, or -n names) are the systems; non-zero exit
# codes are failed runs; 0.0 times are kept with a warning.
. "$(dirname "$0")/lib.sh"

HF="$DATA/hyperfine"

test_expect_success 'two commands: two systems, n = 5 each, seconds, lower' '
	fsreport show --format csv "$HF/two-commands.json" >out 2>err &&
	cut -d, -f2-7 out >actual &&
	cat >expect <<-\EOT &&
	test,description,unit,better,label,n
	hyperfine,Wall-clock time,s,lower,dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k count=16 conv=fdatasync,5
	hyperfine,Wall-clock time,s,lower,dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k count=16,5
	EOT
	test_cmp expect actual &&
	echo "fsreport: warning: $HF/two-commands.json: '"'"'dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k count=16 conv=fdatasync'"'"': 1 of 5 runs took 0 s (faster than hyperfine'"'"'s shell correction); consider -N or a longer command" >expect &&
	test_cmp expect err
'

test_expect_success 'the mean is the mean of times[], as hyperfine says' '
	fsreport show --format csv "$HF/two-commands.json" 2>/dev/null |
		cut -d, -f8 | sed -n 2,3p >actual &&
	printf "0.009710052808\n0.00562540616\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-P parameters name the systems' '
	fsreport show --format csv "$HF/param-scan.json" 2>/dev/null |
		cut -d, -f6,7 >actual &&
	printf "label,n\ncount=1,3\ncount=2,3\ncount=3,3\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'failing runs are failed runs, not times' '
	fsreport show --format csv "$HF/fast-and-failing.json" >out &&
	cut -d, -f6,7,8 out >actual &&
	printf "label,n,mean\ntrue,3,0.0042884740000000005\nfalse,0,\n" \
		>expect &&
	test_cmp expect actual &&
	fsreport show --width 60 "$HF/fast-and-failing.json" >text &&
	grep "^true \.* " text &&
	! grep "^false \\." text # as in PTS: a failed entry has no row
'

test_expect_success 'compare two hyperfine files of the same commands' '
	fsreport compare --format csv a="$HF/named.json" b="$HF/named.json" \
		2>/dev/null >out &&
	cut -d, -f6,7 out >actual &&
	printf "baseline,label\na: sync,a: nosync\na: sync,b: sync\na: sync,b: nosync\n" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'a wrong type names the JSON path; exit 3' '
	test_expect_code 3 fsreport show \
		"$TOP/tests/bad/hyperfine/times-string-second.json" 2>err &&
	echo "fsreport: $TOP/tests/bad/hyperfine/times-string-second.json: \$.results[0].times[1]: expected a number, found a string" >expect &&
	test_cmp expect err
'

test_done
