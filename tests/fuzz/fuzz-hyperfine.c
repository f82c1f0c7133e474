/*
 * fuzz-hyperfine.c - libFuzzer target for the importer "hyperfine"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/hyperfine/, crashes found become inputs under regressions/hyperfine/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("hyperfine")
