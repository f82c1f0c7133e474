#!/usr/bin/env Rscript
# overview-reference.R BEFORE.csv AFTER.csv: the reference values of the
# overview (tests/cli/t1520-report-overview.sh) from the raw samples,
# with R, not with fsreport (issue 13, point 5; docs/methods.md 5):
# per result (test, description, unit) t.test(log(after), log(before))
# gives the log ratio (negated where lower is better), its standard
# error and df; results of one test (these CSV files have no arguments)
# form one group: the mean of the log ratios and of the errors, the
# smallest df; over k groups exp(mean), se = sqrt(sum se^2) / k,
# Welch-Satterthwaite df, and qt(0.975, df). Prints the change, the
# interval in % and k.
args <- commandArgs(trailingOnly = TRUE)
a <- read.csv(args[1], stringsAsFactors = FALSE)
b <- read.csv(args[2], stringsAsFactors = FALSE)
key <- function(d) paste(d$test, d$description, d$unit, sep = "\x1f")
a$k <- key(a)
b$k <- key(b)
rows <- NULL
for (k in unique(b$k)) {
	if (!(k %in% a$k))
		next
	x <- a[a$k == k, ]
	y <- b[b$k == k, ]
	t <- t.test(log(y$value), log(x$value))
	l <- unname(t$estimate[1] - t$estimate[2])
	if (x$better[1] == "lower")
		l <- -l
	rows <- rbind(rows, data.frame(test = x$test[1], l = l, se = t$stderr,
				       df = unname(t$parameter)))
}
g <- aggregate(cbind(l, se) ~ test, rows, mean)
g$df <- aggregate(df ~ test, rows, min)$df
k <- nrow(g)
v <- sum(g$se^2)
se <- sqrt(v) / k
df <- v^2 / sum(g$se^4 / g$df)
h <- qt(0.975, df) * se
m <- mean(g$l)
pct <- function(x) 100 * (exp(x) - 1)
cat(sprintf("%+.2f%% %+.1f%% %+.1f%% %d\n", pct(m), pct(m - h), pct(m + h), k))
