/*
 * test-registry.c - the importer and renderer tables are well formed
 * (fio's check_engine_ops): every hook set, names unique, probes refuse
 * empty input and do not claim each other's files; every probe's every
 * reason to claim a file, each with a near miss (probe_reasons).
 */
#include "importers/importer.h"
#include "render/render.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

/*
 * Every claim rule of every probe, by the reason it claims a file: a
 * positive case (the probe's score, and who claims the whole head) and a
 * near miss that must not be claimed for that reason. A claim is 50 or
 * more (FSR_PROBE_CLAIM); timing's free-form "N seconds" line is a guess
 * (40), taken only when nobody claims the file; a file two importers
 * claim is reported, not guessed (cli/runset.c, t1400).
 */
struct reason {
	const char *owner;  /* the importer whose probe is asked */
	const char *why;    /* the reason, as a test name */
	const char *text;   /* the head */
	int score;          /* its probe's score */
	const char *claims; /* fsr_importer_probe_claims: names, "," */
};

static const struct reason reasons[] = {
	/* pts */
	{ "pts", "the <PhoronixTestSuite> root", "<?xml version=\"1.0\"?>\n"
	  "<PhoronixTestSuite>\n<Generated>", 100, "pts" },
	{ "pts", "near miss: another XML root", "<?xml version=\"1.0\"?>\n"
	  "<Phoronix>\n", 0, "" },
	{ "pts", "the root after a BOM, comments, a PI and a DOCTYPE",
	  "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- saved by hand -->\n"
	  "<?xml-stylesheet href=\"pts.xsl\"?>\n<!DOCTYPE PhoronixTestSuite "
	  "[ <!ELEMENT x ANY> ]>\n<PhoronixTestSuite>\n", 100, "pts" },
	{ "pts", "a prolog longer than the head: the tag in it",
	  "<?xml version=\"1.0\"?>\n<!DOCTYPE PhoronixTestSuite [\n"
	  "<!ENTITY a \"aaaa\">\n<PhoronixTestSuite>", 100, "pts" },
	{ "pts", "near miss: a text that mentions <PhoronixTestSuite>",
	  "Notes: PTS writes <PhoronixTestSuite> files.\n", 0, "" },
	{ "pts", "an XML file with the tag under another root (its error is "
	  "PTS's)", "<?xml version=\"1.0\"?>\n<Results>\n"
	  "<PhoronixTestSuite/>\n", 100, "pts" },
	{ "pts", "near miss: a Markdown text that mentions it",
	  "# Runs\n\nPTS wrote <PhoronixTestSuite> files.\n", 0, "" },
	/* csv */
	{ "csv", "a header naming test and value", "test,value\nx,1\n", 90,
	  "csv" },
	{ "csv", "a quoted header", "\"label\",\"test\",\"value\"\nA,x,1\n", 90,
	  "csv" },
	{ "csv", "a guess: test and another column, no value (the import "
	  "names the missing one)", "test,unit\nx,s\n", 40, "csv" },
	{ "csv", "near miss: 'values' is not 'value'", "test,values\nx,1\n", 0,
	  "" },
	{ "csv", "near miss: the header is not the first line",
	  "# notes\ntest,value\nx,1\n", 0, "" },
	/* postmark */
	{ "postmark", "the PostMark banner", "PostMark v1.51 : 8/14/01\n", 95,
	  "postmark" },
	{ "postmark", "the banner after pm> prompts",
	  "pm>pm>PostMark v1.51 : 8/14/01\n", 95, "postmark" },
	{ "postmark", "a terse report line (13 numbers) first",
	  "6 5 2400.00 1486.33 3000.00 1183.60 1200.00 1199.60 1486.33 "
	  "2836.00 1216.40 122471608.00 188059904.00\n", 80, "postmark" },
	{ "postmark", "near miss: 12 numbers",
	  "6 5 2400.00 1486.33 3000.00 1183.60 1200.00 1199.60 1486.33 "
	  "2836.00 1216.40 122471608.00\n", 0, "" },
	{ "postmark", "the verbose report alone",
	  "Time:\n\t4 seconds total\n\t3 seconds of transactions (4000 per "
	  "second)\n", 70, "postmark" },
	{ "postmark", "near miss: its two lines the other way round",
	  "\t3 seconds of transactions (4000 per second)\n\t4 seconds "
	  "total\n", 0, "" },
	/* timing */
	{ "timing", "GNU time -v's block", "\tCommand being timed: \"ls\"\n"
	  "\tUser time (seconds): 0.00\n", 90, "timing" },
	{ "timing", "a bash time line", "\nreal\t0m1.234s\nuser\t0m0.100s\n"
	  "sys\t0m0.020s\n", 85, "timing" },
	{ "timing", "GNU time's default line", "0.00user 0.02system "
	  "0:00.05elapsed 45%CPU (0avgtext+0avgdata 2916maxresident)k\n", 85,
	  "timing" },
	{ "timing", "dd's summary", "1048576 bytes (1.0 MB, 1.0 MiB) copied, "
	  "0.00123 s, 852 MB/s\n", 80, "timing" },
	{ "timing", "a guess: a free-form 'N seconds' line",
	  "No sync data=ordered 2.7 seconds (381 MB/Sec)\n", 40, "timing" },
	{ "timing", "near miss: dbench's 'Running for N seconds with load'",
	  "Running for 5 seconds with load 'client.txt' and minimum warmup "
	  "1 secs\n", 0, "" },
	{ "timing", "near miss: dbench's progress and cleanup lines",
	  "   1      3296   434.24 MB/sec  warmup   1 sec  latency 11.222 ms\n"
	  "   1  cleanup   6 sec\n", 0, "" },
	{ "timing", "near miss: filebench's stamped 'Run took N seconds...'",
	  "4.074: Run took 3 seconds...\n", 0, "" },
	{ "timing", "a free-form line in a file another importer claims is "
	  "that importer's", "dbench version 4.00 - Copyright Andrew "
	  "Tridgell 1999-2004\ncopy 2.5 seconds\n", 40, "dbench" },
	/* fio (JSON) */
	{ "fio", "the first key \"fio version\"", "{\n  \"fio version\" : "
	  "\"fio-3.33\",\n  \"jobs\" : []\n}\n", 100, "fio" },
	{ "fio", "JSON after fio's normal text (--output-format=normal,json)",
	  "job: (g=0): rw=randwrite\nfio-3.33\n{\n  \"fio version\" : "
	  "\"fio-3.33\"\n}\n", 100, "fio" },
	{ "fio", "near miss: \"fio version\" not the first key",
	  "{\"jobs\": [], \"fio version\": \"fio-3.33\"}\n", 0, "" },
	/* fio-text */
	{ "fio-text", "a terse v3 line", "3;fio-3.33;job;0;0;1024;100;25;"
	  "10;0\n", 95, "fio-text" },
	{ "fio-text", "a terse v2 line (with Q%=V percentiles)",
	  "2;job;0;0;1024;100;25;10;0;1;2;3;4;5;6;7;8;9;10;11;12;1.000000%=2;"
	  "5.000000%=3\n", 95, "fio-text" },
	{ "fio-text", "near miss: a v2-like line of few fields",
	  "2;job;0;0;1%=2\n", 0, "" },
	{ "fio-text", "the fio-3 banner, then a (groupid= job line",
	  "fio-3.33\nStarting 1 process\n\njob: (groupid=0, jobs=1): err= 0: "
	  "pid=1: Mon\n", 90, "fio-text" },
	{ "fio-text", "the fio-3 banner, then fio's error line (a run that "
	  "failed before any job reported)", "job: (g=0): rw=write\nfio-3.33\n"
	  "fio: pid=0, err=2/file:filesetup.c:174, func=open, error=x\n", 90,
	  "fio-text" },
	{ "fio-text", "near miss: fio's error line without the banner",
	  "fio: pid=0, err=2/file:filesetup.c:174, func=open, error=x\n", 0,
	  "" },
	{ "fio-text", "near miss: a (groupid= line without the banner",
	  "job: (groupid=0, jobs=1): err= 0: pid=1: Mon\n", 0, "" },
	{ "fio-text", "near miss: a fio job file is nobody's (skipped in a "
	  "folder)", "[global]\nioengine=psync\nrw=randwrite\n\n[job]\n"
	  "size=64m\n", 0, "" },
	/* hyperfine */
	{ "hyperfine", "first key \"results\" with \"times\"",
	  "{\n  \"results\": [\n    {\n      \"command\": \"x\",\n      "
	  "\"times\": [1.0]\n    }\n  ]\n}\n", 95, "hyperfine" },
	{ "hyperfine", "near miss: \"results\" without \"times\"",
	  "{\"results\": [{\"command\": \"x\", \"mean\": 1.0}]}\n", 0, "" },
	/* dbench */
	{ "dbench", "the dbench banner", "dbench version 4.00 - Copyright "
	  "Andrew Tridgell 1999-2004\n", 95, "dbench" },
	{ "dbench", "a 4.x Throughput line", "Throughput 638.43 MB/sec  1 "
	  "clients  1 procs  max_latency=4.176 ms\n", 90, "dbench" },
	{ "dbench", "a 3.x Throughput line", "Throughput 10.0026 MB/sec "
	  "(sync open) (sync dirs) 5 procs\n", 90, "dbench" },
	{ "dbench", "near miss: 'Throughput N MB/sec' with no clients or "
	  "procs", "Throughput 100 MB/sec\n", 0, "" },
	{ "dbench", "the operation table's header", "\n Operation      Count  "
	  "  AvgLat    MaxLat\n ----------------------------------------\n",
	  70, "dbench" },
	{ "dbench", "near miss: a header without MaxLat", " Operation      "
	  "Count    AvgLat    Total\n", 0, "" },
	/* fs_mark */
	{ "fs_mark", "the echoed command line", "\n#  fs_mark  -d  /x  -s  "
	  "10240  -n  1000  -L  3  -S  1 \n", 95, "fs_mark" },
	{ "fs_mark", "the FSUse% header", "FSUse%        Count         Size  "
	  "  Files/sec     App Overhead\n", 85, "fs_mark" },
	{ "fs_mark", "near miss: a FSUse% header without Files/sec",
	  "FSUse%        Count         Size\n", 0, "" },
	/* bonnie */
	{ "bonnie", "the table's Version line", "Version 2.00a       "
	  "------Sequential Output------ --Sequential Input- --Random-\n",
	  95, "bonnie" },
	{ "bonnie", "the create table's Version line", "Version 2.00a       "
	  "------Sequential Create------ --------Random Create--------\n",
	  95, "bonnie" },
	{ "bonnie", "a CSV line of format 1.9x", "1.98,2.00a,fsreport-test,1,"
	  "1796171081,32M,,8192,5,,,+++++,+++\n", 90, "bonnie" },
	{ "bonnie", "its stderr (2>&1): the 'Using uid:N, gid:N.' line",
	  "Using uid:0, gid:0.\nWriting a byte at a time...", 85, "bonnie" },
	{ "bonnie", "its usage, after an error (2>&1)", "Can't change to "
	  "directory \"/x\".\nusage:\nbonnie++ [-d scratch-dir] [-c "
	  "concurrency] [-s size(MiB)[:chunk-size(b)]]\n", 85, "bonnie" },
	{ "bonnie", "near miss: a 'Using uid' line of something else",
	  "Using uid: root\n", 0, "" },
	{ "bonnie", "near miss: a CSV of numbers that starts with 1.9x",
	  "1.95,2.31,3.02\n2.0,2.2,2.4\n", 0, "" },
	{ "bonnie", "near miss: a Version line of something else",
	  "Version 2.00a\n", 0, "" },
	/* fio-hist-log */
	{ "fio-hist-log", "msec, ddir, bs, then fio's bin counts",
	  "106, 1, 4096, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0\n", 90, "fio-hist-log" },
	{ "fio-hist-log", "near miss: ddir 3 is no direction",
	  "106, 3, 4096, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0\n", 0, "" },
	/* fio-lat-log */
	{ "fio-lat-log", "lines of msec, ns, ddir, bs, prio",
	  "0, 53982, 1, 4096, 0\n6, 16371, 1, 4096, 0\n11, 14888, 1, 4096, "
	  "0\n", 60, "fio-lat-log" },
	{ "fio-lat-log", "a bw log averaged over intervals: bs 0",
	  "250, 27920, 1, 0, 0\n500, 18864, 1, 0, 0\n750, 25408, 1, 0, "
	  "0\n", 60, "fio-lat-log" },
	{ "fio-lat-log", "near miss: a line of words among them",
	  "0, 53982, 1, 4096, 0\n6, n/a, 1, 4096, 0\n", 0, "" },
	/* sysbench */
	{ "sysbench", "the banner, then fileio's lines",
	  "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nExtra file "
	  "open flags: (none)\n16 files, 4MiB each\n", 95, "sysbench" },
	{ "sysbench", "the banner of another test (cpu): claimed, to be "
	  "refused by name (\"sysbench cpu: not a storage result\")",
	  "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nPrime "
	  "numbers limit: 10000\n", 60, "sysbench" },
	{ "sysbench", "the banner of another test (memory), likewise",
	  "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning "
	  "memory speed test with the following options:\n", 60,
	  "sysbench" },
	{ "sysbench", "near miss: another test's line without the banner",
	  "Prime numbers limit: 10000\n", 0, "" },
	{ "sysbench", "near miss: fileio's lines without the banner",
	  "Extra file open flags: (none)\nFile operations:\n", 0, "" },
	/* iozone */
	{ "iozone", "the iozone banner", "\tIozone: Performance Test of File "
	  "I/O\n", 95, "iozone" },
	{ "iozone", "a -R report table", "\"Writer report\"\n        \"4\"\n",
	  80, "iozone" },
	{ "iozone", "near miss: an unquoted Writer report",
	  "Writer report\n", 0, "" },
	{ "iozone", "the banner of a -t run (throughput mode): claimed, to "
	  "be refused by name", "\tIozone: Performance Test of File I/O\n"
	  "\tThroughput test with 2 processes\n", 95, "iozone" },
	/* filebench */
	{ "filebench", "the filebench banner", "Filebench Version "
	  "1.5-alpha3\n0.000: Allocated 177MB of shared memory\n", 95,
	  "filebench" },
	{ "filebench", "a 1.5 IO Summary line", "4.075: IO Summary: 189662 ops "
	  "63209.774 ops/s 5747/11495 rd/wr 1445.7mb/s 0.056ms/op\n", 90,
	  "filebench" },
	{ "filebench", "near miss: a 1.4 IO Summary line (not read)",
	  "IO Summary: 5000 ops, 100.0 ops/s, (50/50 r/w), 1.0mb/s, 500us "
	  "cpu/op, 5.0ms latency\n", 0, "" },
	/* ioping */
	{ "ioping", "raw statistics lines (ioping -B), runs appended",
	  "19 13168838 1443 5909709 83078 693097 5570086 1453981 20 "
	  "16532510\n19 1215002 15638 64052569 43963 63947 83549 8793 20 "
	  "1427003\n", 60, "ioping" },
	{ "ioping", "near miss: ten numbers that cannot be ioping's (the "
	  "average above the longest request)",
	  "19 13168838 1443 5909709 83078 6930970 5570086 1453981 20 "
	  "16532510\n", 0, "" },
	{ "ioping", "near miss: nine numbers",
	  "19 13168838 1443 5909709 83078 693097 5570086 1453981 20\n", 0,
	  "" },
	/* fsreport-xml, fsreport-json */
	{ "fsreport-xml", "the <fsreport> root", "<?xml version=\"1.0\"?>\n"
	  "<!-- fsreport -->\n<fsreport format_version=\"1\">\n", 100,
	  "fsreport-xml" },
	{ "fsreport-xml", "near miss: <fsreportx>", "<fsreportx>\n", 0, "" },
	{ "fsreport-json", "the first key \"format_version\"",
	  "{\"format_version\": 1, \"systems\": []}\n", 100, "fsreport-json" },
	{ "fsreport-json", "near miss: \"format_version\" not first",
	  "{\"name\": \"x\", \"format_version\": 1}\n", 0, "" },
	/* several claims */
	{ "dbench", "two programs' output in one file: both claim it "
	  "(reported, not guessed)", "\n#  fs_mark  -d  /x  -L  1 \n"
	  "dbench version 4.00 - Copyright\n", 95, "dbench,fs_mark" },
};

static const char *claims_text(const char *text)
{
	static char out[256];
	const struct fsr_importer *c[8];
	size_t k, i;

	k = fsr_importer_probe_claims((const unsigned char *)text,
				      strlen(text), c, 8);
	out[0] = '\0';
	for (i = 0; i < k && i < 8; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s",
			 i ? "," : "", c[i]->name);
	return out;
}

static void probe_reasons(void)
{
	const struct fsr_importer *imp;
	const char *got;
	size_t i, pos, neg;

	for (i = 0; i < sizeof(reasons) / sizeof(*reasons); i++) {
		const struct reason *re = &reasons[i];

		imp = fsr_importer_find(re->owner);
		if (!ok(imp != NULL, "%s is an importer", re->owner))
			continue;
		is_int(imp->probe((const unsigned char *)re->text,
				  strlen(re->text)), re->score,
		       "%s probe: %s", re->owner, re->why);
		got = claims_text(re->text);
		ok(!strcmp(got, re->claims), "%s probe: %s: claimed by '%s' "
		   "(%s)", re->owner, re->why, re->claims, got);
	}
	/* every importer has a reason and a near miss named above */
	for (imp = fsr_importers; imp->name; imp++) {
		for (i = pos = neg = 0; i < sizeof(reasons) / sizeof(*reasons);
		     i++) {
			if (strcmp(reasons[i].owner, imp->name))
				continue;
			if (reasons[i].score >= FSR_PROBE_CLAIM)
				pos++;
			else if (!reasons[i].score)
				neg++;
		}
		ok(pos && neg, "%s: %zu reasons to claim, %zu near misses",
		   imp->name, pos, neg);
	}
}

int main(void)
{
	const struct fsr_importer *imp, *other;
	const struct fsr_renderer *r, *r2;
	static const unsigned char pts[] =
		"<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Generated>";
	static const unsigned char csv[] = "test,value\nx,1\n";
	size_t n = 0;

	for (imp = fsr_importers; imp->name; imp++, n++) {
		ok(imp->probe && imp->import, "importer %s: hooks set",
		   imp->name);
		is_int(imp->probe((const unsigned char *)"", 0), 0,
		       "importer %s: probe refuses an empty file", imp->name);
		for (other = imp + 1; other->name; other++)
			ok(strcmp(imp->name, other->name),
			   "importer names %s and %s differ", imp->name,
			   other->name);
		ok(fsr_importer_find(imp->name) == imp, "find %s", imp->name);
	}
	ok(n >= 2, "at least the pts and csv importers (%zu)", n);
	probe_reasons();
	is_str(fsr_importer_probe(pts, sizeof(pts) - 1)->name, "pts",
	       "a PTS head is probed as pts");
	is_str(fsr_importer_probe(csv, sizeof(csv) - 1)->name, "csv",
	       "a CSV head is probed as csv");
	ok(fsr_importer_probe((const unsigned char *)"hello\n", 6) == NULL,
	   "plain text is nobody's");
	{
		static const unsigned char both[] =
			"\n#  fs_mark  -d  /x  -L  1 \n"
			"dbench version 4.00 - Copyright\n";
		static const unsigned char guess[] =
			"No sync data=ordered 2.7 seconds (381 MB/Sec)\n";
		const struct fsr_importer *c[4];

		is_int((int)fsr_importer_probe_claims(both, sizeof(both) - 1,
						      c, 4), 2,
		       "two banners: two claims");
		is_str(c[0]->name, "dbench", "table order for equal scores");
		is_str(c[1]->name, "fs_mark", "then fs_mark");
		is_int((int)fsr_importer_probe_claims(both, sizeof(both) - 1,
						      c, 1), 2,
		       "counted even when out[] is short");
		is_int((int)fsr_importer_probe_claims(guess, sizeof(guess) - 1,
						      c, 4), 1,
		       "a free-form timing line: one guess");
		is_str(c[0]->name, "timing", "timing's");
		is_int((int)fsr_importer_probe_claims(pts, sizeof(pts) - 1, c,
						      4), 1, "PTS: certain");
	}

	n = 0;
	for (r = fsr_renderers; r->name; r++, n++) {
		ok(r->render && r->ext && *r->ext, "renderer %s: hooks set",
		   r->name);
		for (r2 = r + 1; r2->name; r2++)
			ok(strcmp(r->name, r2->name),
			   "renderer names %s and %s differ", r->name,
			   r2->name);
		ok(fsr_renderer_find(r->name) == r, "find %s", r->name);
	}
	ok(fsr_renderer_find("ascii") && fsr_renderer_find("csv"),
	   "ascii and csv renderers exist");
	ok(fsr_renderer_find("nope") == NULL, "unknown renderer: NULL");
	ok(!(fsr_renderer_find("json")->flags & FSR_RENDER_NO_CELL_META) &&
		   !(fsr_renderer_find("xml")->flags & FSR_RENDER_NO_CELL_META) &&
		   !(fsr_renderer_find("pts")->flags & FSR_RENDER_NO_CELL_META),
	   "the exporters read cells' attributes (they write them out)");
	ok((fsr_renderer_find("ascii")->flags & FSR_RENDER_NO_CELL_META) &&
		   (fsr_renderer_find("csv")->flags & FSR_RENDER_NO_CELL_META),
	   "ascii and csv do not: importers may skip decoding them");
	ok(!(fsr_renderer_find("json")->flags & FSR_RENDER_NO_ENTRIES) &&
		   !(fsr_renderer_find("xml")->flags & FSR_RENDER_NO_ENTRIES) &&
		   !(fsr_renderer_find("pts")->flags & FSR_RENDER_NO_ENTRIES) &&
		   !(fsr_renderer_find("ascii")->flags & FSR_RENDER_NO_ENTRIES),
	   "the exporters and the PTS layout read the entries as read");
	ok((fsr_renderer_find("csv")->flags & FSR_RENDER_NO_ENTRIES) &&
		   (fsr_renderer_find("table")->flags & FSR_RENDER_NO_ENTRIES),
	   "csv and table do not: importers may keep only the samples");
	return done_testing();
}
