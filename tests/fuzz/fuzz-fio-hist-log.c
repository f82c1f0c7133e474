/*
 * fuzz-fio-hist-log.c - libFuzzer target for the importer "fio-hist-log"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fio-hist-log/, crashes found become inputs under regressions/fio-hist-log/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fio-hist-log")
