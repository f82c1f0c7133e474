/*
 * fuzz-fio-lat-log.c - libFuzzer target for the importer "fio-lat-log"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fio-lat-log/, crashes found become inputs under regressions/fio-lat-log/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fio-lat-log")
