/*
 * fuzz-fio-hist-log+jobs.c - libFuzzer target for the importer "fio-hist-log" reading
 * the jobs of one fio run (NAME_KIND.J.log, merged: importers/fio-logs.c;
 * see fuzz_importer_jobs() in fuzz-common.h). Built and run by "make
 * fuzz"; seeds in corpus/fio-hist-log+jobs/, crashes found become inputs under
 * regressions/fio-hist-log+jobs/, replayed by "make check".
 */
#include "fuzz-common.h"

FSR_FUZZ_JOBS_TARGET("fio-hist-log")
