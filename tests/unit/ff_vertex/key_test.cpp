// FfVertexKey from FVF codes, the packing rules that need no GPU, and the uniform block layout
// against the one glslang gave the shader.
#include "ff_vertex_fixture.h"

#include "ddivk/d3d9_enums.h"
#include "ddivk/fvf.h"
#include "ff_vertex_vert.spv.h"

#include <cmath>
#include <cstddef>
#include <iterator>
#include <map>
#include <set>
#include <string>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;
using shader::ff::FfVertexKey;
using shader::ff::ffVertexKeyFromFvf;
using shader::ff::FfVertexState;
using shader::ff::packFfVertexState;

uint32_t bit(abi::FixedFunctionInput input) {
    return 1u << input;
}

TEST(FfVertexKey, FvfInputsAndTexCoordSizes) {
    const FfVertexKey key =
        ffVertexKeyFromFvf(D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX3 |
                           D3DFVF_TEXCOORDSIZE3(1) | D3DFVF_TEXCOORDSIZE1(2));
    EXPECT_EQ(key.inputs, bit(abi::kFfInPosition) | bit(abi::kFfInNormal) | bit(abi::kFfInDiffuse) |
                              bit(abi::kFfInSpecular) | bit(abi::kFfInTexCoord0) |
                              bit(abi::FixedFunctionInput(abi::kFfInTexCoord0 + 1)) |
                              bit(abi::FixedFunctionInput(abi::kFfInTexCoord0 + 2)));
    EXPECT_EQ(key.texCoordFloats(0), 2u);
    EXPECT_EQ(key.texCoordFloats(1), 3u);
    EXPECT_EQ(key.texCoordFloats(2), 1u);
}

TEST(FfVertexKey, FvfPointSize) {
    const FfVertexKey key = ffVertexKeyFromFvf(D3DFVF_XYZ | D3DFVF_PSIZE);
    EXPECT_EQ(key.inputs, bit(abi::kFfInPosition) | bit(abi::kFfInPointSize));
}

// XYZBn carries n betas; a LASTBETA flag makes the last one the blend indices.
TEST(FfVertexKey, FvfBlendWeightsAndLastBetaIndices) {
    EXPECT_EQ(ffVertexKeyFromFvf(D3DFVF_XYZB3).inputs, bit(abi::kFfInPosition) | bit(abi::kFfInBlendWeight));
    EXPECT_EQ(ffVertexKeyFromFvf(D3DFVF_XYZB4 | D3DFVF_LASTBETA_UBYTE4).inputs,
              bit(abi::kFfInPosition) | bit(abi::kFfInBlendWeight) | bit(abi::kFfInBlendIndices));
    EXPECT_EQ(ffVertexKeyFromFvf(D3DFVF_XYZB1 | D3DFVF_LASTBETA_D3DCOLOR).inputs,
              bit(abi::kFfInPosition) | bit(abi::kFfInBlendIndices));
    EXPECT_EQ(ffVertexKeyFromFvf(D3DFVF_XYZW).inputs, bit(abi::kFfInPosition));
}

// "Per-Vertex Color State" and the lighting pages: a material source names a vertex color only
// with COLORVERTEX on and when the vertex has that color; otherwise the material is used.
TEST(FfVertexPacking, MaterialSourcesNeedColorVertexAndTheVertexColor) {
    FfScene scene;
    scene.setRenderState(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1);
    scene.setRenderState(D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_COLOR2);
    scene.setRenderState(D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2);
    scene.setRenderState(D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_MATERIAL);
    FfVertexKey key = ffVertexKeyFromFvf(D3DFVF_XYZ | D3DFVF_DIFFUSE);
    FfVertexState s = packFfVertexState(scene.state, {}, key);
    EXPECT_EQ(s.diffuseSource, shader::ff::kFfSourceDiffuse);
    EXPECT_EQ(s.ambientSource, shader::ff::kFfSourceMaterial); // no specular in the vertex
    EXPECT_EQ(s.specularSource, shader::ff::kFfSourceMaterial);
    EXPECT_EQ(s.emissiveSource, shader::ff::kFfSourceMaterial);

    key = ffVertexKeyFromFvf(D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_SPECULAR);
    s = packFfVertexState(scene.state, {}, key);
    EXPECT_EQ(s.ambientSource, shader::ff::kFfSourceSpecular);
    EXPECT_EQ(s.specularSource, shader::ff::kFfSourceSpecular);

    scene.setRenderState(D3DRS_COLORVERTEX, 0);
    s = packFfVertexState(scene.state, {}, key);
    EXPECT_EQ(s.diffuseSource, shader::ff::kFfSourceMaterial);
    EXPECT_EQ(s.ambientSource, shader::ff::kFfSourceMaterial);
    EXPECT_EQ(s.specularSource, shader::ff::kFfSourceMaterial);
}

// D3DCAPS9::MaxActiveLights is 8: the first eight enabled lights, in index order.
TEST(FfVertexPacking, OnlyTheFirstEightEnabledLightsCount) {
    FfScene scene;
    for (uint32_t i = 0; i < 12; ++i) {
        D3DLIGHT9 light = directionalLight({0, 0, 1}, {float(i), 0, 0, 0});
        scene.addLight(light, i != 2 && i != 5);
    }
    const FfVertexState s = packFfVertexState(scene.state, scene.lights, scene.key);
    EXPECT_EQ(s.lightCount, 8u);
    const float expected[8] = {0, 1, 3, 4, 6, 7, 8, 9};
    for (uint32_t i = 0; i < 8; ++i)
        EXPECT_EQ(s.lights[i].diffuse[0], expected[i]) << "light slot " << i;
}

// IDirect3DDevice9::SetClipPlane: fixed-function planes are in world space; the block holds them
// in camera space, VIEW^-1 * plane, so dot(camera position, plane') = dot(world position, plane).
// Only the six D3DCLIPPLANEn bits of CLIPPLANEENABLE count.
TEST(FfVertexPacking, ClipPlanesMoveToCameraSpace) {
    FfScene scene;
    D3DMATRIX view{};
    view.m[0][0] = 2.0f; // camera x = 2 * world x + 0.25
    view.m[1][1] = view.m[2][2] = view.m[3][3] = 1.0f;
    view.m[3][0] = 0.25f;
    scene.setTransform(D3DTS_VIEW, view);
    scene.state.clipPlanes[4] = {{1.0f, 0.0f, 0.0f, -0.1f}}; // world x >= 0.1
    scene.setRenderState(D3DRS_CLIPPLANEENABLE, 0xFF);
    const FfVertexState s = packFfVertexState(scene.state, {}, scene.key);
    EXPECT_EQ(s.clipPlaneMask, 0x3Fu);
    const float expected[4] = {0.5f, 0.0f, 0.0f, -0.225f}; // (x_cam - 0.25) / 2 - 0.1
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(s.clipPlanes[4][i], expected[i], 1e-6f) << i;
}

// Lights are set in world space; the shader lights in camera space.
TEST(FfVertexPacking, LightsMoveToCameraSpace) {
    FfScene scene;
    scene.setTransform(D3DTS_VIEW, multiply(translation(1, 2, 3), rotationY(0.5f)));
    D3DLIGHT9 light = pointLight({4, 5, 6}, {1, 1, 1, 1}, 100, 1, 0, 0);
    light.Type = D3DLIGHT_SPOT;
    light.Direction = {0, 0, 2};
    light.Theta = 0.5f;
    light.Phi = 1.0f;
    scene.addLight(light);
    const FfVertexState s = packFfVertexState(scene.state, scene.lights, scene.key);
    // (4, 5, 6) + (1, 2, 3) = (5, 7, 9), then rotated about y by 0.5.
    const float c = std::cos(0.5f), sn = std::sin(0.5f);
    EXPECT_TRUE(near(s.lights[0].position[0], 5 * c + 9 * sn));
    EXPECT_TRUE(near(s.lights[0].position[1], 7));
    EXPECT_TRUE(near(s.lights[0].position[2], -5 * sn + 9 * c));
    EXPECT_TRUE(near(s.lights[0].direction[0], sn)); // normalized
    EXPECT_TRUE(near(s.lights[0].direction[2], c));
    EXPECT_TRUE(near(s.lights[0].spot[0], std::cos(0.25f)));
    EXPECT_TRUE(near(s.lights[0].spot[1], std::cos(0.5f)));
}

TEST(FfVertexPacking, VertexBlendMatrixCount) {
    FfScene scene;
    const std::pair<uint32_t, uint32_t> rows[] = {
        {D3DVBF_DISABLE, 1},  {D3DVBF_1WEIGHTS, 2}, {D3DVBF_2WEIGHTS, 3},
        {D3DVBF_3WEIGHTS, 4}, {D3DVBF_0WEIGHTS, 1}, {D3DVBF_TWEENING, 1},
    };
    for (const auto& [blend, matrices] : rows) {
        scene.setRenderState(D3DRS_VERTEXBLEND, blend);
        scene.setRenderState(D3DRS_INDEXEDVERTEXBLENDENABLE, 1);
        const FfVertexState s = packFfVertexState(scene.state, {}, scene.key);
        EXPECT_EQ(s.blendMatrices, matrices) << "D3DRS_VERTEXBLEND " << blend;
        EXPECT_EQ(s.indexedBlend, blend != D3DVBF_DISABLE && blend != D3DVBF_TWEENING) << blend;
        EXPECT_EQ(s.tweening, blend == D3DVBF_TWEENING) << blend;
    }
    scene.setRenderStateF(D3DRS_TWEENFACTOR, 0.375f);
    EXPECT_EQ(packFfVertexState(scene.state, {}, scene.key).tweenFactor, 0.375f);
}

TEST(FfVertexPacking, TextureStageFields) {
    FfScene scene;
    scene.setStageState(3, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR | 2);
    scene.setStageState(3, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
    scene.setStageState(4, D3DTSS_TEXTURETRANSFORMFLAGS, 7); // not a count: no transform
    scene.setStageState(5, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT1); // Windows: no transform
    const FfVertexState s = packFfVertexState(scene.state, {}, scene.key);
    EXPECT_EQ(s.stage[3][0], 2u);
    EXPECT_EQ(s.stage[3][1], 3u);
    EXPECT_EQ(s.stage[3][2], 3u);
    EXPECT_EQ(s.stage[3][3], 1u);
    EXPECT_EQ(s.stage[4][2], 0u);
    EXPECT_EQ(s.stage[5][2], 0u);
    EXPECT_EQ(s.stage[0][0], 0u); // default TEXCOORDINDEX of stage n is n
    EXPECT_EQ(s.stage[1][0], 1u);
}

// ---- The uniform block as glslang laid it out (OpMemberDecorate Offset in the SPIR-V) ----

struct BlockLayout {
    std::map<uint32_t, uint32_t> offsets; // member -> Offset
    std::map<uint32_t, bool> rowMajor;    // member -> RowMajor present
};

// The member offsets of the struct type named `name` in the module.
BlockLayout layoutOf(const std::string& name) {
    const uint32_t* words = spv_ff_vertex_vert;
    const size_t count = std::size(spv_ff_vertex_vert);
    std::set<uint32_t> ids; // glslang also names the unlaid-out copy of a struct that a shader copies
    for (size_t i = 5; i < count;) {
        const uint32_t op = words[i] & 0xFFFF, length = words[i] >> 16;
        if (op == 5 /* OpName */ && std::string(reinterpret_cast<const char*>(&words[i + 2])) == name)
            ids.insert(words[i + 1]);
        i += length;
    }
    BlockLayout layout;
    for (size_t i = 5; i < count;) {
        const uint32_t op = words[i] & 0xFFFF, length = words[i] >> 16;
        if (op == 72 /* OpMemberDecorate */ && ids.count(words[i + 1])) {
            if (words[i + 3] == 35 /* Offset */) layout.offsets[words[i + 2]] = words[i + 4];
            if (words[i + 3] == 4 /* RowMajor */) layout.rowMajor[words[i + 2]] = true;
        }
        i += length;
    }
    return layout;
}

TEST(FfVertexState, LayoutMatchesTheShaderBlock) {
    const size_t expected[] = {
        offsetof(FfVertexState, worldView),
        offsetof(FfVertexState, normalMatrix),
        offsetof(FfVertexState, projection),
        offsetof(FfVertexState, textureMatrix),
        offsetof(FfVertexState, lights),
        offsetof(FfVertexState, materialDiffuse),
        offsetof(FfVertexState, materialAmbient),
        offsetof(FfVertexState, materialSpecular),
        offsetof(FfVertexState, materialEmissive),
        offsetof(FfVertexState, globalAmbient),
        offsetof(FfVertexState, material),
        offsetof(FfVertexState, fog),
        offsetof(FfVertexState, point),
        offsetof(FfVertexState, pointScale),
        offsetof(FfVertexState, stage),
        offsetof(FfVertexState, lighting),
        offsetof(FfVertexState, specularEnable),
        offsetof(FfVertexState, localViewer),
        offsetof(FfVertexState, normalizeNormals),
        offsetof(FfVertexState, lightCount),
        offsetof(FfVertexState, diffuseSource),
        offsetof(FfVertexState, ambientSource),
        offsetof(FfVertexState, specularSource),
        offsetof(FfVertexState, emissiveSource),
        offsetof(FfVertexState, blendMatrices),
        offsetof(FfVertexState, indexedBlend),
        offsetof(FfVertexState, fogMode),
        offsetof(FfVertexState, rangeFog),
        offsetof(FfVertexState, pointScaleEnable),
        offsetof(FfVertexState, clipPlaneMask),
        offsetof(FfVertexState, tweening),
        offsetof(FfVertexState, clipPlanes),
        offsetof(FfVertexState, tweenFactor),
    };
    const BlockLayout block = layoutOf("FfVertexState");
    ASSERT_EQ(block.offsets.size(), std::size(expected));
    for (uint32_t m = 0; m < std::size(expected); ++m)
        EXPECT_EQ(block.offsets.at(m), expected[m]) << "member " << m;
    for (uint32_t m = 0; m < 4; ++m) // the matrices are D3DMATRIX rows
        EXPECT_TRUE(block.rowMajor.count(m)) << "member " << m;

    using shader::ff::FfLight;
    const size_t light[] = {
        offsetof(FfLight, diffuse),  offsetof(FfLight, specular),  offsetof(FfLight, ambient),
        offsetof(FfLight, position), offsetof(FfLight, direction), offsetof(FfLight, attenuation),
        offsetof(FfLight, spot),     offsetof(FfLight, type),      offsetof(FfLight, pad),
        offsetof(FfLight, pad) + 4,  offsetof(FfLight, pad) + 8,
    };
    const BlockLayout lightLayout = layoutOf("Light");
    ASSERT_EQ(lightLayout.offsets.size(), std::size(light));
    for (uint32_t m = 0; m < std::size(light); ++m)
        EXPECT_EQ(lightLayout.offsets.at(m), light[m]) << "Light member " << m;
}

} // namespace
} // namespace ddivk::test::ffv
