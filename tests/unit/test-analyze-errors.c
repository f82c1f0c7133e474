/*
 * test-analyze-errors.c - fsr_analyze() and fsr_compare() say why they
 * failed: NULL and a diag carrying its code and a message, never a bare
 * NULL; a diag of NULL is allowed.
 */
#include "analyze/analyze.h"
#include "tap.h"

#include <string.h>

static struct fsr_report *two_systems(void)
{
	struct fsr_result_key k = { "t", "", "", "", "s" };
	struct fsr_report *r = fsr_report_new();
	struct fsr_result *res = fsr_report_result(r, &k);
	size_t a, b;
	int i;

	fsr_report_add_runset(r, "a", "a.csv", 1);
	fsr_report_add_runset(r, "b", "b.csv", 1);
	a = fsr_report_system(r, 0, NULL);
	b = fsr_report_system(r, 1, NULL);
	for (i = 0; i < 5; i++) {
		fsr_cell_add_sample(fsr_result_cell(res, a), 10 + i);
		fsr_cell_add_sample(fsr_result_cell(res, b), 12 + i);
	}
	fsr_report_finish_labels(r);
	return r;
}

static void compare_opts(struct fsr_compare_opts *co)
{
	memset(co, 0, sizeof(*co));
	co->confidence = 0.95;
	co->alpha = 0.05;
	co->min_change = 1;
	co->seed = 1;
	co->boot_b = 100;
}

/* fsr_compare with co must fail with code want, a message, and no
 * comparison. */
static void compare_fails(const struct fsr_report *r,
			  const struct fsr_stats *s,
			  const struct fsr_compare_opts *co, int want,
			  const char *what)
{
	struct fsr_comparison *c;
	struct fsr_diag d;

	fsr_diag_clear(&d);
	c = fsr_compare(r, s, co, &d);
	ok(c == NULL && d.code == want && d.msg[0],
	   "compare: %s: code %d, '%s'", what, d.code, d.msg);
	fsr_comparison_free(c);
	ok(fsr_compare(r, s, co, NULL) == NULL,
	   "compare: %s: also without a diag", what);
}

int main(void)
{
	struct fsr_analyze_opts ao = { 0.95, 0, 0 }, bad = { 1.5, 0, 0 };
	struct fsr_report *r = two_systems(), *empty = fsr_report_new();
	struct fsr_compare_opts co;
	struct fsr_comparison *c;
	struct fsr_stats *s, *se;
	struct fsr_diag d;

	fsr_analyze_init();
	fsr_diag_clear(&d);
	ok(fsr_analyze(r, &bad, &d) == NULL && d.code == FSR_EUSAGE &&
		   strstr(d.msg, "confidence"),
	   "analyze: confidence 1.5 is a usage error (%s)", d.msg);
	ok(fsr_analyze(empty, &bad, NULL) == NULL,
	   "analyze: refused without a diag, even with nothing to do");
	s = fsr_analyze(r, &ao, &d);
	ok(s != NULL, "analyze: good options succeed");

	compare_opts(&co);
	co.baseline = "nope";
	compare_fails(r, s, &co, FSR_EUSAGE, "unknown baseline");
	compare_opts(&co);
	co.alpha = 0;
	compare_fails(r, s, &co, FSR_EUSAGE, "alpha 0");
	compare_opts(&co);
	co.confidence = 1;
	compare_fails(r, s, &co, FSR_EUSAGE, "confidence 1");
	compare_opts(&co);
	co.min_change = -1;
	compare_fails(r, s, &co, FSR_EUSAGE, "negative minimum change");
	compare_opts(&co);
	co.ci = FSR_CI_BOOTSTRAP;
	co.boot_b = 0;
	compare_fails(r, s, &co, FSR_EUSAGE, "bootstrap without resamples");

	se = fsr_analyze(empty, &ao, &d);
	compare_opts(&co);
	compare_fails(empty, se, &co, FSR_EINPUT, "no systems");

	compare_opts(&co);
	fsr_diag_clear(&d);
	c = fsr_compare(r, s, &co, &d);
	ok(c != NULL && d.code == FSR_OK, "compare: good options succeed");
	fsr_comparison_free(c);
	fsr_stats_free(se);
	fsr_stats_free(s);
	fsr_report_free(empty);
	fsr_report_free(r);
	return done_testing();
}
