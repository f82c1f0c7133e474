/*
 * test-equivalence.c - the two one-sided tests (analyze/equivalence.c,
 * docs/methods.md section 12) against base R: every case of
 * tests/data/stats/equivalence-reference.txt, written by
 * scripts/equivalence-reference.R (t.test), never by fsreport, to 1e-8;
 * then the edges R has no answer for.
 */
#include "analyze/analyze.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64

/* The numbers after the first word of line (at most max). */
static size_t numbers(const char *line, double *x, size_t max)
{
	const char *p = strchr(line, ' ');
	size_t n = 0;
	char *end;

	while (p && n < max) {
		double v = strtod(p, &end);

		if (end == p)
			break;
		x[n++] = v;
		p = end;
	}
	return n;
}

static void logs(double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = log(x[i]);
}

/* p values far in the tail: GSL's and R's t tails agree to 1e-8 of
 * the value down to 1e-300; below 1e-12 an absolute 1e-20 is asked. */
static void is_p(double got, double want, const char *name, const char *what)
{
	if (want < 1e-12)
		ok(fabs(got - want) < 1e-20, "%s: %s = %g (R t.test)", name,
		   what, want);
	else
		is_double(got, want, 1e-8, "%s: %s = %g (R t.test)", name,
			  what, want);
}

static void run_reference(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096], name[64];
	double head[3], a[MAXN], b[MAXN], ref[9];
	size_t na = 0, nb = 0, cases = 0;

	if (!f) {
		ok(0, "open %s", path);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		struct fsr_tost t;

		if (!strncmp(line, "case ", 5)) {
			sscanf(line + 5, "%63s", name);
			numbers(line + 5, head, 3);
		} else if (!strncmp(line, "a ", 2)) {
			na = numbers(line, a, MAXN);
			logs(a, na);
		} else if (!strncmp(line, "b ", 2)) {
			nb = numbers(line, b, MAXN);
			logs(b, nb);
		} else if (!strncmp(line, "ref ", 4) &&
			   numbers(line, ref, 9) == 9) {
			cases++;
			is_int(fsr_tost(a, na, b, nb, head[0], head[1],
					head[2], &t), 0, "%s: tested", name);
			is_double(t.diff, ref[0], 1e-8, "%s: difference", name);
			is_double(t.df, ref[1], 1e-8, "%s: Welch df", name);
			is_double(t.t_lower, ref[2], 1e-8, "%s: t lower", name);
			is_double(t.t_upper, ref[3], 1e-8, "%s: t upper", name);
			is_p(t.p_lower, ref[4], name, "p lower");
			is_p(t.p_upper, ref[5], name, "p upper");
			is_p(t.p, ref[6], name, "p");
			is_double(t.low, ref[7], 1e-8, "%s: (1 - 2 alpha) low",
				  name);
			is_double(t.high, ref[8], 1e-8,
				  "%s: (1 - 2 alpha) high", name);
			/* the duality: p <= alpha exactly when the interval
			 * lies inside the margin */
			is_int(t.p <= head[2], t.low > head[0] &&
			       t.high < head[1], "%s: p and interval agree",
			       name);
		}
	}
	fclose(f);
	ok(cases >= 5, "%zu reference cases read", cases);
}

/* fsreport plan's sizes against R (scripts/plan-reference.R). */
static void run_plan_reference(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	double v[8];
	size_t cases = 0;

	if (!f) {
		ok(0, "open %s", path);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		double delta;

		if (strncmp(line, "plan ", 5) || numbers(line, v, 8) != 8)
			continue;
		cases++;
		delta = log1p(v[0] / 100);
		is_double(fsr_detect_runs(delta, v[1], v[2], v[3]), v[5], 0,
			  "detect %g%% at sd %.4f, alpha %.4g, power %g: %g "
			  "runs (power.t.test)", v[0], v[1], v[2], v[3], v[5]);
		is_double(fsr_tost_power(v[4], delta, v[1], v[2]), v[6], 1e-8,
			  "TOST power at +-%g%%, n %g: %.6g (R integrate)",
			  v[0], v[4], v[6]);
		is_double(fsr_tost_runs(delta, v[1], v[2], v[3]), v[7], 0,
			  "TOST runs for +-%g%%, alpha %.4g, power %g: %g",
			  v[0], v[2], v[3], v[7]);
	}
	fclose(f);
	ok(cases >= 6, "%zu plan cases read", cases);
}

static void check_edges(void)
{
	const double one[] = { 1.0 }, two[] = { 1.0, 1.0 };
	const double c1[] = { 2.0, 2.0, 2.0 }, c2[] = { 2.01, 2.01 };
	struct fsr_tost t;

	is_int(fsr_tost(one, 1, two, 2, -0.1, 0.1, 0.05, &t), 0,
	       "n = 1: no error");
	ok(isnan(t.p) && isnan(t.low), "n = 1: nothing tested");
	is_int(fsr_tost(two, 2, two, 2, -0.1, 0.1, 0.5, &t), FSR_EINTERNAL,
	       "alpha 0.5 refused (no 0%% interval)");
	is_int(fsr_tost(two, 2, two, 2, 0.1, -0.1, 0.05, &t), FSR_EINTERNAL,
	       "an empty margin refused");
	fsr_tost(c1, 3, c2, 2, -0.02, 0.02, 0.05, &t);
	ok(t.degenerate && t.p == 0 && t.low == t.high,
	   "constant sides inside the margin: p 0");
	fsr_tost(c1, 3, c2, 2, -0.001, 0.001, 0.05, &t);
	ok(t.degenerate && t.p == 1, "constant sides outside it: p 1");
	fsr_tost(c1, 3, c2, 2, -INFINITY, 0.001, 0.05, &t);
	ok(t.p == 1 && t.p_lower == 0 && isnan(t.t_lower),
	   "an open side is no hypothesis");
}

int main(void)
{
	const char *top = getenv("TOP");
	char path[4096];

	fsr_analyze_init();
	snprintf(path, sizeof(path),
		 "%s/tests/data/stats/equivalence-reference.txt",
		 top && *top ? top : ".");
	run_reference(path);
	snprintf(path, sizeof(path), "%s/tests/data/stats/plan-reference.txt",
		 top && *top ? top : ".");
	run_plan_reference(path);
	check_edges();
	return done_testing();
}
