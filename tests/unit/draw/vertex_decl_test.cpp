// Vertex declarations: type sizes and Vulkan formats, the FVF-to-declaration mapping of the SDK
// page "Mapping FVF Codes to a DirectX 9 Declaration", and CreateVertexDeclaration's checks.
#include <gtest/gtest.h>

#include "ddivk/fvf.h"
#include "draw/vertex_decl.h"
#include "support/vk_test.h"

namespace ddivk::draw {
namespace {

struct Expect {
    uint16_t offset;
    uint8_t type, usage, index;
};

void expectDecl(uint32_t fvf, const std::vector<Expect>& expected) {
    auto d = declarationFromFvf(fvf);
    ASSERT_TRUE(d) << std::hex << fvf;
    ASSERT_EQ(d->size(), expected.size()) << std::hex << fvf;
    for (size_t i = 0; i < expected.size(); ++i) {
        const D3DVERTEXELEMENT9& e = (*d)[i];
        EXPECT_EQ(e.Stream, 0u);
        EXPECT_EQ(e.Offset, expected[i].offset) << "element " << i;
        EXPECT_EQ(e.Type, expected[i].type) << "element " << i;
        EXPECT_EQ(e.Method, D3DDECLMETHOD_DEFAULT);
        EXPECT_EQ(e.Usage, expected[i].usage) << "element " << i;
        EXPECT_EQ(e.UsageIndex, expected[i].index) << "element " << i;
    }
}

TEST(VertexDecl, TypeSizesFollowTheSdk) {
    // D3DDECLTYPE page: bytes per element.
    const uint8_t sizes[] = {4, 8, 12, 16, 4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 4, 4, 8};
    for (uint8_t t = 0; t < 17; ++t) {
        ASSERT_NE(declTypeInfo(t), nullptr);
        EXPECT_EQ(declTypeInfo(t)->size, sizes[t]) << declTypeInfo(t)->name;
    }
    EXPECT_EQ(declTypeInfo(D3DDECLTYPE_UNUSED), nullptr);
    EXPECT_TRUE(declTypeInfo(D3DDECLTYPE_UDEC3)->wIsOne);
    EXPECT_TRUE(declTypeInfo(D3DDECLTYPE_DEC3N)->wIsOne);
}

TEST(VertexDecl, EveryTypeIsAVertexFormatOfTheDevice) {
    vk::Device& device = test::sharedDevice();
    for (uint8_t t = 0; t < 17; ++t) {
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), declTypeInfo(t)->format, &props);
        EXPECT_TRUE(props.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) << declTypeInfo(t)->name;
    }
}

TEST(VertexDecl, PositionOnlyFvfs) {
    expectDecl(D3DFVF_XYZ, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0}});
    expectDecl(D3DFVF_XYZRHW, {{0, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITIONT, 0}});
    expectDecl(D3DFVF_XYZW, {{0, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITION, 0}});
}

TEST(VertexDecl, FullFvfInSdkOrder) {
    // Position, normal, point size, diffuse, specular, then texture sets of their sizes.
    const uint32_t fvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_PSIZE | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX3 |
                         D3DFVF_TEXCOORDSIZE1(0) | D3DFVF_TEXCOORDSIZE4(2);
    expectDecl(fvf, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0},
                     {12, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL, 0},
                     {24, D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_PSIZE, 0},
                     {28, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 0},
                     {32, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 1},
                     {36, D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_TEXCOORD, 0},
                     {40, D3DDECLTYPE_FLOAT2, D3DDECLUSAGE_TEXCOORD, 1},
                     {48, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_TEXCOORD, 2}});
}

TEST(VertexDecl, BlendWeightsAndLastBeta) {
    expectDecl(D3DFVF_XYZB3, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0},
                              {12, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_BLENDWEIGHT, 0}});
    // The last beta is the blend indices: UBYTE4 or D3DCOLOR.
    expectDecl(D3DFVF_XYZB4 | D3DFVF_LASTBETA_UBYTE4, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0},
                                                        {12, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_BLENDWEIGHT, 0},
                                                        {24, D3DDECLTYPE_UBYTE4, D3DDECLUSAGE_BLENDINDICES, 0}});
    expectDecl(D3DFVF_XYZB1 | D3DFVF_LASTBETA_D3DCOLOR, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0},
                                                          {12, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_BLENDINDICES, 0}});
    expectDecl(D3DFVF_XYZB5 | D3DFVF_LASTBETA_UBYTE4, {{0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0},
                                                        {12, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_BLENDWEIGHT, 0},
                                                        {28, D3DDECLTYPE_UBYTE4, D3DDECLUSAGE_BLENDINDICES, 0}});
}

TEST(VertexDecl, InvalidFvfsHaveNoDeclaration) {
    EXPECT_FALSE(declarationFromFvf(D3DFVF_XYZB5));                 // five weights: no FLOAT5
    EXPECT_FALSE(declarationFromFvf(D3DFVF_XYZ | D3DFVF_LASTBETA_UBYTE4)); // no betas to be last
    EXPECT_FALSE(declarationFromFvf(D3DFVF_XYZB2 | D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR));
    EXPECT_FALSE(declarationFromFvf(D3DFVF_XYZ | (9u << D3DFVF_TEXCOUNT_SHIFT)));
}

TEST(VertexDecl, ValidationRules) {
    const D3DVERTEXELEMENT9 end{kDeclEndStream, 0, D3DDECLTYPE_UNUSED, 0, 0, 0};
    const D3DVERTEXELEMENT9 pos{0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0};
    auto check = [&](D3DVERTEXELEMENT9 bad) -> std::string {
        const D3DVERTEXELEMENT9 elements[] = {pos, bad, end};
        auto e = validateDeclaration(elements);
        return e ? std::to_string(e->element) + ": " + e->why : "valid";
    };
    EXPECT_EQ(check({0, 12, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}), "valid");
    EXPECT_EQ(check({16, 12, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}), "1: stream index above 15");
    EXPECT_EQ(check({0, 12, 17, 0, D3DDECLUSAGE_TEXCOORD, 0}), "1: not a D3DDECLTYPE");
    EXPECT_EQ(check({0, 13, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}), "1: offset not a multiple of 4");
    EXPECT_EQ(check({0, 12, D3DDECLTYPE_FLOAT2, 7, D3DDECLUSAGE_TEXCOORD, 0}), "1: not a D3DDECLMETHOD");
    EXPECT_EQ(check({0, 12, D3DDECLTYPE_FLOAT2, 0, 14, 0}), "1: not a D3DDECLUSAGE");
    EXPECT_EQ(check({0, 12, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 16}), "1: usage index above 15");
    EXPECT_EQ(check({1, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0}), "1: usage and index used twice");
    const D3DVERTEXELEMENT9 noEnd[] = {pos};
    ASSERT_TRUE(validateDeclaration(noEnd));
    EXPECT_EQ(validateDeclaration(noEnd)->element, 1u);
}

} // namespace
} // namespace ddivk::draw
