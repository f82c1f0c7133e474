# compare on two run sets written as generic CSV (one row per run): 10 runs
# per test, 3 for tar. Every change gets its 95% interval, a Holm-corrected
# p and a verdict that knows whether higher or lower is better; notes flag
# outliers (kept, never dropped), noisy cells and a row where Welch's t-test
# and the U test disagree.
$FSREPORT compare --width 80 examples/compare-stats/before.csv \
	examples/compare-stats/after.csv
