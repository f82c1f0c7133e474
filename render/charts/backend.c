/*
 * backend.c - finds and loads the chart module (backend.h) the first
 * time a chart needs it. The module is looked for only next to the
 * running program, never on a search path or through the environment:
 * the build tree has build/fsreport beside build/fsreport-cairo.so, an
 * installed tree PREFIX/bin/fsreport and PREFIX/lib/fsreport/.
 */
#include "backend.h"
#include "../../lib/alloc.h"
#include "../../lib/diag.h"

#include <dlfcn.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

/* Defined when the module's code is linked in (the unit tests). */
extern const struct fsr_backend *fsr_backend_entry(void)
	__attribute__((weak));

static const char *const places[] = {
	"", /* beside the program */
	"../lib/fsreport/",
};

/* The folder of the running program, with its '/', in dir[size]. */
static int program_dir(char *dir, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);
	char *slash;

	if (n <= 0 || (size_t)n >= size - 1)
		return -1;
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (!slash)
		return -1;
	slash[1] = '\0';
	return 0;
}

static const struct fsr_backend *check(const struct fsr_backend *be,
				       const char *path, struct fsr_diag *d)
{
	if (be && be->abi == FSR_BACKEND_ABI &&
	    be->page_size == sizeof(struct fsr_page) &&
	    be->shape_size == sizeof(struct fsr_shape))
		return be;
	fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
		     "the chart module %s is of another fsreport build "
		     "(reinstall fsreport)", path);
	return NULL;
}

static const struct fsr_backend *load(struct fsr_diag *d)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], first[PATH_MAX + 64];
	const char *why = "cannot find the program's folder";
	size_t i;

	if (fsr_backend_entry)
		return check(fsr_backend_entry(), "(linked in)", d);
	first[0] = '\0';
	if (program_dir(dir, sizeof(dir)) == 0) {
		for (i = 0; i < sizeof(places) / sizeof(*places); i++) {
			const struct fsr_backend *(*entry)(void);
			void *h;

			snprintf(path, sizeof(path), "%s%s%s", dir, places[i],
				 FSR_BACKEND_MODULE);
			if (!i)
				snprintf(first, sizeof(first), "%s", path);
			if (access(path, F_OK))
				continue;
			h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
			if (!h) {
				const char *e = dlerror();

				fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					     "cannot load the chart module: "
					     "%s", e ? e : path);
				return NULL;
			}
			*(void **)&entry = dlsym(h, "fsr_backend_entry");
			if (!entry) {
				fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					     "%s is not an fsreport chart "
					     "module", path);
				dlclose(h);
				return NULL;
			}
			return check(entry(), path, d);
		}
		why = "no such file";
	}
	fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
		     "cannot load the chart module %s (%s): charts need it "
		     "installed with fsreport (make install puts it in "
		     "PREFIX/lib/fsreport/)",
		     first[0] ? first : FSR_BACKEND_MODULE, why);
	return NULL;
}

const struct fsr_backend *fsr_backend(struct fsr_diag *d)
{
	static const struct fsr_backend *be;
	static struct fsr_diag failed;
	static int tried;

	if (!tried) {
		tried = 1;
		fsr_chart_module_used = 1; /* a crash from here on: exit 5 */
		be = load(&failed);
	}
	if (!be && d)
		*d = failed;
	return be;
}
