/*
 * fuzz-csv.c - libFuzzer target for the importer "csv"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/csv/, crashes found become inputs under regressions/csv/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("csv")
