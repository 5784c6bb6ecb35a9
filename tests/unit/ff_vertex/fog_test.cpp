// Vertex fog ("Fog Formulas"): linear (end - d) / (end - start), exp 1 / e^(d density),
// exp2 1 / e^((d density)^2); d = |camera-space z|, or the distance to the camera with
// RANGEFOGENABLE; without a vertex fog mode the factor is the specular alpha.
#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"

#include <cmath>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

FfScene fogScene(uint32_t mode) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    scene.setRenderState(D3DRS_FOGENABLE, 1);
    scene.setRenderState(D3DRS_FOGVERTEXMODE, mode);
    scene.setRenderStateF(D3DRS_FOGSTART, 2.0f);
    scene.setRenderStateF(D3DRS_FOGEND, 10.0f);
    scene.setRenderStateF(D3DRS_FOGDENSITY, 0.2f);
    scene.setTransform(D3DTS_VIEW, translation(0, 0, 1)); // camera z = z + 1
    return scene;
}

float fogAt(const FfScene& scene, const Float4& position) {
    FfVertex v;
    v.position = position;
    const FfResult r = runVertex(scene, v);
    EXPECT_EQ(r.covered.size(), 1u);
    EXPECT_TRUE(near(r.fog, referenceVertex(scene, v).fog)) << "reference";
    return r.fog;
}

TEST(FfVertexFog, Linear) {
    const FfScene scene = fogScene(D3DFOG_LINEAR);
    EXPECT_TRUE(near(fogAt(scene, {3, 4, 3, 1}), (10 - 4) / 8.0f));  // z = 4
    EXPECT_TRUE(near(fogAt(scene, {0, 0, 0, 1}), 1.0f));             // z = 1 < start: clamped
    EXPECT_TRUE(near(fogAt(scene, {0, 0, 11, 1}), 0.0f));            // z = 12 > end: clamped
    EXPECT_TRUE(near(fogAt(scene, {0, 0, -7, 1}), (10 - 6) / 8.0f)); // |z| = 6
}

TEST(FfVertexFog, Exp) {
    const FfScene scene = fogScene(D3DFOG_EXP);
    EXPECT_TRUE(near(fogAt(scene, {3, 4, 3, 1}), std::exp(-4 * 0.2f)));
    EXPECT_TRUE(near(fogAt(scene, {0, 0, 19, 1}), std::exp(-20 * 0.2f)));
}

TEST(FfVertexFog, Exp2) {
    const FfScene scene = fogScene(D3DFOG_EXP2);
    EXPECT_TRUE(near(fogAt(scene, {3, 4, 3, 1}), std::exp(-(0.8f * 0.8f))));
    EXPECT_TRUE(near(fogAt(scene, {0, 0, 9, 1}), std::exp(-4.0f)));
}

// RANGEFOGENABLE: d is the distance from the camera, not the depth.
TEST(FfVertexFog, RangeUsesTheDistance) {
    FfScene scene = fogScene(D3DFOG_LINEAR);
    scene.setRenderState(D3DRS_RANGEFOGENABLE, 1);
    EXPECT_TRUE(near(fogAt(scene, {3, 4, -1, 1}), (10 - 5) / 8.0f)); // camera (3, 4, 0)
    scene.setRenderState(D3DRS_FOGVERTEXMODE, D3DFOG_EXP);
    EXPECT_TRUE(near(fogAt(scene, {3, 4, -1, 1}), std::exp(-5 * 0.2f)));
}

// D3DFOG_NONE: the vertex's specular alpha carries the fog factor, 1 without specular.
TEST(FfVertexFog, NoVertexModeUsesTheSpecularAlpha) {
    FfScene scene = fogScene(D3DFOG_NONE);
    EXPECT_TRUE(near(fogAt(scene, {0, 0, 5, 1}), 1.0f));
    scene.key.add(abi::kFfInSpecular);
    FfVertex v;
    v.specular = {0.1f, 0.2f, 0.3f, 0.4f};
    EXPECT_TRUE(near(runVertex(scene, v).fog, 0.4f));
}

} // namespace
} // namespace ddivk::test::ffv
