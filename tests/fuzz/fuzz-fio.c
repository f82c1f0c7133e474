/*
 * fuzz-fio.c - libFuzzer target for the importer "fio"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fio/, crashes found become inputs under regressions/fio/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fio")
