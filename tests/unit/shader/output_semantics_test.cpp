// writtenOutputs (src/shader/output_semantics.h): the output semantics a vertex shader writes,
// which ProcessVertices fills in the destination vertices. Each case names the register rule.
#include <gtest/gtest.h>

#include <vector>

#include "ddivk/d3d9_decl.h"
#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/output_semantics.h"

namespace ddivk::shader {
namespace {

std::vector<OutputSemantic> writtenBy(const char* text) {
    auto tokens = assemble(text);
    if (!tokens) {
        ADD_FAILURE() << tokens.error().message();
        return {};
    }
    auto program = decode(*tokens);
    if (!program) {
        ADD_FAILURE() << program.error().message();
        return {};
    }
    return writtenOutputs(*program);
}

using S = OutputSemantic;

TEST(OutputSemantics, LegacyRegistersNameTheirSemantics) {
    const auto written = writtenBy(R"(vs_2_0
dcl_position v0
mov oPos, v0
mov oFog.x, v0.x
mov oPts.x, v0.y
mov oD1, v0
mov oT3.xy, v0
mov oT3.zw, v0
mov r0, v0
)");
    const std::vector<S> expected = {{D3DDECLUSAGE_POSITION, 0},
                                     {D3DDECLUSAGE_FOG, 0},
                                     {D3DDECLUSAGE_PSIZE, 0},
                                     {D3DDECLUSAGE_COLOR, 1},
                                     {D3DDECLUSAGE_TEXCOORD, 3}};
    EXPECT_EQ(written, expected) << "each once, in the order first written; temporaries are no output";
}

TEST(OutputSemantics, Vs30RegistersNameTheirDcl) {
    const auto written = writtenBy(R"(vs_3_0
dcl_position v0
dcl_texcoord5 o0
dcl_position o1
dcl_color1 o2
dcl_fog o3
mov o1, v0
mov o0, v0
)");
    const std::vector<S> expected = {{D3DDECLUSAGE_POSITION, 0}, {D3DDECLUSAGE_TEXCOORD, 5}};
    EXPECT_EQ(written, expected) << "declared but never written: not listed";
}

TEST(OutputSemantics, Vs30RelativeWritesReachEveryDeclaredOutput) {
    const auto written = writtenBy(R"(vs_3_0
defi i0, 2, 0, 1, 0
dcl_position v0
dcl_position o0
dcl_texcoord o1
dcl_texcoord1 o2
mov o0, v0
loop aL, i0
mov o[aL + 1], v0
endloop
)");
    const std::vector<S> expected = {
        {D3DDECLUSAGE_POSITION, 0}, {D3DDECLUSAGE_TEXCOORD, 0}, {D3DDECLUSAGE_TEXCOORD, 1}};
    EXPECT_EQ(written, expected);
}

} // namespace
} // namespace ddivk::shader
