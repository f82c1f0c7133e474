#!/usr/bin/Rscript
# equivalence-reference.R - reference values of the two one-sided tests
# (Schuirmann 1987; docs/methods.md section 12) from base R's t.test, for
# tests/unit/test-equivalence.c:
#
#     Rscript scripts/equivalence-reference.R \
#         > tests/data/stats/equivalence-reference.txt
#
# Each case: the margin on the log scale [lo, hi] (-Inf or Inf: that
# side open, non-inferiority), alpha, the runs a and b; then, of the
# logarithms, Welch's two one-sided t.tests (mu = lo, "greater"; mu = hi,
# "less"), the larger p, and the (1 - 2 alpha) Welch interval of
# mean(ln b) - mean(ln a). Written from R alone, never from fsreport's
# output. Needs Debian's r-base-core; nothing in the build runs it.

cases <- list(
  # tests/data/equiv/{base,patch}.csv, seq-read: inside +-2 %
  list(name = "seq-read", lo = -log1p(0.02), hi = log1p(0.02),
       alpha = 0.05 / 3,
       a = c(813.36, 813.34, 813.77, 812.73, 810.82, 808.53, 807.97,
             812.59, 813.33, 807.78),
       b = c(817.86, 816.28, 815.28, 815.61, 812.15, 810.62, 816.78,
             815.33, 817.98, 812.17)),
  list(name = "two-sided-5pct", lo = -log1p(0.05), hi = log1p(0.05),
       alpha = 0.05,
       a = c(10.1, 10.4, 9.8, 10.0, 10.3),
       b = c(10.2, 10.6, 10.1, 9.9, 10.5, 10.3, 10.4)),
  list(name = "not-proven", lo = -log1p(0.02), hi = log1p(0.02),
       alpha = 0.05,
       a = c(14.1, 12.9, 13.8, 15.0, 13.2, 14.4),
       b = c(13.6, 15.1, 14.0, 13.1, 14.8, 14.2)),
  list(name = "noninf-lower", lo = -Inf, hi = log1p(0.03),
       alpha = 0.025,
       a = c(3.10, 3.12, 3.08, 3.11, 3.09, 3.13, 3.10, 3.07),
       b = c(3.11, 3.13, 3.10, 3.12, 3.14, 3.09, 3.12, 3.11)),
  list(name = "noninf-higher", lo = -log1p(0.01), hi = Inf,
       alpha = 0.05,
       a = c(512, 515, 509, 511, 514, 510),
       b = c(508, 511, 507, 512, 509, 510))
)

f <- function(x) formatC(x, digits = 17, format = "g")
for (k in cases) {
  la <- log(k$a); lb <- log(k$b)
  cat("case", k$name, f(k$lo), f(k$hi), f(k$alpha), "\n")
  cat("a", f(k$a), "\n")
  cat("b", f(k$b), "\n")
  ci <- t.test(lb, la, var.equal = FALSE,
               conf.level = 1 - 2 * k$alpha)
  pl <- 0; pu <- 0; tl <- NaN; tu <- NaN
  if (is.finite(k$lo)) {
    r <- t.test(lb, la, var.equal = FALSE, mu = k$lo,
                alternative = "greater")
    pl <- r$p.value; tl <- unname(r$statistic)
  }
  if (is.finite(k$hi)) {
    r <- t.test(lb, la, var.equal = FALSE, mu = k$hi,
                alternative = "less")
    pu <- r$p.value; tu <- unname(r$statistic)
  }
  cat("ref", f(mean(lb) - mean(la)), f(unname(ci$parameter)), f(tl),
      f(tu), f(pl), f(pu), f(max(pl, pu)), f(ci$conf.int[1]),
      f(ci$conf.int[2]), "\n")
}
