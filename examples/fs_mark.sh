# fs_mark 3.3, fsync before close (-S 1) against no sync (-S 0): 3 real
# runs of 3 iterations each (1000 files of 10 KiB) on a tmpfs, one stdout
# per file; every iteration row is a sample, so n = 9. The sync method is
# the system's configuration, the workload the results' arguments.
# scripts/capture-fsmark.sh re-makes the captures.
$FSREPORT compare --width 80 examples/fs_mark/sync1 examples/fs_mark/sync0
