/*
 * fuzz-filebench.c - libFuzzer target for the importer "filebench"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/filebench/, crashes found become inputs under regressions/filebench/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("filebench")
