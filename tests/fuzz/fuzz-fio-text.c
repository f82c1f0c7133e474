/*
 * fuzz-fio-text.c - libFuzzer target for the importer "fio-text"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fio-text/, crashes found become inputs under regressions/fio-text/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fio-text")
