/*
 * png.c - a drawn image surface as a PNG, through libpng (part of the
 * chart module, render/charts/backend.h).
 *
 * Cairo's own writer (cairo_surface_write_to_png_stream) leaves zlib at
 * its default level 6 with libpng's adaptive filters, and that was two
 * thirds of the CPU of "report -o" (BENCHMARKS.md, "PNG encoding").
 * Chart pixels are long runs of one colour, which deflate finds at
 * level 1 as well as at 6, and which filtering only hides from it:
 * level 1 with no filter is about 4x faster and no larger. The pixels
 * are the same as Cairo's writer gives (tests/unit/test-chart.c decodes
 * both and compares them): opaque RGB for an RGB24 surface, RGBA with
 * the alpha premultiplication undone for ARGB32, and the same white
 * bKGD chunk; like Cairo, no time chunk, so the bytes depend on the
 * pixels alone, and a text chunk only when the caller asks for one (the
 * page mark, render/charts/chart.c).
 */
#include "backend-internal.h"

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct sink {
	fsr_png_write_fn write;
	void *closure;
	int failed;
};

static void on_write(png_structp png, png_bytep data, size_t len)
{
	struct sink *s = png_get_io_ptr(png);

	if (!s->failed && s->write(s->closure, data, len))
		s->failed = 1;
	if (s->failed)
		png_error(png, "write failed");
}

static void on_flush(png_structp png)
{
	(void)png;
}

/* libpng's messages go nowhere: the caller reports what failed. */
static void on_error(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* One row of Cairo's native-endian 32-bit pixels as PNG bytes: RGB for
 * an opaque surface, else RGBA with the colour divided by alpha
 * (rounded to nearest, as Cairo's writer does). */
static void pack_row(const unsigned char *src, unsigned char *dst, int w,
		     int alpha)
{
	int x;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (!alpha) {
		/* 0x00RRGGBB, byte-swapped and shifted, is R G B 0 in
		 * memory: four bytes stored, three kept (dst has one spare
		 * byte at the end); a fifth of the instructions of the loop
		 * below */
		for (x = 0; x < w; x++) {
			uint32_t p;

			memcpy(&p, src + 4 * (size_t)x, 4);
			p = __builtin_bswap32(p) >> 8;
			memcpy(dst + 3 * (size_t)x, &p, 4);
		}
		return;
	}
#endif
	for (x = 0; x < w; x++) {
		uint32_t p;
		unsigned r, g, b, a;

		memcpy(&p, src + 4 * (size_t)x, 4);
		r = (p >> 16) & 0xFF;
		g = (p >> 8) & 0xFF;
		b = p & 0xFF;
		if (!alpha) {
			dst[0] = (unsigned char)r;
			dst[1] = (unsigned char)g;
			dst[2] = (unsigned char)b;
			dst += 3;
			continue;
		}
		a = p >> 24;
		if (a == 0) {
			r = g = b = 0;
		} else if (a != 0xFF) {
			r = (r * 255 + a / 2) / a;
			g = (g * 255 + a / 2) / a;
			b = (b * 255 + a / 2) / a;
		}
		dst[0] = (unsigned char)r;
		dst[1] = (unsigned char)g;
		dst[2] = (unsigned char)b;
		dst[3] = (unsigned char)a;
		dst += 4;
	}
}

/* Whether every pixel of an ARGB32 surface is opaque (Cairo's writer
 * then leaves the alpha channel out too). */
static int opaque(const unsigned char *data, int w, int h, int stride)
{
	int x, y;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			uint32_t p;

			memcpy(&p, data + (size_t)y * (size_t)stride +
					   4 * (size_t)x, 4);
			if (p >> 24 != 0xFF)
				return 0;
		}
	return 1;
}

/* The body of fsr_png_write() after the row buffer exists: libpng
 * reports errors by longjmp, so nothing here owns memory. */
static int encode(png_structp png, png_infop info, cairo_surface_t *s,
		  unsigned char *row, int alpha, int level,
		  const char *software)
{
	const unsigned char *data = cairo_image_surface_get_data(s);
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	png_color_16 white;
	int y;

	if (setjmp(png_jmpbuf(png)))
		return -1;
	png_set_compression_level(png, level);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	/* fewer, larger calls of the write callback */
	png_set_compression_buffer_size(png, 1 << 16);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
		     alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		     PNG_FILTER_TYPE_DEFAULT);
	memset(&white, 0, sizeof(white));
	white.red = white.green = white.blue = white.gray = 0xFF;
	png_set_bKGD(png, info, &white);
	if (software) {
		/* libpng copies key and text; written uncompressed (tEXt)
		 * with its CRC, after IHDR and bKGD */
		png_text t;

		memset(&t, 0, sizeof(t));
		t.compression = PNG_TEXT_COMPRESSION_NONE;
		t.key = (png_charp) "Software";
		t.text = (png_charp)software;
		t.text_length = strlen(software);
		png_set_text(png, info, &t, 1);
	}
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		pack_row(data + (size_t)y * (size_t)stride, row, w, alpha);
		png_write_row(png, row);
	}
	png_write_end(png, info);
	return 0;
}

cairo_status_t fsr_png_write(cairo_surface_t *s, int level,
			     const char *software, fsr_png_write_fn write,
			     void *closure)
{
	struct sink sk = { write, closure, 0 };
	png_structp png;
	png_infop info;
	unsigned char *row;
	cairo_format_t fmt;
	int w, h, alpha, rc;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		return cairo_surface_status(s);
	cairo_surface_flush(s);
	fmt = cairo_image_surface_get_format(s);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	if (w <= 0 || h <= 0)
		return CAIRO_STATUS_INVALID_SIZE;
	if (fmt == CAIRO_FORMAT_RGB24)
		alpha = 0;
	else if (fmt == CAIRO_FORMAT_ARGB32)
		alpha = !opaque(cairo_image_surface_get_data(s), w, h,
				cairo_image_surface_get_stride(s));
	else
		return CAIRO_STATUS_INVALID_FORMAT;
	row = malloc((size_t)w * 4 + 1);
	if (!row)
		return CAIRO_STATUS_NO_MEMORY;
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, on_error,
				      on_warning);
	info = png ? png_create_info_struct(png) : NULL;
	if (!info) {
		png_destroy_write_struct(&png, NULL);
		free(row);
		return CAIRO_STATUS_NO_MEMORY;
	}
	png_set_write_fn(png, &sk, on_write, on_flush);
	rc = encode(png, info, s, row, alpha, level, software);
	png_destroy_write_struct(&png, &info);
	free(row);
	if (sk.failed)
		return CAIRO_STATUS_WRITE_ERROR;
	return rc ? CAIRO_STATUS_PNG_ERROR : CAIRO_STATUS_SUCCESS;
}
