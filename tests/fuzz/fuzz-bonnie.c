/*
 * fuzz-bonnie.c - libFuzzer target for the importer "bonnie"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/bonnie/, crashes found become inputs under regressions/bonnie/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("bonnie")
