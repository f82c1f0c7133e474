/*
 * fuzz-fio-lat-log+jobs.c - libFuzzer target for the importer "fio-lat-log" reading
 * the jobs of one fio run (NAME_KIND.J.log, merged: importers/fio-logs.c;
 * see fuzz_importer_jobs() in fuzz-common.h). Built and run by "make
 * fuzz"; seeds in corpus/fio-lat-log+jobs/, crashes found become inputs under
 * regressions/fio-lat-log+jobs/, replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_JOBS_TARGET("fio-lat-log")
