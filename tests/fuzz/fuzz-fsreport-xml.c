/*
 * fuzz-fsreport-xml.c - libFuzzer target for the importer "fsreport-xml"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fsreport-xml/, crashes found become inputs under regressions/fsreport-xml/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fsreport-xml")
