#include "unit/render/render_states_fixture.h"

#include <cstdio>
#include <cstdlib>

namespace ddivk::test {

::testing::AssertionResult RenderStatesTest::samePixels(const std::vector<uint32_t>& got,
                                                        const std::vector<uint32_t>& want, int tolerance) {
    if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
    size_t bad = 0;
    char first[96] = "";
    for (size_t i = 0; i < got.size(); ++i) {
        for (int shift = 0; shift < 32; shift += 8) {
            if (std::abs(int((got[i] >> shift) & 0xFF) - int((want[i] >> shift) & 0xFF)) <= tolerance)
                continue;
            if (bad++ == 0)
                std::snprintf(first, sizeof(first), "(%zu,%zu) got %08x want %08x", i % kWidth, i / kWidth,
                              got[i], want[i]);
            break;
        }
    }
    if (bad == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << bad << " pixels differ, first " << first;
}

void RenderStatesTest::draw(CommandStream& s, const Quad& q) {
    const float x0 = float(q.box.x0), y0 = float(q.box.y0), x1 = float(q.box.x1), y1 = float(q.box.y1);
    const TLVertex topLeft = vtx(x0, y0, q.color, q.zLeft), topRight = vtx(x1, y0, q.color, q.zRight),
                   bottomLeft = vtx(x0, y1, q.color, q.zLeft), bottomRight = vtx(x1, y1, q.color, q.zRight);
    const uint16_t start = uint16_t(vertices_.size());
    // On screen (y down), top-left -> top-right -> bottom-left turns clockwise.
    if (q.counterClockwise)
        vertices_.insert(vertices_.end(), {topLeft, bottomLeft, topRight, topRight, bottomLeft, bottomRight});
    else
        vertices_.insert(vertices_.end(), {topLeft, topRight, bottomLeft, topRight, bottomRight, bottomLeft});
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{start});
}

HRESULT RenderStatesTest::run(CommandStream& s) {
    const HRESULT hr = execute(s, vertices_);
    vertices_.clear();
    return hr;
}

std::vector<int> RenderStatesTest::stencilByDrawing() {
    constexpr uint32_t kNone = 0xFFFF0000;
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kNone);
    for (auto [state, value] : std::initializer_list<std::pair<uint32_t, uint32_t>>{
             {D3DRS_ZENABLE, D3DZB_FALSE},
             {D3DRS_ALPHABLENDENABLE, 0},
             {D3DRS_COLORWRITEENABLE, 0xF},
             {D3DRS_FILLMODE, D3DFILL_SOLID},
             {D3DRS_CULLMODE, D3DCULL_NONE},
             {D3DRS_STENCILENABLE, 1},
             {D3DRS_TWOSIDEDSTENCILMODE, 0},
             {D3DRS_STENCILFUNC, D3DCMP_EQUAL},
             {D3DRS_STENCILMASK, 0xFF},
             {D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP},
             {D3DRS_STENCILZFAIL, D3DSTENCILOP_KEEP},
             {D3DRS_STENCILPASS, D3DSTENCILOP_KEEP},
         })
        renderState(s, state, value);
    for (uint32_t value = 0; value < 256; ++value) {
        renderState(s, D3DRS_STENCILREF, value);
        draw(s, {kWhole, 0xFF008000 | value});
    }
    EXPECT_EQ(run(s), S_OK);
    std::vector<int> stencil;
    for (uint32_t pixel : readTarget())
        stencil.push_back((pixel & 0xFFFFFF00) == 0xFF008000 ? int(pixel & 0xFF) : -1);
    return stencil;
}

} // namespace ddivk::test
