/*
 * test-describe.c - per-cell summaries against the worked numbers of
 * docs/methods.md section 9 (values from R).
 */
#include "analyze/analyze.h"
#include "tap.h"

static const double a[] = { 4088.2, 4090.9, 4089.5, 4127.3, 4082.2,
			    4119.0, 4153.8, 4039.5, 4120.2, 4103.4 };

int main(void)
{
	struct fsr_summary s;
	struct fsr_diag d;
	double one = 7.5, same[] = { 3, 3, 3, 3 };

	fsr_analyze_init();
	ok(fsr_describe(a, 10, 0.95, &s, &d) == 0, "describe a");
	is_int(s.n, 10, "n");
	is_double(s.mean, 4101.4, 1e-12, "mean");
	is_double(s.sd, 31.109341, 1e-7, "sample sd (n-1)");
	is_double(s.se, 9.8376375, 1e-7, "se = sd / sqrt(n)");
	is_double(s.cv_pct, 0.7585, 1e-3, "CV %%");
	is_double(s.ci_low, 4079.1457, 1e-8, "t interval, low");
	is_double(s.ci_high, 4123.6543, 1e-8, "t interval, high");
	is_double(s.median, 4097.15, 1e-12, "median");
	is_double(s.min, 4039.5, 0, "min");
	is_double(s.max, 4153.8, 0, "max");
	/* R: exp(mean(log(a))), exp(t.test(log(a))$conf.int); the same
	 * from Python's statistics.geometric_mean and the t quantile
	 * 2.2621571628540 (df 9) above */
	is_double(s.gmean, 4101.2936575754, 1e-8, "geometric mean");
	is_double(s.gmean_ci_low, 4079.0752129199, 1e-7,
		  "geometric mean's interval, low");
	is_double(s.gmean_ci_high, 4123.6331245846, 1e-7,
		  "geometric mean's interval, high");

	ok(fsr_describe(&one, 1, 0.95, &s, &d) == 0, "describe n = 1");
	is_double(s.mean, 7.5, 0, "n = 1: mean is the sample");
	is_double(s.gmean, 7.5, 0, "n = 1: geometric mean is the sample");
	ok(isnan(s.gmean_ci_low) && isnan(s.gmean_ci_high),
	   "n = 1: no interval of the geometric mean");
	ok(isnan(s.sd) && isnan(s.se) && isnan(s.ci_low) && isnan(s.ci_high)
		   && isnan(s.cv_pct),
	   "n = 1: sd, se, interval and CV are not applicable (NAN), not 0");

	ok(fsr_describe(same, 4, 0.95, &s, &d) == 0, "identical samples");
	is_double(s.sd, 0, 0, "sd 0");
	is_double(s.ci_low, 3, 0, "interval collapses to the mean");

	{
		double mixed[] = { 2, 0, 8 };

		ok(fsr_describe(mixed, 3, 0.95, &s, &d) == 0 &&
			   isnan(s.gmean) && isnan(s.gmean_ci_low),
		   "a run <= 0: no geometric mean (NAN), not 0");
		mixed[1] = 4;
		ok(fsr_describe(mixed, 3, 0.95, &s, &d) == 0,
		   "describe 2, 4, 8");
		is_double(s.gmean, 4, 1e-12, "geometric mean of 2, 4, 8 is 4");
	}
	ok(fsr_describe(a, 0, 0.95, &s, &d) == 0 && s.n == 0 &&
		   isnan(s.mean),
	   "n = 0: everything NAN");
	ok(fsr_describe(a, 10, 1.5, &s, &d) != 0,
	   "confidence outside (0, 1) refused");
	ok(fsr_describe(a, 10, 0.99, &s, &d) == 0 &&
		   s.ci_high - s.ci_low > 2 * 2.2621571628 * 9.8376375,
	   "99%% interval wider than 95%%");
	return done_testing();
}
