/*
 * fuzz-sysbench.c - libFuzzer target for the importer "sysbench"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/sysbench/, crashes found become inputs under regressions/sysbench/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("sysbench")
