/*
 * fuzz-timing.c - libFuzzer target for the importer "timing"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/timing/, crashes found become inputs under regressions/timing/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("timing")
