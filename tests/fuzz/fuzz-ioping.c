/*
 * fuzz-ioping.c - libFuzzer target for the importer "ioping"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/ioping/, crashes found become inputs under regressions/ioping/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("ioping")
