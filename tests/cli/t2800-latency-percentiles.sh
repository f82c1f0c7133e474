#!/bin/sh
# Latency percentiles (issue 36, docs/methods.md section 11): one value
# per run and percentile from the run's histogram; a percentile the runs
# cannot support is refused with the numbers, in every text output and
# JSON; --percentiles; jobs of one name merged bin by bin. Reference
# values: fio's own percentiles, and scripts/fio-bins-reference.py
# (independent of fsreport) for the merged histograms.
. "$(dirname "$0")/lib.sh"

LAT="$EXAMPLES/latency"
FIO="$TOP/tests/data/fio"

test_expect_success 'the ten-run capture: p99.9 and p99.99 refused for fsync, with the numbers' '
	fsreport compare --width 300 "$LAT/none" "$LAT/fsync" >out &&
	grep "^  fsync, fio: w: write completion latency (p99.99): p99.99 needs at least 100000 I/Os per run; these runs have 4287 to 29472$" out &&
	grep "^  fsync, fio: w: write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; 3 of these 10 runs have 4287 to 9063 (the 7 with enough are left out too: alone they would be the faster runs)$" out &&
	grep "^percentiles refused, never extrapolated" out &&
	! grep "fsync, fio: w: write completion latency (p99):" out
'

test_expect_success 'refused: no value on that side (p99.9 and p99.99 only in the baseline); p99 compared' '
	fsreport compare --format csv "$LAT/none" "$LAT/fsync" >c.csv &&
	! grep "write completion latency (p99.99),ns,lower,none,fsync," c.csv &&
	! grep "write completion latency (p99.9),ns,lower,none,fsync," c.csv &&
	grep "write completion latency (p99),ns,lower,none,fsync,10,10," c.csv &&
	fsreport compare "$LAT/none" "$LAT/fsync" >text &&
	grep -A5 "^only in the baseline" text >only &&
	grep "fio: w: write completion latency (p99.9)$" only &&
	grep "fio: w: write completion latency (p99.99)$" only
'

test_expect_success 'CSV: the refusals on the mean'"'"'s row, the shape on the p50 row; JSON: the shape' '
	fsreport compare --format csv "$LAT/none" "$LAT/fsync" >c.csv &&
	head -1 c.csv | grep ",n_failed_base,n_failed,shape_ks_d,shape_p,refused,steady_result\$" &&
	grep "write completion latency (mean),ns,lower,none,fsync,.*,0,0,,,p99.9 p99.99,\$" c.csv &&
	grep "write completion latency (p50),ns,lower,none,fsync,.*,0,0,0.88468053[0-9]*,1.0825088[0-9e-]*,,\$" c.csv &&
	test "$(grep -c ",0,0,,,,\$" c.csv)" = "$(($(wc -l <c.csv) - 3))" &&
	fsreport compare --format csv "$LAT/fsync" "$LAT/none" >r.csv &&
	grep "write completion latency (mean),ns,lower,fsync,none,.*,0,0,,,base:p99.9 base:p99.99,\$" r.csv &&
	fsreport compare --format json "$LAT/none" "$LAT/fsync" >j &&
	python3 -c "
import json, sys
rows = json.load(open(\"j\"))[\"comparison\"][\"rows\"]
sh = [r[\"shape\"] for r in rows if \"shape\" in r]
assert len(sh) == 1, sh
assert abs(sh[0][\"ks_d\"] - 0.8846805363599719) < 1e-12, sh
assert sh[0][\"splits\"] == 184756 and sh[0][\"exact\"] is True, sh
"
'

test_expect_success 'the table and Markdown carry the refusal under the table' '
	fsreport compare --format table --width 100 "$LAT/none" "$LAT/fsync" >t &&
	grep "^percentiles refused, never extrapolated" t &&
	grep -c "needs at least" t >n &&
	echo 4 >expect &&
	test_cmp expect n &&
	fsreport compare --format markdown "$LAT/none" "$LAT/fsync" >md &&
	grep "p99.99 needs at least 100000 I/Os per run" md
'

test_expect_success 'fio json+ with 64 I/Os: p50 only; fio printed p99 = p99.9 = the maximum' '
	fsreport show --format csv "$FIO/jsonplus-fsync1.json" >s.csv &&
	grep "randwrite: write completion latency (p50),ns,lower,jsonplus-fsync1,1,6816," s.csv &&
	! grep "randwrite: write completion latency (p9" s.csv &&
	fsreport show --format table --width 200 "$FIO/jsonplus-fsync1.json" >s.txt &&
	grep "randwrite: write completion latency (p99): p99 needs at least 1000 I/Os per run; this run has 64" s.txt
'

test_expect_success '--percentiles: the list given, in order, each once' '
	fsreport show --format csv --percentiles 99,50,99,95 "$LAT/none" >p.csv &&
	grep -o "write completion latency (p[0-9.]*)" p.csv >got &&
	printf "%s\n" "write completion latency (p50)" \
		"write completion latency (p95)" \
		"write completion latency (p99)" >expect &&
	test_cmp expect got
'

test_expect_success '--percentiles: a value out of range is a usage error (exit 2)' '
	test_expect_code 2 fsreport show --percentiles 50,100 "$LAT/none" 2>err &&
	grep "^fsreport: --percentiles: .100. is not a percentile above 0 and below 100$" err &&
	test_expect_code 2 fsreport show --percentiles 50,,90 "$LAT/none" 2>err &&
	test_expect_code 2 fsreport show --percentiles x "$LAT/none" 2>err
'

# Made up: job 1 has 30 I/Os of 10 ns, job 2 70 of 100 ns. Their p50s
# average to 55; the run (both jobs) has p50 = 100 and mean 73. Alone neither job
# has the 100 I/Os p90 needs; merged, the run has.
test_expect_success 'two jobs of one name: merged bin by bin, not the mean of their percentiles' '
	fsreport show --format csv "$FIO/merge-two-jobs.json" >m.csv &&
	grep ",m: write completion latency (p50),ns,lower,merge-two-jobs,1,10," m.csv &&
	grep ",m #2: write completion latency (p50),ns,lower,merge-two-jobs,1,100," m.csv &&
	grep ",m (2 jobs merged): write completion latency (p50),ns,lower,merge-two-jobs,1,100," m.csv &&
	grep ",m (2 jobs merged): write completion latency (p90),ns,lower,merge-two-jobs,1,100," m.csv &&
	! grep ",m: write completion latency (p90)," m.csv &&
	grep ",m (2 jobs merged): write completion latency (mean),ns,lower,merge-two-jobs,1,73," m.csv
'

# fio 3.33 --numjobs=2 --output-format=json+ (randwrite 4k, psync, 1 s);
# the merged values are scripts/fio-bins-reference.py's.
test_expect_success 'a real numjobs=2 capture: merged p90, p99, p99.9 equal the reference' '
	fsreport show --format csv "$FIO/numjobs2-jsonplus.json" >r.csv &&
	grep ",w (2 jobs merged): write completion latency (p90),ns,lower,numjobs2-jsonplus,1,3216," r.csv &&
	grep ",w (2 jobs merged): write completion latency (p99),ns,lower,numjobs2-jsonplus,1,13248," r.csv &&
	grep ",w (2 jobs merged): write completion latency (p99.9),ns,lower,numjobs2-jsonplus,1,3457024," r.csv &&
	grep ",w (2 jobs merged): write completion latency (p99.99),ns,lower,numjobs2-jsonplus,1,16580608," r.csv
'

# D and p are SciPy's (tests/unit/test-latency.c checks them to 1e-12).
test_expect_success 'the shape: KS D of the pooled histograms, p from permuting whole runs' '
	fsreport compare --width 300 "$LAT/none" "$LAT/fsync" >out &&
	grep "^  fsync, fio: w: write completion latency: the shape of the latency distribution differs: KS D = 0.88, p < 0.001 (run permutation, exact over 184756 splits)$" out &&
	mkdir a b &&
	cp "$LAT/none/1.json" "$LAT/none/2.json" "$LAT/none/3.json" "$LAT/none/4.json" "$LAT/none/5.json" a/ &&
	cp "$LAT/none/6.json" "$LAT/none/7.json" "$LAT/none/8.json" "$LAT/none/9.json" "$LAT/none/10.json" b/ &&
	fsreport compare --width 300 a b >same &&
	grep "^  b, fio: w: write completion latency: the shape of the latency distribution does not differ detectably: KS D = 0.18, p = 0.548 (run permutation, exact over 252 splits)$" same
'

test_done
