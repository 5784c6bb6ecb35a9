// IDirect3DDevice9::ProcessVertices (docs/d3d9-dll.md, "Other device methods"): positions through
// world * view * projection and the viewport, computed again here; colours and texture
// coordinates copied; the clip status and clip coordinates of vertices outside the view
// volume; D3DPV_DONOTCOPYDATA; the processed vertices drawn and read back; vertex blending,
// plain and indexed; the argument rules.
// Lit colours are in process_vertices_lighting_test.cpp.
#include "check.h"
#include "process_vertices_support.h"

#include <cstring>

using namespace process_vertices;

// "Transforms vertices to projection space using the world + view + projection matrix.
// Computes screen coordinates using viewport settings."
TEST(ProcessVertices, TransformsPositionsIntoScreenSpaceAndCopiesAttributes) {
    const SourceVertex triangle[3] = {{-1.0f, 0.5f, 2.0f, 0xFF102030, 0.25f, 0.75f},
                                      {0.75f, 1.25f, 3.0f, 0xFF405060, 0.5f, 0.125f},
                                      {0.25f, -0.5f, 4.0f, 0xFF708090, 1.0f, 0.0f}};
    ProcessingDevice t(triangle, 3);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    const D3DMATRIX world =
        matrix({0.5f, 0.25f, 0, 0, -0.25f, 0.5f, 0, 0, 0, 0, 1, 0, 0.125f, -0.25f, 0.5f, 1});
    const D3DMATRIX view = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.25f, 0, 1.0f, 1});
    // A perspective projection: w = z, z' = (z - 1) * 10 / 9 (near 1, far 10).
    const D3DMATRIX projection =
        matrix({1.5f, 0, 0, 0, 0, 2.0f, 0, 0, 0, 0, 10.0f / 9, 1, 0, 0, -10.0f / 9, 0});
    CHECK_EQ(t->SetTransform(D3DTS_WORLD, &world), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_VIEW, &view), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_PROJECTION, &projection), D3D_OK);
    const D3DVIEWPORT9 viewport{8, 4, 48, 40, 0.25f, 0.75f};
    CHECK_EQ(t->SetViewport(&viewport), D3D_OK);
    IDirect3DVertexBuffer9* out = buffer(t.device, 4 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 1, 3, out, nullptr, 0), D3D_OK);
    const std::vector<OutputVertex> v = contents(out, 4);
    REQUIRE(v.size() == 4);
    const D3DMATRIX* chain[3] = {&world, &view, &projection};
    for (int i = 0; i < 3; ++i) {
        float clip[4];
        transform(chain, &triangle[i].x, clip);
        const float rhw = 1.0f / clip[3];
        const OutputVertex& o = v[i + 1]; // DestIndex 1
        CHECK(approx(o.x, 8 + (1 + clip[0] * rhw) * 48 / 2));
        CHECK(approx(o.y, 4 + (1 - clip[1] * rhw) * 40 / 2));
        CHECK(approx(o.z, 0.25f + clip[2] * rhw * 0.5f));
        CHECK(approx(o.rhw, rhw));
        CHECK_EQ(o.color, triangle[i].color);
        CHECK(o.u == triangle[i].u && o.v == triangle[i].v);
    }
    CHECK(v[0].x == 0.0f && v[0].color == 0); // before DestIndex: untouched
    out->Release();
}

// The processed vertices are D3DFVF_XYZRHW vertices a draw rasterizes as they are: a quad whose
// transform puts its edges on pixel boundaries covers exactly its rectangle.
TEST(ProcessVertices, ProcessedVerticesDrawTheExpectedPixels) {
    // World: x + 0.125; projection: x and y times 2. Screen x = (1 + x') * 32, y = (1 - y') * 32:
    // x' = -0.515625 -> 15.5 and 0.484375 -> 47.5; y' = 0.765625 -> 7.5 and 0.265625 -> 23.5.
    const float x0 = -0.515625f / 2 - 0.125f, x1 = 0.484375f / 2 - 0.125f;
    const float y0 = 0.765625f / 2, y1 = 0.265625f / 2;
    const DWORD c = 0xFF2080C0;
    const SourceVertex quad[6] = {{x0, y0, 0.5f, c, 0, 0}, {x1, y0, 0.5f, c, 0, 0}, {x0, y1, 0.5f, c, 0, 0},
                                  {x1, y0, 0.5f, c, 0, 0}, {x1, y1, 0.5f, c, 0, 0}, {x0, y1, 0.5f, c, 0, 0}};
    ProcessingDevice t(quad, 6);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    const D3DMATRIX world = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.125f, 0, 0, 1});
    const D3DMATRIX projection = matrix({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    CHECK_EQ(t->SetTransform(D3DTS_WORLD, &world), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_PROJECTION, &projection), D3D_OK);
    IDirect3DVertexBuffer9* out = buffer(t.device, 6 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 6, out, nullptr, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kOutputFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, out, 0, sizeof(OutputVertex)), D3D_OK);
    CHECK_EQ(rectMismatches(drawAndRead(t.device, D3DPT_TRIANGLELIST, 2), 16, 8, 48, 24, c), 0);
    out->Release();
}

// With D3DRS_CLIPPING on, clip codes gather into the clip status (union and intersection) and a
// vertex outside the view volume keeps its projection-space coordinates; with it off, the
// clip status is zero.
TEST(ProcessVertices, ClippingUpdatesTheClipStatusAndKeepsOutsideVerticesInClipSpace) {
    const SourceVertex points[2] = {{0.25f, 0.25f, 0.5f, 0xFFFFFFFF, 0, 0},
                                    {1.5f, 0.25f, 0.5f, 0xFFFFFFFF, 0, 0}};
    ProcessingDevice t(points, 2);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DVertexBuffer9* out = buffer(t.device, 2 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    const D3DCLIPSTATUS9 initial{0, 0xFFFFFFFF};
    CHECK_EQ(t->SetClipStatus(&initial), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, 0), D3D_OK);
    D3DCLIPSTATUS9 status{};
    CHECK_EQ(t->GetClipStatus(&status), D3D_OK);
    CHECK_EQ(status.ClipUnion, D3DCS_RIGHT);
    CHECK_EQ(status.ClipIntersection, 0); // the first vertex is inside
    const std::vector<OutputVertex> v = contents(out, 2);
    REQUIRE(v.size() == 2);
    CHECK(approx(v[0].x, (1 + 0.25f) * 32) && approx(v[0].y, (1 - 0.25f) * 32) && approx(v[0].rhw, 1.0f));
    CHECK(v[1].x == 1.5f && v[1].y == 0.25f && v[1].z == 0.5f && v[1].rhw == 1.0f);

    CHECK_EQ(t->SetRenderState(D3DRS_CLIPPING, FALSE), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, 0), D3D_OK);
    CHECK_EQ(t->GetClipStatus(&status), D3D_OK);
    CHECK_EQ(status.ClipUnion, 0);
    CHECK_EQ(status.ClipIntersection, 0);
    const std::vector<OutputVertex> unclipped = contents(out, 2);
    REQUIRE(unclipped.size() == 2);
    CHECK(approx(unclipped[1].x, (1 + 1.5f) * 32)); // screen coordinates even outside
    out->Release();
}

// "D3DPV_DONOTCOPYDATA: prevent the system from copying vertex data not affected by the vertex
// operation into the destination buffer."
TEST(ProcessVertices, DoNotCopyDataWritesOnlyPositions) {
    const SourceVertex point = {0.5f, -0.5f, 0.25f, 0xFF00FF00, 0.5f, 0.5f};
    ProcessingDevice t(&point, 1);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    const OutputVertex before = {9, 9, 9, 9, 0x12345678, 3.0f, 4.0f};
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof(OutputVertex), kOutputFvf, &before);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, D3DPV_DONOTCOPYDATA), D3D_OK);
    const std::vector<OutputVertex> v = contents(out, 1);
    REQUIRE(v.size() == 1);
    CHECK(approx(v[0].x, 1.5f * 32) && approx(v[0].y, 1.5f * 32) && approx(v[0].z, 0.25f));
    CHECK_EQ(v[0].color, 0x12345678);
    CHECK(v[0].u == 3.0f && v[0].v == 4.0f);
    out->Release();
}

// D3DERR_INVALIDCALL, the destination unchanged: no destination, a destination without an FVF,
// a range past its end, unknown flags, a range past the source, an untransformed destination, a
// stream that is not set.
TEST(ProcessVertices, InvalidArgumentsAreRefusedAndChangeNothing) {
    const SourceVertex point = {0.5f, -0.5f, 0.25f, 0xFF00FF00, 0.5f, 0.5f};
    ProcessingDevice t(&point, 1);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    const OutputVertex before[2] = {{9, 9, 9, 9, 0x12345678, 3, 4}, {9, 9, 9, 9, 0x12345678, 3, 4}};
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof before, kOutputFvf, before);
    IDirect3DVertexBuffer9* noFvf = buffer(t.device, sizeof before, 0, before);
    REQUIRE(out != nullptr && noFvf != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, nullptr, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, noFvf, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ProcessVertices(0, 2, 1, out, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0x80000000), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ProcessVertices(1, 0, 1, out, nullptr, 0), D3DERR_INVALIDCALL); // past the source
    // "Position type is always D3DFVF_XYZRHW": an untransformed destination is invalid.
    IDirect3DVertexBuffer9* untransformed = buffer(t.device, sizeof(SourceVertex), kSourceFvf, &point);
    REQUIRE(untransformed != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, untransformed, nullptr, 0), D3DERR_INVALIDCALL);
    const std::vector<SourceVertex> kept = readVertices<SourceVertex>(untransformed, 1);
    CHECK(kept.size() == 1 && memcmp(kept.data(), &point, sizeof point) == 0);
    untransformed->Release();
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3DERR_INVALIDCALL);
    const std::vector<OutputVertex> v = contents(out, 2);
    REQUIRE(v.size() == 2);
    CHECK(memcmp(v.data(), before, sizeof before) == 0);
    noFvf->Release();
    out->Release();
}

// "This standalone vertex processing is always performed in software", and on a mixed-mode
// device D3DUSAGE_SOFTWAREPROCESSING "is required for software vertex processing": a source
// buffer made without it is refused there, one made with it is processed.
TEST(ProcessVertices, MixedDevicesReadOnlySoftwareProcessingSources) {
    TestDevice t(16, 16, false, D3DCREATE_MIXED_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    const SourceVertex point = {0.0f, 0.0f, 0.5f, 0xFF00FF00, 0, 0};
    IDirect3DVertexBuffer9* hardware = nullptr;
    REQUIRE(t->CreateVertexBuffer(sizeof point, 0, kSourceFvf, D3DPOOL_DEFAULT, &hardware, nullptr) ==
            D3D_OK);
    IDirect3DVertexBuffer9* software = buffer(t.device, sizeof point, kSourceFvf, &point);
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(software != nullptr && out != nullptr);
    CHECK_EQ(t->SetFVF(kSourceFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, hardware, 0, sizeof point), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetStreamSource(0, software, 0, sizeof point), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3D_OK);
    const std::vector<OutputVertex> v = contents(out, 1);
    REQUIRE(v.size() == 1);
    CHECK(approx(v[0].x, 8.0f) && approx(v[0].y, 8.0f) && v[0].color == 0xFF00FF00);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    out->Release();
    software->Release();
    hardware->Release();
}

// "Geometry Blending": with D3DVBF_1WEIGHTS a vertex is weight * (p * WORLDMATRIX(0)) +
// (1 - weight) * (p * WORLDMATRIX(1)); indexed ("Indexed Vertex Blending"), the FVF's last beta
// names the matrices: UBYTE4 bytes in order, D3DCOLOR as its R, G, B, A (bytes 2, 1, 0, 3).
TEST(ProcessVertices, VertexBlendingMixesTheWorldMatricesByWeight) {
    TestDevice t(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    const D3DMATRIX right = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1});
    const D3DMATRIX down = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5f, 0, 1});
    IDirect3DVertexBuffer9* out = buffer(t.device, 2 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    // Screen x = (1 + x) * 32, y = (1 - y) * 32 with identity view and projection.
    auto screenAt = [&](const OutputVertex& o, float x, float y) {
        return approx(o.x, (1 + x) * 32) && approx(o.y, (1 - y) * 32) && approx(o.z, 0.5f);
    };

    struct Weighted {
        float x, y, z, weight;
    };
    const Weighted weighted[2] = {{0.0f, 0.0f, 0.5f, 0.25f}, {0.25f, 0.25f, 0.5f, 1.0f}};
    IDirect3DVertexBuffer9* plain = buffer(t.device, sizeof weighted, D3DFVF_XYZB1, weighted);
    REQUIRE(plain != nullptr);
    CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(0), &right), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(1), &down), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS), D3D_OK);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZB1), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, plain, 0, sizeof(Weighted)), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, 0), D3D_OK);
    std::vector<OutputVertex> v = contents(out, 2);
    REQUIRE(v.size() == 2);
    CHECK(screenAt(v[0], 0.25f * 0.5f, 0.75f * -0.5f)); // a quarter right, three quarters down
    CHECK(screenAt(v[1], 0.25f + 0.5f, 0.25f));         // all right

    struct Indexed {
        float x, y, z, weight;
        DWORD indices;
    };
    const D3DMATRIX distant = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 100, 100, 0, 1});
    for (DWORD lastBeta : {DWORD(D3DFVF_LASTBETA_UBYTE4), DWORD(D3DFVF_LASTBETA_D3DCOLOR)}) {
        // Matrices 3 and 6; 0 and 1 are far away, so reading the wrong ones shows.
        const DWORD indices = lastBeta == D3DFVF_LASTBETA_UBYTE4 ? 0x00000603u : 0x00030600u;
        const Indexed vertex = {0.0f, 0.0f, 0.5f, 0.5f, indices};
        const DWORD fvf = D3DFVF_XYZB2 | lastBeta;
        IDirect3DVertexBuffer9* source = buffer(t.device, sizeof vertex, fvf, &vertex);
        REQUIRE(source != nullptr);
        CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(0), &distant), D3D_OK);
        CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(1), &distant), D3D_OK);
        CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(3), &right), D3D_OK);
        CHECK_EQ(t->SetTransform(D3DTS_WORLDMATRIX(6), &down), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE), D3D_OK);
        CHECK_EQ(t->SetFVF(fvf), D3D_OK);
        CHECK_EQ(t->SetStreamSource(0, source, 0, sizeof(Indexed)), D3D_OK);
        CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3D_OK);
        v = contents(out, 1);
        REQUIRE(v.size() == 1);
        CHECK(screenAt(v[0], 0.5f * 0.5f, 0.5f * -0.5f));
        CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
        source->Release();
    }
    plain->Release();
    out->Release();
}
