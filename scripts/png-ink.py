#!/usr/bin/env python3
"""png-ink.py FILE [RRGGBB...]: how much of a PNG is drawn on.

Prints "WIDTH HEIGHT INK" and, for each colour given, the number of
pixels within 24 of it per channel. INK counts the pixels that are not
white (any channel below 250).

png-ink.py --differ A B: how alike two PNGs of one size are, both laid
on white: prints "WIDTH HEIGHT DIFFERING INK_A INK_B", DIFFERING the
pixels whose channels differ by more than 96 somewhere (edges of text
that two renderers smooth alike do not count). Reads 8-bit RGB/RGBA/grey PNGs (what
Chromium's --screenshot and Cairo write) with the standard library only
(zlib), so the tests of fsreport report need no imaging package; the
decoding follows the PNG specification (filters 0-4, non-interlaced).
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("png-ink: %s: not a PNG" % path)
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    chans = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or chans is None or interlace:
        sys.exit("png-ink: %s: unsupported PNG (depth %d, type %d)"
                 % (path, depth, ctype))
    raw = zlib.decompress(b"".join(idat))
    stride = w * chans
    rows, prev, p = [], bytearray(stride), 0
    for _ in range(h):
        ftype, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        for i in range(stride):
            a = line[i - chans] if i >= chans else 0
            b = prev[i]
            c = prev[i - chans] if i >= chans else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line
    return w, h, chans, rows


def on_white(px, chans):
    """An RGB triple of pixel px, its alpha laid on white."""
    rgb = (px[0],) * 3 if chans < 3 else tuple(px[:3])
    alpha = px[chans - 1] if chans in (2, 4) else 255
    return tuple((v * alpha + 255 * (255 - alpha)) // 255 for v in rgb)


def differ(path_a, path_b):
    wa, ha, ca, ra = read_png(path_a)
    wb, hb, cb, rb = read_png(path_b)
    if (wa, ha) != (wb, hb):
        sys.exit("png-ink: %s is %dx%d, %s %dx%d"
                 % (path_a, wa, ha, path_b, wb, hb))
    n, ink_a, ink_b = 0, 0, 0
    for la, lb in zip(ra, rb):
        for x in range(wa):
            pa = on_white(la[x * ca:x * ca + ca], ca)
            pb = on_white(lb[x * cb:x * cb + cb], cb)
            ink_a += min(pa) < 250
            ink_b += min(pb) < 250
            if max(abs(pa[j] - pb[j]) for j in range(3)) > 96:
                n += 1
    print(wa, ha, n, ink_a, ink_b)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--differ":
        differ(sys.argv[2], sys.argv[3])
        return
    w, h, chans, rows = read_png(sys.argv[1])
    want = [tuple(int(c[i:i + 2], 16) for i in (0, 2, 4))
            for c in sys.argv[2:]]
    ink, hits = 0, [0] * len(want)
    for line in rows:
        for x in range(w):
            px = line[x * chans:x * chans + chans]
            rgb = (px[0],) * 3 if chans < 3 else tuple(px[:3])
            if min(rgb) < 250:
                ink += 1
            for k, c in enumerate(want):
                if all(abs(rgb[j] - c[j]) <= 24 for j in range(3)):
                    hits[k] += 1
    print(" ".join(str(v) for v in [w, h, ink] + hits))


if __name__ == "__main__":
    main()
