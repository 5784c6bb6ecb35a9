// Helpers for the render-state tests: axis-aligned quads of either winding drawn through the DP2
// door, and the stencil buffer read back by drawing (D3D9 offers no stencil read).
#pragma once

#include <cstdint>
#include <vector>

#include "unit/render/render_fixture.h"

namespace ddivk::test {

// Pixels [x0, x1) x [y0, y1): a quad with these integer corners covers exactly them.
struct Box {
    uint32_t x0, y0, x1, y1;
    bool contains(uint32_t x, uint32_t y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// A quad of two triangles, clockwise on screen unless counterClockwise; depth runs linearly
// from zLeft at x0 to zRight at x1.
struct Quad {
    Box box;
    uint32_t color = 0xFFFFFFFF;
    float zLeft = 0.5f;
    float zRight = 0.5f;
    bool counterClockwise = false;
};

class RenderStatesTest : public RenderTest {
  protected:
    static constexpr Box kWhole{0, 0, kWidth, kHeight};

    // Appends q's vertices to vertices_ and a TRIANGLELIST token drawing them to s.
    void draw(CommandStream& s, const Quad& q);
    // Executes s with the vertices draw() collected, then forgets them.
    HRESULT run(CommandStream& s);
    // The stencil value of every pixel, found by drawing the whole target once per value with
    // STENCILFUNC EQUAL (the colour's blue channel says which value passed); -1 where none did.
    // Leaves the target's colours and several render states changed.
    std::vector<int> stencilByDrawing();
    // got equals want within tolerance per 8-bit channel; the message names the first pixel
    // that does not and counts the others.
    static ::testing::AssertionResult samePixels(const std::vector<uint32_t>& got,
                                                 const std::vector<uint32_t>& want, int tolerance = 0);

    std::vector<TLVertex> vertices_;
};

} // namespace ddivk::test
