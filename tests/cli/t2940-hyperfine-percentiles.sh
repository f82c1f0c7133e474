#!/bin/sh
# hyperfine's timings as a histogram per file (issue 36,
# importers/hyperfine.c): the percentiles a file's timings support, one
# value per file, the others refused with "timings", not "I/Os".
# tests/data/hyperfine/forty-runs.json is a real capture (hyperfine 1.15.0
# on this machine: dd if=/dev/urandom of=/tmp/hf-input bs=1M count=8;
# hyperfine -N --runs 40 --warmup 3 --export-json forty-runs.json
# 'sha256sum /tmp/hf-input' 'md5sum /tmp/hf-input'). The exact p50 by
# fio's rule (the ceil(0.5 x 40) = 20th smallest timing, Python's
# sorted()): sha256sum 0.073937076 s, md5sum 0.058564632 s; the
# histogram's value is within its 0.78 % bin of it.
. "$(dirname "$0")/lib.sh"

H="$DATA/hyperfine"

test_expect_success '40 timings: p50 per command within a bin of the exact value' '
	fsreport show --format csv "$H/forty-runs.json" >out &&
	grep ",Wall-clock time (p50),s,lower,sha256sum /tmp/hf-input,1,0.073924608," out &&
	grep ",Wall-clock time (p50),s,lower,md5sum /tmp/hf-input,1,0.058458112," out &&
	awk "BEGIN { e = 0.073924608 / 0.073937076 - 1; exit !(e < 0.0078 && e > -0.0078) }" &&
	awk "BEGIN { e = 0.058458112 / 0.058564632 - 1; exit !(e < 0.0078 && e > -0.0078) }" &&
	! grep "(p90)" out
'

test_expect_success 'p90 of 40 timings refused, in timings' '
	fsreport show --format table --width 200 "$H/forty-runs.json" >t &&
	grep "^percentiles refused, never extrapolated (a run gives the q-th percentile only with at least 10 I/Os, or timings, above it" t &&
	grep "hyperfine: Wall-clock time (p90): p90 needs at least 100 timings per run; this run has 40" t &&
	! grep "I/Os per run" t
'

test_expect_success '5 timings: no percentile, and no refusal unless asked' '
	fsreport compare --width 200 "$H/two-commands.json" >c &&
	! grep "(p50)" c &&
	! grep "percentiles refused" c &&
	fsreport compare --width 200 --percentiles 50 "$H/two-commands.json" >c &&
	grep "Wall-clock time (p50): p50 needs at least 20 timings per run; this run has 5" c &&
	! grep "Wall-clock time (p50)  *(" c
'

test_done
