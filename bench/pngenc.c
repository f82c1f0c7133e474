/*
 * pngenc.c - how long libpng takes to write chart pixels, and how large
 * the files are, at each zlib level, row filter and zlib strategy: the
 * measurement behind FSR_PNG_LEVEL and the filter of backend/png.c
 * (BENCHMARKS.md, "PNG encoding"; issue 39).
 *
 *	pngenc FILE.png...
 *
 * Reads the PNGs (8-bit RGB, as fsreport writes them), then encodes all
 * of them in memory the way backend/png.c does, once per setting (the
 * least CPU time of three), and prints the CPU time and total size of
 * each: zlib levels 1, 2, 3, 6 with each row filter, Z_RLE (where the
 * level does not matter) with each filter, then zlib's memory level and
 * window at level 1 with no filter. PNGENC_ONLY=zlib: only the last.
 * Not part of the program; built by hand:
 *
 *	cc -O2 -o pngenc bench/pngenc.c \
 *		$(pkg-config --cflags --libs libpng zlib)
 *	find DIR -name '*.png' | sort | xargs pngenc
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

struct img {
	png_uint_32 w, h;
	unsigned char *px; /* RGB rows, 3 * w bytes each */
};

static size_t total;

static void on_write(png_structp png, png_bytep data, size_t len)
{
	(void)png;
	(void)data;
	total += len;
}

static void on_flush(png_structp png)
{
	(void)png;
}

static int load(const char *path, struct img *im)
{
	png_image pi;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&pi, path))
		return -1;
	pi.format = PNG_FORMAT_RGB;
	im->w = pi.width;
	im->h = pi.height;
	im->px = malloc(PNG_IMAGE_SIZE(pi));
	if (!im->px || !png_image_finish_read(&pi, NULL, im->px, 0, NULL)) {
		png_image_free(&pi);
		return -1;
	}
	return 0;
}

static void encode(const struct img *im, int level, int filter,
		   int strategy, int mem, int window)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
						  NULL, NULL);
	png_infop info = png_create_info_struct(png);
	png_uint_32 y;

	if (setjmp(png_jmpbuf(png))) {
		fprintf(stderr, "pngenc: libpng failed\n");
		exit(1);
	}
	png_set_write_fn(png, NULL, on_write, on_flush);
	png_set_compression_level(png, level);
	png_set_compression_strategy(png, strategy);
	png_set_compression_mem_level(png, mem);
	png_set_compression_window_bits(png, window);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
	png_set_compression_buffer_size(png, 1 << 16);
	png_set_IHDR(png, info, im->w, im->h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		     PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (y = 0; y < im->h; y++)
		png_write_row(png, im->px + (size_t)y * 3 * im->w);
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
}

static double cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int bits;
	} filters[] = {
		{ "none", PNG_FILTER_NONE },   { "sub", PNG_FILTER_SUB },
		{ "up", PNG_FILTER_UP },       { "paeth", PNG_FILTER_PAETH },
		{ "all", PNG_ALL_FILTERS },
	};
	static const struct {
		const char *name;
		int z;
	} strategies[] = {
		{ "default", Z_DEFAULT_STRATEGY },
		/* runs only, distance 1: zlib ignores the level (but 0) */
		{ "rle", Z_RLE },
	};
	static const int levels[] = { 1, 2, 3, 6 };
	struct img *im;
	size_t f, s, l;
	const char *only;
	int i, all, n = argc - 1;

	if (n < 1) {
		fprintf(stderr, "usage: pngenc FILE.png...\n");
		return 2;
	}
	im = calloc((size_t)n, sizeof(*im));
	for (i = 0; i < n; i++)
		if (load(argv[i + 1], &im[i])) {
			fprintf(stderr, "pngenc: cannot read %s\n", argv[i + 1]);
			return 1;
		}
	printf("%-8s %-6s %5s %10s %9s\n", "strategy", "filter", "level",
	       "bytes", "cpu ms");
	only = getenv("PNGENC_ONLY");
	all = !only || strcmp(only, "zlib");
	for (s = 0; all && s < sizeof(strategies) / sizeof(strategies[0]);
	     s++)
		for (f = 0; f < sizeof(filters) / sizeof(filters[0]); f++)
			for (l = 0; l < sizeof(levels) / sizeof(levels[0]);
			     l++) {
				double t0, best = 1e9;
				int rep;

				if (strategies[s].z == Z_RLE && l > 0)
					continue;

				/* the least of three: the machine is shared */
				for (rep = 0; rep < 3; rep++) {
					total = 0;
					t0 = cpu();
					for (i = 0; i < n; i++)
						encode(&im[i], levels[l],
						       filters[f].bits,
						       strategies[s].z, 8, 15);
					if (cpu() - t0 < best)
						best = cpu() - t0;
				}
				printf("%-8s %-6s %5d %10zu %9.1f\n",
				       strategies[s].name, filters[f].name,
				       levels[l], total, best * 1000);
				fflush(stdout);
			}
	/* zlib's memory (hash table) and window at level 1, no filter */
	printf("\n%-8s %-6s %5s %10s %9s\n", "memlevel", "window", "level",
	       "bytes", "cpu ms");
	for (f = 8; f <= 9; f++)
		for (s = 15; s >= 9; s -= 3) {
			double t0, best = 1e9;
			int rep;

			for (rep = 0; rep < 3; rep++) {
				total = 0;
				t0 = cpu();
				for (i = 0; i < n; i++)
					encode(&im[i], 1, PNG_FILTER_NONE,
					       Z_DEFAULT_STRATEGY, (int)f,
					       (int)s);
				if (cpu() - t0 < best)
					best = cpu() - t0;
			}
			printf("%-8zu %-6zu %5d %10zu %9.1f\n", f, s, 1, total,
			       best * 1000);
			fflush(stdout);
		}
	return 0;
}
