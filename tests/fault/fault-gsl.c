/*
 * fault-gsl.c - an LD_PRELOAD shim that makes GSL's t quantile fail, so
 * that the CLI tests can reach fsreport's internal-error path (exit 5),
 * which no input reaches (jq's inject_errors.c does the same for I/O).
 *
 *	FSR_FAULT_TQUANTILE=all         every gsl_cdf_tdist_Pinv() is NAN
 *	FSR_FAULT_TQUANTILE=fractional  only those with a fractional df
 *	                                (Welch's test; a cell's interval
 *	                                has a whole df and still works)
 *
 * Built by the GNUmakefile as $(BUILD)/tests/fault-gsl.so; used by
 * tests/cli/t0155-errors-internal.sh. Never linked into fsreport.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double gsl_cdf_tdist_Pinv(double p, double nu);

double gsl_cdf_tdist_Pinv(double p, double nu)
{
	static double (*real)(double, double);
	const char *mode = getenv("FSR_FAULT_TQUANTILE");

	if (mode && (!strcmp(mode, "all") ||
		     (!strcmp(mode, "fractional") && nu != floor(nu))))
		return NAN;
	if (!real) {
		void *sym = dlsym(RTLD_NEXT, "gsl_cdf_tdist_Pinv");

		if (!sym)
			abort();
		memcpy(&real, &sym, sizeof(real));
	}
	return real(p, nu);
}
