/*
 * test-pts.c - the PTS importer on every file of the corpus
 * (tests/data/corpus/pts, or $FSR_SHARED/corpus/pts) and on every shape
 * pts-format.md lists; recomputed means agree with PTS's stored Value.
 */
#include "importers/importer.h"
#include "analyze/analyze.h"
#include "tap.h"
#include "lib/numbers.h"

#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

static char corpus[1024];

static struct fsr_report *load(const char *name, int *rc,
			       struct fsr_diag *d)
{
	const struct fsr_importer *imp = fsr_importer_find("pts");
	struct fsr_import_ctx ctx = { 0 };
	struct fsr_report *r = fsr_report_new();
	char path[2048];

	snprintf(path, sizeof(path), "%s/%s", corpus, name);
	fsr_report_add_runset(r, "t", path, 0);
	ctx.path = path;
	fsr_diag_clear(d);
	*rc = imp->import(&ctx, path, r, d);
	return r;
}

static const struct fsr_result *find(const struct fsr_report *r,
				     const char *title, const char *desc)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->title, title) &&
		    !strcmp(r->results[i]->description, desc))
			return r->results[i];
	return NULL;
}

static void test_every_file(void)
{
	struct dirent **names;
	int n, i;

	n = scandir(corpus, &names, NULL, alphasort);
	ok(n > 20, "corpus found at %s", corpus);
	for (i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm);

		if (len > 4 && !strcmp(nm + len - 4, ".xml")) {
			struct fsr_diag d;
			struct fsr_report *r;
			int rc;
			unsigned char head[4096];
			char path[2048];
			FILE *fp;
			size_t got;

			snprintf(path, sizeof(path), "%s/%s", corpus, nm);
			fp = fopen(path, "rb");
			got = fp ? fread(head, 1, sizeof(head), fp) : 0;
			if (fp)
				fclose(fp);
			ok(fsr_importer_probe(head, got) ==
				   fsr_importer_find("pts"),
			   "%s: probed as pts", nm);
			r = load(nm, &rc, &d);
			ok(rc == 0 && r->n_results > 0 && r->n_systems > 0,
			   "%s imports (%zu results, %zu systems) %s", nm,
			   r->n_results, r->n_systems, rc ? d.msg : "");
			fsr_report_free(r);
		}
		free(names[i]);
	}
	free(names);
}

static void test_shapes(void)
{
	const struct fsr_result *res;
	struct fsr_report *r;
	struct fsr_diag d;
	size_t i, failed = 0, derived = 0;
	int rc;

	r = load("tiobench-ec2-large.xml", &rc, &d);
	is_int(r->n_results, 64, "tiobench large: 64 results");
	is_int(r->n_systems, 1, "tiobench large: 1 system");
	res = r->results[0];
	is_str(res->title, "Threaded I/O Tester", "title");
	is_str(res->test_id, "pts/tiobench-1.2.0", "test id as written");
	is_str(res->test, "pts/tiobench-1.2", "identity without patch");
	is_str(res->app_version, "0.3.3", "app version");
	is_str(res->unit, "MB/s", "unit");
	is_int(res->better, FSR_BETTER_HIGHER, "HIB");
	is_int(res->cells[0].n, 6, "RawString with 6 runs");
	is_str(res->cells[0].stored, "4548.91", "stored Value kept");
	is_int(res->cells[0].stored_decimals, 3, "sample decimals");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "disk-mount-options"),
	       "data=ordered,discard,relatime,rw", "system JSON kept");
	is_str(fsr_kvlist_get(&r->systems[0].hw, "Memory"), "8192MB",
	       "hardware split into pairs");
	is_str(r->title, "threaded-last", "Generated/Title");
	fsr_report_free(r);

	r = load("cpu-suite-gvno2-142results.xml", &rc, &d);
	ok(rc == 0, "modern 10.8.4 file imports");
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *x = r->results[i];

		if (x->derived)
			derived++;
		if (x->n_cells && x->cells[0].n_failed) {
			failed++;
			if (failed == 1) {
				is_int(x->cells[0].n, 0,
				       "failed entry has no sample (not 0)");
				is_str(fsr_cell_fail_reason(&x->cells[0]),
				       "The test run did not produce a "
				       "result.", "failure reason from JSON");
			}
		}
	}
	ok(failed > 0, "failed entries found (%zu)", failed);
	is_int(derived, 40, "40 derived results (empty Identifier)");
	is_int(r->n_results, 142, "142 results: derived ones keyed by title");
	res = find(r, "FFTW", "Test Install Size");
	ok(res && res->n_cells == 1 && res->cells[0].n == 3,
	   "three entries of one system pooled as 3 samples");
	ok(res && res->cells[0].stored == NULL,
	   "pooled entries keep no single stored value");
	fsr_report_free(r);

	r = load("pjdfstest-passfail.xml", &rc, &d);
	ok(rc == 0 && r->n_results == 2, "pass/fail file: 2 results");
	for (i = 0; i < r->n_results; i++)
		if (r->results[i]->display == FSR_DISPLAY_PASSFAIL)
			break;
	ok(i < r->n_results, "PASS_FAIL kind kept");
	if (i < r->n_results) {
		is_str(r->results[i]->cells[0].stored, "PASS", "PASS kept");
		is_int(r->results[i]->cells[0].n, 0, "PASS is not a number");
	}
	fsr_report_free(r);

	r = load("blogbench-nestedvm-dateid.xml", &rc, &d);
	is_str(r->systems[0].name, "2018-12-01 07:42",
	       "date identifier with ':' kept whole");
	fsr_report_free(r);

	r = load("blogbench-write-longid.xml", &rc, &d);
	ok(strstr(r->systems[0].name, "  ") && strchr(r->systems[0].name,
							  '+') &&
		   strchr(r->systems[0].name, '('),
	   "long identifier keeps '+', '(' and the double space: '%s'",
	   r->systems[0].name);
	fsr_report_free(r);

	r = load("tachyon-systemd-2sys-partial.xml", &rc, &d);
	is_int(r->n_systems, 2, "partial matrix: 2 systems");
	for (i = 0; i < r->n_results; i++)
		ok(r->results[i]->n_cells == 1,
		   "partial matrix: result %zu has one entry", i);
	fsr_report_free(r);

	r = load("compress-zstd-gvno3.xml", &rc, &d);
	is_int(r->n_results, 16,
	       "zstd: compression/decompression differ by description");
	fsr_report_free(r);

	r = load("osbench-gce-annotated.xml", &rc, &d);
	res = r->results[0];
	is_str(res->unit, "us Per Event ", "unit: the Scale before its '|'");
	is_str(res->scale, "us Per Event | Lower Is Better",
	       "the Scale kept whole");
	is_str(res->annotation, "Run on a busy host; see notes.",
	       "the Annotation kept");
	is_str(res->parent, "4ed8f8d2a1c3e5b7f9a0b2c4d6e8f0a1b3c5d7e9",
	       "the Parent kept");
	ok(!r->results[1]->scale && !r->results[1]->annotation &&
	   !r->results[1]->parent, "none where the file has none");
	is_str(fsr_kvlist_get(&r->generated, "TestClient"),
	       "Phoronix Test Suite v8.2.0 (Rakkestad)", "TestClient kept");
	fsr_report_free(r);

	r = load("tiobench-ec2-6sys-name-collision.xml", &rc, &d);
	is_int(r->n_systems, 5, "name collision: 5 systems (statistics pool)");
	ok(r->systems[0].n_more == 1 && r->systems[0].more[0].ordinal == 5,
	   "name collision: the second block is kept, 6th in the file");
	ok(r->systems[0].more[0].hardware &&
	   strstr(r->systems[0].more[0].hardware, "Memory: 2048MB") &&
	   r->systems[0].hardware &&
	   strstr(r->systems[0].hardware, "Memory: 1024MB"),
	   "name collision: each block keeps its own hardware");
	fsr_report_free(r);

	r = load("blogbench-gce-docker-run3-bare.xml", &rc, &d);
	ok(!r->title && r->n_generated == 1,
	   "no Generated block: untitled, read from a PTS file");
	ok(r->n_systems == 1 && r->systems[0].undeclared,
	   "no System block: the system is named by entries only");
	fsr_report_free(r);

	r = load("stream-ec2-small-10runs.xml", &rc, &d);
	is_int(r->n_systems, 10, "stream: 10 systems");
	{
		size_t maxn = 0;

		for (i = 0; i < r->n_results; i++)
			if (r->results[i]->cells[0].n > maxn)
				maxn = r->results[i]->cells[0].n;
		is_int(maxn, 20, "up to 20 runs per entry");
	}
	fsr_report_free(r);
}

/* PTS stores the mean rounded to the samples' decimals (5.x: 2). */
static void test_means_agree(void)
{
	struct dirent **names;
	size_t checked = 0, bad = 0;
	int n, i;

	n = scandir(corpus, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm), j, k;
		struct fsr_report *r;
		struct fsr_diag d;
		int rc;

		if (len < 5 || strcmp(nm + len - 4, ".xml")) {
			free(names[i]);
			continue;
		}
		r = load(nm, &rc, &d);
		for (j = 0; j < r->n_results; j++) {
			const struct fsr_result *x = r->results[j];

			if (x->display != FSR_DISPLAY_BAR)
				continue;
			for (k = 0; k < x->n_cells; k++) {
				const struct fsr_cell *c = &x->cells[k];
				struct fsr_summary s;
				struct fsr_buf b = FSR_BUF_INIT;
				const char *v = c->stored;

				if (!v || c->n < 2 || c->n_stored != 1)
					continue;
				fsr_describe(c->samples, c->n, 0.95, &s, &d);
				fsr_buf_add_fixed(&b, s.mean,
					fsr_count_decimals(v, strlen(v)));
				checked++;
				if (strcmp(b.buf, v)) {
					bad++;
					printf("# %s: %s: mean %s, stored %s\n",
					       nm, x->title, b.buf, v);
				}
				fsr_buf_release(&b);
			}
		}
		fsr_report_free(r);
		free(names[i]);
	}
	free(names);
	ok(checked > 1000, "means checked against stored Values: %zu",
	   checked);
	is_int(bad, 0, "every recomputed mean equals PTS's Value");
}

static void test_errors(void)
{
	static const struct {
		const char *xml, *msg;
		int line;
	} cases[] = {
		{ "<PhoronixTestSuite><Result>\n<Title>x</Titl>",
		  "malformed XML", 2 },
		{ "<?xml version=\"1.0\"?>\n<Other/>\n",
		  "expected <PhoronixTestSuite>, found <Other>", 2 },
		{ "<PhoronixTestSuite><Result><Data>\n<Entry><Identifier>a"
		  "</Identifier><Value>1</Value><RawString>1:x:3</RawString>"
		  "</Entry></Data></Result></PhoronixTestSuite>",
		  "<RawString> sample 'x' is not a number", 2 },
		{ "<PhoronixTestSuite><Result><Data>\n<Entry><Identifier>a"
		  "</Identifier><Value>abc</Value></Entry></Data></Result>"
		  "</PhoronixTestSuite>",
		  "<Value> 'abc' is not a number", 2 },
		/* The line of the bad field, not of its Entry. */
		{ "<PhoronixTestSuite><Result><Data>\n<Entry>\n<Identifier>a"
		  "</Identifier>\n<Value>1</Value>\n<RawString>1:x:3"
		  "</RawString></Entry></Data></Result></PhoronixTestSuite>",
		  "<RawString> sample 'x' is not a number", 5 },
		{ "<PhoronixTestSuite><Result><Data>\n<Entry>\n<Identifier>a"
		  "</Identifier>\n<Value>abc</Value></Entry></Data></Result>"
		  "</PhoronixTestSuite>",
		  "<Value> 'abc' is not a number", 4 },
		{ "<!DOCTYPE x [<!ENTITY e \"boom\">]>\n<PhoronixTestSuite>"
		  "<Generated><Title>&e;</Title></Generated>"
		  "</PhoronixTestSuite>",
		  "entity reference '&e;' is not allowed", 2 },
		/* Entries that would be lost (issue 17). */
		{ "<PhoronixTestSuite>\n<Data>\n<Entry><Identifier>a"
		  "</Identifier><Value>1</Value></Entry></Data>"
		  "</PhoronixTestSuite>",
		  "<Entry> outside a <Result>'s <Data>", 3 },
		{ "<PhoronixTestSuite><Result>\n<Entry><Identifier>a"
		  "</Identifier><Value>1</Value></Entry></Result>"
		  "</PhoronixTestSuite>",
		  "<Entry> outside a <Result>'s <Data>", 2 },
	};
	const struct fsr_importer *imp = fsr_importer_find("pts");
	char path[] = "/tmp/fsr-test-pts-XXXXXX";
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct fsr_import_ctx ctx = { 0 };
		struct fsr_report *r = fsr_report_new();
		struct fsr_diag d;
		int fd, rc;
		FILE *fp;

		memcpy(path + sizeof(path) - 7, "XXXXXX", 6);
		fd = mkstemp(path);
		fp = fdopen(fd, "w");
		fputs(cases[i].xml, fp);
		fclose(fp);
		fsr_report_add_runset(r, "t", path, 0);
		ctx.path = path;
		fsr_diag_clear(&d);
		rc = imp->import(&ctx, path, r, &d);
		ok(rc == FSR_EINPUT, "bad file %zu refused", i);
		ok(strstr(d.msg, cases[i].msg) != NULL,
		   "message: '%s' contains '%s'", d.msg, cases[i].msg);
		is_int(d.line, cases[i].line, "line of the error");
		unlink(path);
		fsr_report_free(r);
	}
}

/* A file saved as UTF-16 (both byte orders) reads as its UTF-8 self. */
static void test_utf16(void)
{
	static const char xml[] =
		"<?xml version=\"1.0\"?>\n<PhoronixTestSuite><Result>"
		"<Title>T</Title><Scale>MB/s</Scale><Data><Entry>"
		"<Identifier>ext4</Identifier><Value>2</Value>"
		"<RawString>1:3</RawString></Entry></Data></Result>"
		"</PhoronixTestSuite>\n";
	const struct fsr_importer *imp = fsr_importer_find("pts");
	int be;

	for (be = 0; be <= 1; be++) {
		unsigned char buf[2 * sizeof(xml) + 2];
		char path[] = "/tmp/fsr-test-pts16-XXXXXX";
		struct fsr_import_ctx ctx = { 0 };
		struct fsr_report *r = fsr_report_new();
		struct fsr_diag d;
		size_t i, n = 2;
		int fd, rc;

		buf[0] = be ? 0xfe : 0xff;
		buf[1] = be ? 0xff : 0xfe;
		for (i = 0; xml[i]; i++) {
			buf[n + !be] = 0;
			buf[n + be] = (unsigned char)xml[i];
			n += 2;
		}
		is_int(fsr_importer_find("pts")->probe(buf, n), 100,
		       "UTF-16%s: the probe is sure", be ? "BE" : "LE");
		fd = mkstemp(path);
		if (fd < 0 || write(fd, buf, n) != (ssize_t)n)
			abort();
		close(fd);
		fsr_report_add_runset(r, "t", path, 0);
		ctx.path = path;
		fsr_diag_clear(&d);
		rc = imp->import(&ctx, path, r, &d);
		is_int(rc, 0, "UTF-16%s: imported (%s)", be ? "BE" : "LE",
		       d.msg);
		ok(r->n_results == 1 && r->results[0]->n_cells == 1 &&
		   r->results[0]->cells[0].n == 2 &&
		   r->results[0]->cells[0].samples[1] == 3.0,
		   "  its two samples");
		unlink(path);
		fsr_report_free(r);
	}
}

int main(void)
{
	const char *shared = getenv("FSR_SHARED");

	snprintf(corpus, sizeof(corpus), "%s/corpus/pts",
		 shared ? shared : "tests/data");
	fsr_analyze_init();
	test_every_file();
	test_shapes();
	test_means_agree();
	test_errors();
	test_utf16();
	return done_testing();
}
