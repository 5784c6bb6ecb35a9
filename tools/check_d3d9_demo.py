#!/usr/bin/env python3
"""Checks a run of d3d9_demo.exe (demo/d3d9, docs/d3d9-dll.md "The D3D9 demo"): its PNG and its
output. tools/wine_tests.sh runs it after the demo; prints "[  OK  ] Demo.X" / "[ FAIL ] Demo.X"
lines and exits 1 when one fails.

    check_d3d9_demo.py OUTPUT.txt DEMO.png

The expected pixels come from the scene's layout (demo/d3d9/demo.h), computed here: the clear
colour where nothing is drawn, the banner's white at alpha 0x80 blended over the clear colour
(SRCALPHA, INVSRCALPHA), the first and last instanced quads and the gaps beside them.
"""
import re
import struct
import sys
import zlib

WIDTH, HEIGHT = 640, 480
CLEAR = (0x20, 0x30, 0x50)
BANNER_ALPHA = 0x80


def read_png(path):
    """RGBA rows of an 8-bit RGBA, non-interlaced PNG whose rows use filter 0 (the demo's)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]:
            raise ValueError(f"bad CRC in {kind!r}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    if header != (WIDTH, HEIGHT, 8, 6, 0, 0, 0):
        raise ValueError(f"IHDR {header}, want {WIDTH}x{HEIGHT} RGBA8")
    raw = zlib.decompress(idat)  # checks the Adler-32 too
    stride = WIDTH * 4 + 1
    if len(raw) != stride * HEIGHT or any(raw[y * stride] for y in range(HEIGHT)):
        raise ValueError("unexpected image data size or row filter")
    return [raw[y * stride + 1:(y + 1) * stride] for y in range(HEIGHT)]


def pixel(rows, x, y):
    return tuple(rows[y][x * 4:x * 4 + 3])


def near(got, want, tolerance):
    return all(abs(g - w) <= tolerance for g, w in zip(got, want))


def main(log_path, png_path):
    results = []
    log = open(log_path, errors="replace").read()
    try:
        rows = read_png(png_path)
        results.append(("WritesItsLastFrameAsAPng", True, ""))
    except (OSError, ValueError, zlib.error) as error:
        rows = None
        results.append(("WritesItsLastFrameAsAPng", False, str(error)))

    if rows:
        banner = tuple(round(255 * BANNER_ALPHA / 255 + c * (255 - BANNER_ALPHA) / 255) for c in CLEAR)
        # (x, y, expected or None for "anything but the clear colour", what is there)
        probes = [
            (2, 2, CLEAR, "the clear colour in the top-left corner"),
            (637, 477, CLEAR, "the clear colour in the bottom-right corner"),
            (320, 36, banner, "the banner blended over the clear colour"),
            (15, 36, CLEAR, "the clear colour left of the banner"),
            (168, 232, None, "the cube at its viewport's centre"),
            (480, 232, None, "the pinwheel at its viewport's centre"),
            (24, 412, None, "the first instance"),
            (30, 412, CLEAR, "the gap right of the first instance"),
            (612, 460, None, "the last instance"),
            (618, 460, CLEAR, "the gap right of the last instance"),
        ]
        wrong = []
        for x, y, want, what in probes:
            got = pixel(rows, x, y)
            ok = near(got, want, 2) if want else got != CLEAR
            if not ok:
                wrong.append(f"({x},{y}) {what}: got {got}, want {want or 'not ' + str(CLEAR)}")
        results.append(("LastFrameShowsTheScenesParts", not wrong, "; ".join(wrong)))

    match = re.search(r"occlusion query: (\d+) samples passed by the cube; (\d+) pixels covered", log)
    counted = bool(match) and int(match[1]) == int(match[2]) > 0
    results.append(("OcclusionQueryCountsTheCubesPixels", counted, match[0] if match else "no query line"))

    for name, ok, detail in results:
        print(f"[{'  OK  ' if ok else ' FAIL '}] Demo.{name}" + (f" ({detail})" if detail and not ok else ""))
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
