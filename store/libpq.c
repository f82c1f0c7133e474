/*
 * libpq.c - loads PostgreSQL's client library the first time a
 * PostgreSQL store is opened (store-internal.h says why it is not
 * linked), as render/charts/backend.c loads the chart module. Unlike
 * the module, libpq is a system library: it is found by the dynamic
 * loader's own search (its soname, libpq.so.5 of Debian's libpq5),
 * RTLD_LOCAL so that its own libraries stay out of fsreport's symbol
 * lookups. It stays loaded for the life of the process.
 */
#include "store-internal.h"

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#define LIBPQ_SONAME "libpq.so.5"
#define LIBPQ_PACKAGE "libpq5"

struct fsr_libpq fsr_pq;

static const struct {
	const char *name;
	size_t offset;
} symbols[] = {
#define SYMBOL(f) { #f, offsetof(struct fsr_libpq, f) },
	FSR_LIBPQ_FUNCS(SYMBOL)
#undef SYMBOL
};

/* Fill fsr_pq from libpq, all or nothing: 0, or -1 with the reason
 * in why. */
static int load(char *why, size_t size)
{
	struct fsr_libpq t;
	const char *e;
	void *h;
	size_t i;

	dlerror();
	h = dlopen(LIBPQ_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		e = dlerror();
		snprintf(why, size, "%s", e ? e : "no reason given");
		return -1;
	}
	memset(&t, 0, sizeof(t));
	for (i = 0; i < sizeof(symbols) / sizeof(*symbols); i++) {
		/* POSIX: dlsym's void * converts to a function pointer */
		void *p = dlsym(h, symbols[i].name);

		if (!p) {
			snprintf(why, size, "it has no function %s",
				 symbols[i].name);
			dlclose(h);
			return -1;
		}
		memcpy((char *)&t + symbols[i].offset, &p, sizeof(p));
	}
	fsr_pq = t;
	return 0;
}

int fsr_libpq_load(int code, const char *path, struct fsr_diag *d)
{
	static char why[512];
	static int tried, failed;

	if (!tried) {
		tried = 1;
		failed = load(why, sizeof(why)) != 0;
	}
	if (!failed)
		return 0;
	return fsr_diag_set(d, code, path, 0, 0, "cannot open the results "
			    "store: PostgreSQL's client library "
			    LIBPQ_SONAME " cannot be loaded (%s); a "
			    "PostgreSQL store needs it installed (Debian: "
			    "apt-get install " LIBPQ_PACKAGE ")", why);
}
