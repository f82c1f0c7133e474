# Proving no change (issue 38). A "patch" that makes dd end a 128 MiB
# write with fsync() instead of fdatasync(), 60 runs each, interleaved,
# measured for real on the build machine (2 cores, quiet while it ran)
# by `RUNS=60 scripts/capture-equivalence.sh`: the write+sync time (wall
# clock, disk-bound) and the sha256sum of the written file from the
# page cache (the least user CPU time of 5 passes), which the patch does
# not touch. At +-2 % the checksum is proven "equal" (its 95 % interval
# runs from -0.9 % to +1.3 %) and the write is not provable ("same":
# -3 % to +2.9 %); plan says how many runs each would need (the write
# about 360 per configuration, the checksum 54).
$FSREPORT compare --equivalence 2 --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
echo
$FSREPORT compare --equivalence 2 --format table --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
echo
$FSREPORT plan --equivalence 2 --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
