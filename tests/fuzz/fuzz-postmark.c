/*
 * fuzz-postmark.c - libFuzzer target for the importer "postmark"
 * (see fuzz-common.h). Built and run by "make fuzz"; seeds in
 * corpus/postmark/, crashes found become inputs under regressions/postmark/,
 * replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_TARGET("postmark")
