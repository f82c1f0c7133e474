/*
 * fuzz-dbench.c - libFuzzer target for the importer "dbench"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/dbench/, crashes found become inputs under regressions/dbench/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("dbench")
