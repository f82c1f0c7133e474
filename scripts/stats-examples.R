#!/usr/bin/env Rscript
# stats-examples.R - R's values for the rows of the compare-stats example
# that the CLI tests pin (tests/cli/t0400-stats-report.sh and others):
# the change as the ratio of the geometric means, Welch's interval on the
# logarithms mapped back to %, and its p before correction.
#
#	Rscript scripts/stats-examples.R
a <- read.csv("examples/compare-stats/before.csv"); b <- read.csv("examples/compare-stats/after.csv")
for (t in unique(a$test)) for (d in unique(a$description[a$test==t])) {
 x <- a$value[a$test==t & a$description==d]; y <- b$value[b$test==t & b$description==d]
 w <- t.test(log(y), log(x), conf.level = 1 - 0.05 / 5); cat(t, d, sprintf("%.3f [%.3f, %.3f] p=%.4f\n", 100*expm1(mean(log(y))-mean(log(x))), 100*expm1(w$conf.int[1]), 100*expm1(w$conf.int[2]), w$p.value))
}

# tests/cli/t0450-stats-direction.sh: the results without a direction.
a <- read.csv("tests/data/stats/nodir-a.csv"); b <- read.csv("tests/data/stats/nodir-b.csv")
for (t in unique(a$test)) {
	x <- a$value[a$test == t]; y <- b$value[b$test == t]
	w <- t.test(log(y), log(x), conf.level = 0.975)
	cat(t, sprintf("%.3f [%.3f, %.3f] p=%.4f\n",
		       100 * expm1(mean(log(y)) - mean(log(x))),
		       100 * expm1(w$conf.int[1]), 100 * expm1(w$conf.int[2]),
		       w$p.value))
}

# tests/cli/t0470-stats-power.sh: the smallest change the compare-stats
# runs detect (80 % power, at the intervals' level 1 - 0.05 / 5 over the
# 5 comparisons), and the runs per side for a 5 % change.
a <- read.csv("examples/compare-stats/before.csv")
b <- read.csv("examples/compare-stats/after.csv")
for (d in c("Create 1000 files", "Extract linux-6.1.tar", "Random read 4KiB")) {
	x <- log(a$value[a$description == d]); y <- log(b$value[b$description == d])
	sd <- sqrt((var(x) + var(y)) / 2)
	n <- 2 / (1 / length(x) + 1 / length(y))
	m <- power.t.test(n = n, sd = sd, sig.level = 0.01, power = 0.8,
			  tol = 1e-12)$delta
	r <- power.t.test(delta = log(1.05), sd = sd, sig.level = 0.01,
			  power = 0.8, tol = 1e-12)$n
	cat(d, sprintf("mde %.4f%% runs %.4f\n", 100 * expm1(m), r))
}
