/*
 * test-model-usage.c - the usage text at the top of model/model.h,
 * extracted by the GNUmakefile into model-usage.inc, compiles and runs
 * (under SANITIZE= and valgrind too: it frees what it makes).
 */
#include "model/model.h"
#include "tap.h"

static void usage(void)
{
#include "model-usage.inc"
}

int main(void)
{
	usage();
	ok(1, "model.h's usage text compiles and runs");
	return done_testing();
}
