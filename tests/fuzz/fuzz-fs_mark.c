/*
 * fuzz-fs_mark.c - libFuzzer target for the importer "fs_mark"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/fs_mark/, crashes found become inputs under regressions/fs_mark/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("fs_mark")
