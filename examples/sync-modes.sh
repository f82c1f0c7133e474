# Seed 004's mailing-list timings, made real: each run-NN.log holds one
# "No sync data=ordered        1.71 seconds  (149 MB/Sec)" line per sync
# mode of dd on this machine's ext4 (10 runs); the text before the number
# names the configuration. Every mode against no sync, then n, mean and
# interval of every cell. scripts/capture-timing.sh re-makes the logs.
$FSREPORT compare --format table --width 80 --baseline "No sync data=ordered" examples/sync-modes
echo
$FSREPORT show --format table --width 80 examples/sync-modes
