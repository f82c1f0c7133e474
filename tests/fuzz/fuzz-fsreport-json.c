/*
 * fuzz-fsreport-json.c - libFuzzer target for the importer "fsreport-json"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fsreport-json/, crashes found become inputs under regressions/fsreport-json/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fsreport-json")
