#!/usr/bin/Rscript
# plan-reference.R - reference values for fsreport plan (docs/methods.md
# section 13), from base R alone, for tests/unit/test-equivalence.c:
#
#     Rscript scripts/plan-reference.R > tests/data/stats/plan-reference.txt
#
# Per case: the change or margin in %, the sd of ln x, alpha (per row),
# the power; then
#   detect: ceiling(power.t.test(delta = log1p(pct/100), sd, sig.level =
#           alpha, power)$n), two-sided, the runs per side to detect it;
#   tost_power_n: the power of the two one-sided tests at margin
#           +-log1p(pct/100) with n runs a side and no true change, by
#           integrate() over the chi-square of the sd (the exact power of
#           the pooled-t TOST, as PowerTOST's "exact" method);
#   tost: the smallest n >= 2 with that power >= the power asked.
# Never from fsreport's output. Needs r-base-core; nothing in the build
# runs it.

tost_power <- function(n, delta, sd, alpha) {
  df <- 2 * (n - 1)
  q <- qt(1 - alpha, df)
  r <- delta / (sd * sqrt(2 / n))
  to <- df * (r / q)^2
  f <- function(x) pmax(0, 2 * pnorm(r - q * sqrt(x / df)) - 1) *
    dchisq(x, df)
  integrate(f, 0, to, rel.tol = 1e-13, abs.tol = 0)$value
}

tost_n <- function(delta, sd, alpha, power) {
  n <- 2
  while (tost_power(n, delta, sd, alpha) < power) n <- n + 1
  n
}

f <- function(x) formatC(x, digits = 17, format = "g")
cases <- list(
  # lognormal CV 2 %, 10 %, 30 %: sd of ln x = sqrt(log(1 + CV^2))
  c(2, sqrt(log(1 + 0.02^2)), 0.05, 0.8, 10),
  c(2, sqrt(log(1 + 0.02^2)), 0.05 / 3, 0.8, 10),
  c(5, sqrt(log(1 + 0.10^2)), 0.05, 0.8, 20),
  c(5, sqrt(log(1 + 0.10^2)), 0.05 / 6, 0.9, 20),
  c(10, sqrt(log(1 + 0.30^2)), 0.05, 0.8, 30),
  c(20, sqrt(log(1 + 0.30^2)), 0.01, 0.8, 12)
)
for (k in cases) {
  pct <- k[1]; sd <- k[2]; alpha <- k[3]; power <- k[4]; n <- k[5]
  delta <- log1p(pct / 100)
  det <- ceiling(power.t.test(delta = delta, sd = sd, sig.level = alpha,
                              power = power)$n - 1e-9)
  cat("plan", f(pct), f(sd), f(alpha), f(power), f(n), det,
      f(tost_power(n, delta, sd, alpha)), tost_n(delta, sd, alpha, power),
      "\n")
}
