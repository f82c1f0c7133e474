# dbench 4.00, the default against O_SYNC (-s): 3 real runs of 5 s each
# with Debian's dbench on a tmpfs, one stdout (stderr merged) per file.
# The results are the Throughput line and the operation table; the
# progress lines are not (the first run's "failed to create barrier
# semaphore" is a warning). On a tmpfs O_SYNC costs nothing, and the
# wide spread of 3 runs proves no change. scripts/capture-dbench.sh
# re-makes the captures.
$FSREPORT compare --width 80 examples/dbench/default examples/dbench/osync 2>&1 |
	sed -n '1,13p'
