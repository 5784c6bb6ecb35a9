// FVF vertex sizes, from the FVF documentation: position (XYZ 12, XYZRHW 16, XYZW 16, XYZB1..5
// 12 + 4 per beta), normal 12, point size 4, diffuse 4, specular 4, and each texture
// coordinate set 1..4 floats as its D3DFVF_TEXCOORDSIZEn bits say (2 when zero).
#include <gtest/gtest.h>

#include "ddivk/fvf.h"

namespace ddivk::test {
namespace {

TEST(DP2Fvf, VertexSizeFollowsTheFvfDocumentation) {
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZ), 12u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZRHW), 16u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZW), 16u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZB1), 16u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZB5 | D3DFVF_LASTBETA_UBYTE4), 32u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZ | D3DFVF_NORMAL), 24u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_PSIZE | D3DFVF_DIFFUSE | D3DFVF_SPECULAR), 28u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_TEX2), 32u);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_TEX3 | D3DFVF_TEXCOORDSIZE1(0) | D3DFVF_TEXCOORDSIZE3(1) |
                            D3DFVF_TEXCOORDSIZE4(2)),
              16u + 4 + 12 + 16);
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_TEX8), 16u + 8 * 8);
    EXPECT_EQ(fvfTexCount(D3DFVF_TEX5), 5u);
}

TEST(DP2Fvf, MalformedFvfHasNoSize) {
    EXPECT_EQ(fvfVertexSize(0x4004), 0u);              // XYZW bit with RHW
    EXPECT_EQ(fvfVertexSize(D3DFVF_XYZ | 0x0900), 0u); // nine texture coordinate sets
}

TEST(DP2Fvf, BitValuesMatchTheSdk) {
    EXPECT_EQ(D3DFVF_RESERVED0, 0x1u);
    EXPECT_EQ(D3DFVF_POSITION_MASK, 0x400Eu);
    EXPECT_EQ(D3DFVF_RESERVED2, 0x6000u);
    EXPECT_EQ(D3DFVF_TEXCOORDSIZE1(1), 3u << 18);
    EXPECT_EQ(D3DFVF_TEXCOORDSIZE4(7), 2u << 30);
}

} // namespace
} // namespace ddivk::test
