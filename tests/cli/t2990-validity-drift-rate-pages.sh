#!/bin/sh
# Drift (t) and impossible read rates (r) on the report page and in the
# charts (issue 37: every flag in text, table, Markdown, HTML and charts
# with its note; t2920 and t2930 have text, tables, Markdown, JSON and
# --format html). Real cases: tests/data/drift/dd-sha256 (base runs fall
# by 1.6 % and 0.43 % a run), PTS issue 417's 11 726 MB/s on four hard
# disks (tests/data/pts/issue417) and fio's buffered reads of a 256 MiB
# file on 24105 MiB (tests/data/fio/pagecache).
. "$(dirname "$0")/lib.sh"

E="$TOP/tests/data/drift/dd-sha256"
P="$DATA/fio/pagecache"
TN="t: the runs trend in the order they ran (Mann-Kendall, p &lt; 0.01"
RN="r: a read rate the device cannot have given: above the ceiling"

test_expect_success 'drift, report -o: t after both verdicts, its note, the cells'"'"' numbers' '
	fsreport report "$E/base.csv" "$E/patch.csv" -o rep >/dev/null &&
	test "$(grep -o "<span class=\"vd v-other\">same tov</span>" rep/index.html | wc -l)" -eq 2 &&
	joined_has rep/index.html "Marks after a verdict: $TN" &&
	joined_has rep/index.html "<p class=\"legend\">t base, write+sync 128 MiB: 20 runs fall by 1.6% of the mean per run (Sen'"'"'s slope; Mann-Kendall S = -106, p = 0.00066)" &&
	joined_has rep/index.html "<p class=\"legend\">t base, sha256 128 MiB (CPU time): 20 runs fall by 0.43% of the mean per run" &&
	! joined_has rep/index.html "<p class=\"legend\">t patch"
'

test_expect_success 'drift, --chart-dir: t beside the base bars and both changes, its note' '
	fsreport compare "$E/base.csv" "$E/patch.csv" --chart-dir cd >/dev/null &&
	for f in cd/01-write-sync-128-mib-s.svg cd/02-sha256-128-mib-cpu-time-s.svg; do
		grep -q ">[0-9.]*  baseline to*v<" $f &&
		grep -q ">[0-9.]*  [-+][0-9.]*% tov<" $f &&
		svg_has $f "Marks: $TN" || return 1
	done &&
	svg_has cd/change.svg "$TN"
'

test_expect_success 'drift, show --svg and --chart-dir: t after base'"'"'s values only, each note naming the cell' '
	fsreport show "$E/base.csv" "$E/patch.csv" --svg s.svg >/dev/null &&
	test "$(grep -o ">[0-9.]* t<" s.svg | wc -l)" -eq 2 &&
	grep -q ">0.15301 t<" s.svg && grep -q ">0.30926 t<" s.svg &&
	svg_has s.svg "Marks: t base: 20 runs fall by 1.6% of the mean per run (Sen'"'"'s slope; Mann-Kendall S = -106, p = 0.00066)." &&
	svg_has s.svg "Marks: t base: 20 runs fall by 0.43% of the mean per run" &&
	! svg_has s.svg "t patch:" &&
	fsreport show "$E/base.csv" "$E/patch.csv" --chart-dir sd >/dev/null &&
	grep -q ">0.15301 t<" sd/01-write-sync-128-mib-s.svg &&
	svg_has sd/02-sha256-128-mib-cpu-time-s.svg "Marks: t base: 20 runs fall by 0.43%"
'

test_expect_success 'PTS 417, show --svg and --chart-dir: r after PTS'"'"'s own value, the mean against the ceiling' '
	fsreport show "$DATA/pts/issue417" --svg s.svg >/dev/null &&
	grep -q ">11725.95 r<" s.svg &&
	svg_has s.svg "Marks: r RAID of 4 HDDs: the mean, 11726 MB/s, is above the device'"'"'s 1000 MB/s (device_max_read_mbs)." &&
	fsreport show "$DATA/pts/issue417" --chart-dir sd >/dev/null &&
	grep -q ">11725.95 r<" sd/*.svg
'

test_expect_success 'PTS 417, report -o and --svg: r, its note, the mean against the ceiling' '
	fsreport report a="$DATA/pts/issue417" b="$DATA/pts/issue417" -o rep >/dev/null &&
	grep -q "<span class=\"vd v-other\">same rv</span>" rep/index.html &&
	joined_has rep/index.html "Marks after a verdict: $RN" &&
	joined_has rep/index.html "Disk Test: Read Performance: the mean, 11726 MB/s, is above the device" &&
	fsreport compare a="$DATA/pts/issue417" b="$DATA/pts/issue417" --svg c.svg >/dev/null &&
	grep -q ">[0-9.]*  baseline rv<" c.svg &&
	svg_has c.svg "Marks: $RN"
'

test_expect_success 'fio buffered reads, report -o and charts: r on the read rates, not the latencies' '
	fsreport report "$P/direct" "$P/buffered" -o rep >/dev/null &&
	test "$(grep -o "<span class=\"vd v-other\">same rv</span>" rep/index.html | wc -l)" -eq 2 &&
	joined_has rep/index.html "<p class=\"legend\">r buffered, seqread: read bandwidth: the file, 256 MiB, is smaller than the memory, 24105 MiB, and fio read buffered (direct=0): the reads can come from the page cache" &&
	! joined_has rep/index.html "<p class=\"legend\">r direct" &&
	svg_has rep/charts/01-fio-seqread-read-iops-iops.svg "Marks: $RN" &&
	svg_has rep/charts/02-fio-seqread-read-bandwidth-b-s.svg "Marks: $RN" &&
	! svg_has rep/charts/03-fio-seqread-read-completion-latency-mean-ns.svg "$RN"
'

test_done
