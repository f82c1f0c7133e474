/*
 * index.h - a string -> size_t hash map (open addressing).
 *
 * The index borrows its keys: each key string must stay unchanged and
 * alive while it is in the index (the model keeps its keys in the objects
 * they name). fsr_index_free() frees the index, never the keys.
 *
 *	struct fsr_index *ix = fsr_index_new();
 *	size_t at;
 *	fsr_index_put(ix, res->key, i);
 *	if (fsr_index_get(ix, "some key", &at))
 *		use(at);
 *	fsr_index_free(ix);
 */
#ifndef FSR_LIB_INDEX_H
#define FSR_LIB_INDEX_H

#include <stddef.h>

struct fsr_index;

/* A new empty index; never NULL (lib/alloc.h). */
struct fsr_index *fsr_index_new(void);
/* Free ix (NULL is fine); the keys stay the caller's. */
void fsr_index_free(struct fsr_index *ix);
/* Map key to val; an existing key gets the new value (and keeps its
 * first key pointer). */
void fsr_index_put(struct fsr_index *ix, const char *key, size_t val);
/* 1 and *val set when key is in ix, 0 otherwise. */
int fsr_index_get(const struct fsr_index *ix, const char *key, size_t *val);
/* How many keys ix holds. */
size_t fsr_index_count(const struct fsr_index *ix);

#endif
