/*
 * test-fuzz-replay.c - replay every committed fuzz input through the
 * same code the libFuzzer targets run (tests/fuzz/fuzz-common.h): the
 * crash regressions in tests/fuzz/regressions/<importer>/ and the seeds
 * in tests/fuzz/corpus/<importer>/. Under "make check" this proves the
 * fixed crashes stay fixed; under SANITIZE=address,undefined and
 * valgrind it proves they stay clean.
 *
 * Every folder must name an importer of the table (or be
 * "IMPORTER+jobs", the jobs of one fio run), every folder must
 * hold an input, and every importer must have seeds (a fuzz target
 * without seeds is a fuzz target nobody ran).
 */
#include "tap.h"
#include "../fuzz/fuzz-common.h"
#include "lib/alloc.h"

#include <dirent.h>
#include <sys/stat.h>

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names in dir, without dot files; *n set. NULL when absent. */
static char **list_dir(const char *dir, size_t *n)
{
	char **names = NULL;
	size_t cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		FSR_GROW(names, cap, *n + 1);
		names[(*n)++] = fsr_xstrdup(de->d_name);
	}
	closedir(d);
	if (*n)
		qsort(names, *n, sizeof(*names), cmp_names);
	return names;
}

static void free_list(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int replay_file(const char *importer, int jobs, const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	struct fsr_diag d;
	int rc;

	fsr_diag_clear(&d);
	if (fsr_read_file(path, FSR_MAX_FILE_BYTES, &buf, &len, &d) != 0) {
		ok(0, "read %s: %s", path, d.msg);
		return 0;
	}
	rc = jobs ? fuzz_importer_jobs(importer, (const uint8_t *)buf, len) :
		    fuzz_importer(importer, (const uint8_t *)buf, len);
	free(buf);
	ok(rc == 0 || rc == FSR_ENOTMINE || rc == FSR_EINPUT ||
		   rc == FSR_EIO,
	   "%s: %s imports or fails cleanly (rc %d)", importer, path, rc);
	return 1;
}

/* Replay every input under top/<importer>/; count them in *inputs. */
static void replay_tree(const char *top, size_t *inputs, int *seen)
{
	size_t n_imp, i, j, n_files;
	char **imps = list_dir(top, &n_imp);

	for (i = 0; i < n_imp; i++) {
		struct fsr_buf dir = FSR_BUF_INIT;
		const struct fsr_importer *imp;
		char **files;
		/* "IMPORTER+jobs": the jobs of one fio run (fuzz-common.h) */
		size_t len = strlen(imps[i]);
		int jobs = len > 5 && !strcmp(imps[i] + len - 5, "+jobs");

		fsr_buf_addf(&dir, "%.*s", (int)(jobs ? len - 5 : len),
			     imps[i]);
		imp = fsr_importer_find(dir.buf);
		fsr_buf_reset(&dir);

		fsr_buf_addf(&dir, "%s/%s", top, imps[i]);
		ok(imp != NULL, "%s names an importer", dir.buf);
		files = list_dir(dir.buf, &n_files);
		ok(n_files > 0, "%s holds inputs", dir.buf);
		for (j = 0; imp && j < n_files; j++) {
			struct fsr_buf f = FSR_BUF_INIT;

			fsr_buf_addf(&f, "%s/%s", dir.buf, files[j]);
			*inputs += (size_t)replay_file(imp->name, jobs, f.buf);
			fsr_buf_release(&f);
		}
		if (imp)
			seen[imp - fsr_importers] = 1;
		free_list(files, n_files);
		fsr_buf_release(&dir);
	}
	free_list(imps, n_imp);
}

int main(void)
{
	const char *top = getenv("TOP");
	const struct fsr_importer *imp;
	size_t inputs = 0, n_imp = 0;
	int *seeded;

	/* tests/run.sh runs us from the source tree and sets TOP. */
	if (top && *top && chdir(top) != 0) {
		ok(0, "cd %s", top);
		return done_testing();
	}
	for (imp = fsr_importers; imp->name; imp++)
		n_imp++;
	seeded = fsr_xcalloc(n_imp + 1, sizeof(*seeded));
	replay_tree("tests/fuzz/corpus", &inputs, seeded);
	{
		int *regr = fsr_xcalloc(n_imp + 1, sizeof(*regr));

		replay_tree("tests/fuzz/regressions", &inputs, regr);
		free(regr);
	}
	ok(inputs > 0, "replayed %zu inputs", inputs);
	for (imp = fsr_importers; imp->name; imp++) {
		struct stat st;
		struct fsr_buf t = FSR_BUF_INIT;

		fsr_buf_addf(&t, "tests/fuzz/fuzz-%s.c", imp->name);
		ok(seeded[imp - fsr_importers] && stat(t.buf, &st) == 0,
		   "importer '%s' has a fuzz target and seeds", imp->name);
		fsr_buf_release(&t);
	}
	free(seeded);
	return done_testing();
}
