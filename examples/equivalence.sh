# Proving no change (issue 38). A "patch" that makes dd end a 128 MiB
# write with fsync() instead of fdatasync(), 20 runs each, interleaved,
# measured for real on the build machine (2 cores shared with other
# builds) by scripts/capture-equivalence.sh: the write+sync time (wall
# clock, noisy) and the sha256sum of the written file from the page
# cache (the least user CPU time of 5 passes), which the patch does not
# touch. At +-5 % the checksum is proven "equal" and the write is not
# provable ("same": its interval runs from -7 % to +17 %); +-2 % is
# proven for neither with 20 runs on this loaded machine, and plan says
# how many runs each would need.
$FSREPORT compare --equivalence 5 --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
echo
$FSREPORT compare --equivalence 5 --format table --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
echo
$FSREPORT plan --equivalence 2 --width 80 \
	examples/equivalence/base.csv examples/equivalence/patch.csv
