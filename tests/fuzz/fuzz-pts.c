/*
 * fuzz-pts.c - libFuzzer target for the importer "pts"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/pts/, crashes found become inputs under regressions/pts/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("pts")
