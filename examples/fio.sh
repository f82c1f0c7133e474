# fio 3.33, 4 KiB random writes for 1 s (psync), five runs with --fsync=1
# and five without, each run one --output-format=json file in its folder:
# what does an fsync after every write cost?
$FSREPORT compare examples/fio/fsync1 examples/fio/nofsync
# The same ten runs as one PTS composite.xml (for PTS or OpenBenchmarking);
# fsreport reads it back to the same numbers.
$FSREPORT import examples/fio/fsync1 examples/fio/nofsync --to pts \
	-o "$OUT/fio-composite.xml" &&
	$FSREPORT show --width 80 "$OUT/fio-composite.xml" | sed -n '1,23p'
