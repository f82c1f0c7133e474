# fio 3.33, 4 KiB random writes for 5 s (psync), ten runs with --fsync=1
# and ten without, each run one --output-format=json+ file: what does an
# fsync after every write do to the latency distribution, percentile by
# percentile? Each run gives one value per percentile, computed from its
# histogram as fio does; p99.9 and p99.99 need 10 000 and 100 000 I/Os
# per run, which the fsync runs do not have, so they are refused there.
# The honest outcome of this capture: an fsync after each write makes
# every write slower, so the mean is `worse` (+90 %) as the percentiles
# are (p99 +94 %); it is not a case of a mean that hides the tail. Where
# the tail parts from the middle is in the spectrum chart and the shape
# line (KS D = 0.88).
# scripts/capture-fio-spectrum.sh re-makes the runs.
$FSREPORT compare --width 80 --only "completion latency" \
	examples/latency/none examples/latency/fsync
