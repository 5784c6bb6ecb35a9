#!/usr/bin/env python3
"""Writes the DP2 query seeds of the device fuzzer (tests/fuzz/corpus/device_dp2_fuzz/query_*),
so the CI fuzz run starts inside the query tokens (CREATEQUERY, ISSUEQUERY, DELETEQUERY and the
RESPONSEQUERY answers). Input layout (tests/fuzz/device_dp2_fuzz.cpp): u32 flags, u32 vertex
type, u16 vertex count, u16 vertex size, u16 split, then `split` bytes of vertices and the
commands. Usage: tools/make_query_seeds.py (from the repository root)."""
import pathlib
import struct

CREATEQUERY, DELETEQUERY, ISSUEQUERY = 84, 90, 91
RENDERSTATE, TRIANGLELIST = 8, 18
ISSUE_END, ISSUE_BEGIN = 1, 2
EVENT, OCCLUSION, TIMESTAMP, DISJOINT, FREQ, VERTEXSTATS, TIMINGS = 8, 9, 10, 11, 12, 6, 13
FVF_TL = 0x44  # XYZRHW | DIFFUSE, 20-byte vertices
DEPTH = 0x80  # the harness's flag: bind a D24S8 depth surface


def token(op, items, fmt):
    """A DP2 command (bCommand, bReserved, wStateCount) and its items."""
    return struct.pack("<BBH", op, 0, len(items)) + b"".join(struct.pack(fmt, *i) for i in items)


def create(*pairs):
    return token(CREATEQUERY, pairs, "<II")


def issue(*pairs):
    return token(ISSUEQUERY, pairs, "<II")


def delete(*ids):
    return token(DELETEQUERY, [(i,) for i in ids], "<I")


def cull_none():
    return token(RENDERSTATE, [(22, 1)], "<II")


def quad(first):
    """Two triangles from six vertices starting at `first` (TRIANGLELIST: u16 start)."""
    return struct.pack("<BBHH", TRIANGLELIST, 0, 2, first)


def rect(x0, y0, x1, y1, z=0.5):
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y0), (x1, y1), (x0, y1)]
    return b"".join(struct.pack("<ffffI", x, y, z, 1.0, 0xFFFFFFFF) for x, y in corners)


def seed(commands, vertices=b"", flags=0):
    count = len(vertices) // 20
    return struct.pack("<IIHHH", flags, FVF_TL, count, 20, len(vertices)) + vertices + commands


SEEDS = {
    # Occlusion around two quads (one behind the other with a depth buffer), then deleted.
    "query_occlusion": seed(
        cull_none() + create((1, OCCLUSION)) + issue((1, ISSUE_BEGIN)) + quad(0) + quad(6)
        + issue((1, ISSUE_END)), rect(2, 2, 12, 10, 0.3) + rect(4, 4, 20, 20, 0.6), DEPTH),
    # Every measured type in one token, issued in one token, answers owed at the end.
    "query_every_measured_type": seed(
        cull_none() + create((1, EVENT), (2, OCCLUSION), (3, TIMESTAMP), (4, DISJOINT), (5, FREQ))
        + issue((4, ISSUE_BEGIN), (2, ISSUE_BEGIN), (3, ISSUE_END)) + quad(0)
        + issue((2, ISSUE_END), (3, ISSUE_END), (5, ISSUE_END), (4, ISSUE_END), (1, ISSUE_END))
        + delete(3), rect(0, 0, 32, 32)),
    # Re-issues, restarts and an empty bracket, then a token the device refuses (NOTAVAILABLE).
    "query_reissue_then_unavailable": seed(
        create((7, OCCLUSION), (8, EVENT)) + issue((7, ISSUE_BEGIN), (7, ISSUE_BEGIN)) + quad(0)
        + issue((7, ISSUE_END), (8, ISSUE_END), (8, ISSUE_END), (7, ISSUE_END | ISSUE_BEGIN))
        + issue((7, ISSUE_END)) + create((9, VERTEXSTATS)) + create((10, TIMINGS)), rect(1, 1, 9, 9)),
    # Valid tokens, then one the device refuses whole (a duplicate id in one token).
    "query_invalid_duplicate": seed(
        create((2, EVENT)) + issue((2, ISSUE_END)) + delete(2) + create((1, EVENT), (1, OCCLUSION))),
    # BEGIN on an END-only type (INVALIDCALL), after a valid issue of the same query.
    "query_invalid_begin_on_event": seed(create((2, EVENT)) + issue((2, ISSUE_END)) + issue((2, ISSUE_BEGIN))),
    # Unknown issue flags and unknown ids.
    "query_invalid_flags": seed(create((3, TIMESTAMP)) + issue((3, 0x10)) + issue((4, ISSUE_END))),
}

if __name__ == "__main__":
    out = pathlib.Path("tests/fuzz/corpus/device_dp2_fuzz")
    out.mkdir(parents=True, exist_ok=True)
    for name, data in SEEDS.items():
        (out / name).write_bytes(data)
        print(f"{out / name}: {len(data)} bytes")
