# outliers-reference.R - reference values of the generalized ESD test
# (Rosner 1983; NIST/SEMATECH e-Handbook 1.3.5.17.3) for
# tests/unit/test-stats.c (test_esd), written independently of
# fsreport from the published definition, and the false-flag rate of
# each outlier rule on clean normal samples (docs/methods.md 6).
#
#	Rscript scripts/outliers-reference.R
esd <- function(x, alpha = 0.05, r = max(1, length(x) %/% 10)) {
	n <- length(x); keep <- x; k <- 0
	if (n < 3) return(list(k = 0, lo = min(x), hi = max(x)))
	removed <- numeric(0)
	for (i in seq_len(r)) {
		if (n - i < 2) break
		m <- mean(keep); s <- sd(keep)
		if (!(s > 0)) break
		d <- abs(keep - m); j <- which.max(d)
		t <- qt(1 - alpha / (2 * (n - i + 1)), n - i - 1)
		lambda <- (n - i) * t / sqrt((n - i - 1 + t^2) * (n - i + 1))
		if (d[j] / s > lambda) k <- i
		removed <- c(removed, keep[j]); keep <- keep[-j]
	}
	kept <- if (k) x[!(x %in% removed[seq_len(k)])] else x
	list(k = k, lo = min(kept), hi = max(kept))
}
cases <- list(
	doc_a = c(4088.2, 4090.9, 4089.5, 4127.3, 4082.2, 4119.0, 4153.8,
		  4039.5, 4120.2, 4103.4),
	one_far = c(10.1, 10.3, 9.9, 10.0, 10.2, 9.8, 10.1, 10.0, 14.0, 10.1),
	ties_iqr0 = c(1666, 1666, 1666, 1666, 1666, 1666, 1666, 1250, 1666,
		      2500),
	two_of_25 = c(50.2, 49.8, 50.1, 50.0, 49.9, 50.3, 49.7, 50.2, 50.0,
		      49.9, 50.1, 50.0, 49.8, 50.2, 50.1, 49.9, 50.0, 50.1,
		      49.9, 50.0, 56.0, 43.5, 50.2, 49.8, 50.0))
for (nm in names(cases)) {
	e <- esd(cases[[nm]])
	cat(sprintf("%s k=%d lo=%.17g hi=%.17g\n", nm, e$k, e$lo, e$hi))
}
# lambda_1 at n = 10, alpha 0.05 (Grubbs' two-sided critical value)
t <- qt(1 - 0.05 / 20, 8)
cat(sprintf("lambda1_n10=%.17g\n", 9 * t / sqrt((8 + t^2) * 10)))
# False flags on clean normal n = 10 cells
set.seed(20261202)
N <- 100000
x <- matrix(rnorm(10 * N), N)
cat(sprintf("esd_false_flag_n10=%.4f\n",
	    mean(apply(x, 1, function(v) esd(v)$k > 0))))
tk <- function(v) { q <- quantile(v, c(.25, .75)); i <- q[2] - q[1]
	any(v < q[1] - 1.5 * i | v > q[2] + 1.5 * i) }
cat(sprintf("tukey_false_flag_n10=%.4f\n", mean(apply(x, 1, tk))))
md <- function(v) { m <- median(v); d <- mad(v, constant = 1)
	any(abs(0.6745 * (v - m) / d) > 3.5) }
cat(sprintf("mad_false_flag_n10=%.4f\n", mean(apply(x, 1, md))))
# check_verdicts' "spike" row: lo10 on the baseline, spike on new
lo10 <- c(100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9, 100)
spike <- c(102, 103, 101, 102.5, 101.5, 102.2, 101.8, 102.1, 101.9, 400)
for (nm in c("lo10", "spike")) {
	e <- esd(get(nm))
	cat(sprintf("%s k=%d lo=%.17g hi=%.17g\n", nm, e$k, e$lo, e$hi))
}
