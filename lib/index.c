/*
 * index.c - the open-addressing string map: linear probing, a stored
 * hash per slot for cheap misses and rehashes, doubled at 3/4 full.
 */
#include "index.h"

#include "alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Keys are borrowed: see index.h. */
struct fsr_index {
	const char **keys;
	size_t *vals;
	uint64_t *hashes; /* of keys[i]: cheap misses and rehashes */
	size_t n, cap; /* cap is a power of two */
};

/* Eight bytes at a time: result keys run to a hundred bytes and more. */
static uint64_t hash_str(const char *s)
{
	size_t len = strlen(s), i;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	w = 0;
	memcpy(&w, s + i, len - i);
	h = (h ^ w) * 0x94d049bb133111ebULL;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	return h ^ (h >> 32);
}

struct fsr_index *fsr_index_new(void)
{
	struct fsr_index *ix = fsr_xcalloc(1, sizeof(*ix));

	ix->cap = 64;
	ix->keys = fsr_xcalloc(ix->cap, sizeof(*ix->keys));
	ix->vals = fsr_xcalloc(ix->cap, sizeof(*ix->vals));
	ix->hashes = fsr_xcalloc(ix->cap, sizeof(*ix->hashes));
	return ix;
}

void fsr_index_free(struct fsr_index *ix)
{
	if (!ix)
		return;
	free(ix->keys);
	free(ix->vals);
	free(ix->hashes);
	free(ix);
}

static size_t *index_slot(const struct fsr_index *ix, const char *key,
			  uint64_t h, size_t *pos)
{
	size_t mask = ix->cap - 1, i = (size_t)h & mask;

	while (ix->keys[i]) {
		if (ix->hashes[i] == h && !strcmp(ix->keys[i], key)) {
			*pos = i;
			return &ix->vals[i];
		}
		i = (i + 1) & mask;
	}
	*pos = i;
	return NULL;
}

static void index_rehash(struct fsr_index *ix)
{
	struct fsr_index old = *ix;
	size_t i, j, mask;

	ix->cap *= 2;
	mask = ix->cap - 1;
	ix->keys = fsr_xcalloc(ix->cap, sizeof(*ix->keys));
	ix->vals = fsr_xcalloc(ix->cap, sizeof(*ix->vals));
	ix->hashes = fsr_xcalloc(ix->cap, sizeof(*ix->hashes));
	for (i = 0; i < old.cap; i++) {
		if (!old.keys[i])
			continue;
		/* Keys are unique: the first free slot is theirs. */
		for (j = (size_t)old.hashes[i] & mask; ix->keys[j];
		     j = (j + 1) & mask)
			;
		ix->keys[j] = old.keys[i];
		ix->vals[j] = old.vals[i];
		ix->hashes[j] = old.hashes[i];
	}
	free(old.keys);
	free(old.vals);
	free(old.hashes);
}

void fsr_index_put(struct fsr_index *ix, const char *key, size_t val)
{
	uint64_t h = hash_str(key);
	size_t pos;
	size_t *v;

	if ((ix->n + 1) * 4 > ix->cap * 3)
		index_rehash(ix);
	v = index_slot(ix, key, h, &pos);
	if (v) {
		*v = val;
		return;
	}
	ix->keys[pos] = key;
	ix->vals[pos] = val;
	ix->hashes[pos] = h;
	ix->n++;
}

int fsr_index_get(const struct fsr_index *ix, const char *key, size_t *val)
{
	size_t pos;
	size_t *v = index_slot(ix, key, hash_str(key), &pos);

	if (!v)
		return 0;
	*val = *v;
	return 1;
}

size_t fsr_index_count(const struct fsr_index *ix)
{
	return ix->n;
}
