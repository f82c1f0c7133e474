#!/usr/bin/env Rscript
# check-reference.R - reference values for fsreport check (tests/cli/
# t1920-check.sh), computed with base R straight from the CSV files, not
# from fsreport: each stored run set's mean, the baseline segment (the
# run sets since the result's last change point, as tests/data/trend/
# README places them), the Student-t prediction interval of the new run
# set's mean, and Holm's correction over the three results.
#
#   Rscript scripts/check-reference.R tests/data/trend
args <- commandArgs(trailingOnly = TRUE)
top <- if (length(args)) args[1] else "tests/data/trend"
runset_means <- function(version) {
	d <- read.csv(file.path(top, "kernels", version, "runs.csv"))
	tapply(d$value, d$test, mean)
}
versions <- paste0("6.", 1:12)
means <- sapply(versions, runset_means)
segment <- list(PostMark = 5:12, "fsync latency" = 1:12, Compile = 9:12)
for (new in c("6.13-slow", "6.13-same")) {
	d <- read.csv(file.path(top, "check", new, "runs.csv"))
	now <- tapply(d$value, d$test, mean)
	p <- c()
	for (test in names(segment)) {
		x <- means[test, segment[[test]]]
		k <- length(x)
		se <- sd(x) * sqrt(1 + 1 / k)
		t <- (now[[test]] - mean(x)) / se
		p[test] <- 2 * pt(-abs(t), k - 1)
		q <- qt(0.975, k - 1)
		cat(sprintf("%s %s k %d mean_base %.17g change_pct %.17g ci %.17g %.17g p %.17g\n",
			    new, gsub(" ", "_", test), k, mean(x),
			    100 * (now[[test]] / mean(x) - 1),
			    100 * (now[[test]] - mean(x) - q * se) / mean(x),
			    100 * (now[[test]] - mean(x) + q * se) / mean(x),
			    p[test]))
	}
	padj <- p.adjust(p, "holm")
	for (test in names(segment))
		cat(sprintf("%s %s p_adj %.17g\n", new, gsub(" ", "_", test), padj[test]))
}
