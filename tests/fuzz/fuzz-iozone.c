/*
 * fuzz-iozone.c - libFuzzer target for the importer "iozone"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/iozone/, crashes found become inputs under regressions/iozone/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("iozone")
