// Vertex colors and lighting ("Mathematics of Lighting", "Attenuation and Spotlight Factor"):
// each test checks hand-computed values and the CPU reference.
#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"

#include <cmath>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

// A lit scene: normals in the format, a material, no lights yet, ambient off.
FfScene litScene() {
    FfScene scene;
    scene.key.add(abi::kFfInNormal);
    scene.state.material = material({1, 0.5f, 0.25f, 0.75f}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0);
    return scene;
}

FfResult expectReference(const FfScene& scene, const FfVertex& v) {
    const Reference ref = referenceVertex(scene, v);
    const FfResult r = runVertex(scene, v);
    EXPECT_EQ(r.covered.size(), 1u);
    EXPECT_TRUE(near(r.color0, ref.color0)) << "COLOR0";
    EXPECT_TRUE(near(r.color1, ref.color1)) << "COLOR1";
    return r;
}

TEST(FfVertexColors, UnlitVertexPassesItsColors) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    scene.key.add(abi::kFfInDiffuse);
    scene.key.add(abi::kFfInSpecular);
    FfVertex v;
    v.diffuse = {0.1f, 0.2f, 0.3f, 0.4f};
    v.specular = {0.5f, 0.6f, 0.7f, 0.8f};
    const FfResult r = expectReference(scene, v);
    EXPECT_TRUE(near(r.color0, v.diffuse));
    EXPECT_TRUE(near(r.color1, v.specular));
}

// Absent diffuse is opaque white, absent specular is zero (D3DFVF_DIFFUSE / D3DFVF_SPECULAR
// defaults); the junk the fixture binds at those locations must not show.
TEST(FfVertexColors, AbsentDiffuseIsWhiteAndAbsentSpecularIsZero) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    const FfResult r = expectReference(scene, FfVertex{});
    EXPECT_TRUE(near(r.color0, {1, 1, 1, 1}));
    EXPECT_TRUE(near(r.color1, {0, 0, 0, 0}));
}

// Diffuse = Cd * Ld * (N . Ldir); the lit alpha is the diffuse source's.
TEST(FfVertexLighting, DirectionalLight) {
    FfScene scene = litScene();
    scene.addLight(directionalLight({0, 0, 1}, {1, 1, 0.5f, 1}));
    FfVertex v;
    v.normal = {0, 0.6f, -0.8f, 0}; // N . (0, 0, -1) = 0.8
    const FfResult r = expectReference(scene, v);
    EXPECT_TRUE(near(r.color0, {0.8f, 0.4f, 0.1f, 0.75f}));
    EXPECT_TRUE(near(r.color1, {0, 0, 0, 0}));
    v.normal = {0, 0, 1, 0}; // facing away: no diffuse
    EXPECT_TRUE(near(runVertex(scene, v).color0, {0, 0, 0, 0.75f}));
}

// Normals go through the transposed inverse of the whole 4x4 world matrix's upper 3x3, not
// the inverse of its upper 3x3 alone: they differ for a non-affine matrix. Wine's lighting_test
// records Windows drawing its non-affine quad black. Here the inverse's rows are (1, 0, 0),
// (0, 1, 0), (-1, -1, 0), so normal (0, 0.6, -0.8) becomes (0, 0.6, -0.6): N . L = 0.6, where
// the upper 3x3 (the identity) would give 0.8.
TEST(FfVertexLighting, NormalsTakeTheInverseOfTheWholeWorldMatrix) {
    FfScene scene = litScene();
    scene.addLight(directionalLight({0, 0, 1}, {1, 1, 0.5f, 1}));
    scene.setTransform(D3DTS_WORLD, matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 10, 10, 10, 0}));
    FfVertex v;
    v.position = {0, 0, -1, 1}; // world w = -z = 1 (the matrix's last column), so the probe covers it
    v.normal = {0, 0.6f, -0.8f, 0};
    EXPECT_TRUE(near(expectReference(scene, v).color0, {0.6f, 0.3f, 0.075f, 0.75f}));
    v.normal = {0, 0, -1, 0}; // becomes (0, 0, 0): unlit, as Windows draws Wine's quad
    EXPECT_TRUE(near(expectReference(scene, v).color0, {0, 0, 0, 0.75f}));
}

// Atten = 1 / (att0 + att1 d + att2 d^2) within Range; beyond it the light does nothing, ambient
// included.
TEST(FfVertexLighting, PointLightAttenuationAndRange) {
    FfScene scene = litScene();
    scene.state.material.Ambient = {1, 1, 1, 1};
    D3DLIGHT9 light = pointLight({0, 0, -2}, {1, 1, 1, 1}, 10, 0.5f, 0.25f, 0.125f);
    light.Ambient = {0.2f, 0.2f, 0.2f, 1};
    scene.addLight(light);
    FfVertex v;
    v.normal = {0, 0, -1, 0};
    v.position = {0, 0, 2, 1}; // d = 4: 1 / (0.5 + 1 + 2) = 2 / 7
    const float atten = 1.0f / 3.5f;
    FfResult r = expectReference(scene, v);
    EXPECT_TRUE(near(
        r.color0, {atten + 0.2f * atten, 0.5f * atten + 0.2f * atten, 0.25f * atten + 0.2f * atten, 0.75f}));
    v.position = {3, 0, -2, 1}; // d = 3, N . Ldir = 0 (the light is beside the vertex)
    r = expectReference(scene, v);
    const float atten3 = 1.0f / (0.5f + 0.75f + 1.125f);
    EXPECT_TRUE(near(r.color0, {0.2f * atten3, 0.2f * atten3, 0.2f * atten3, 0.75f}));
    v.position = {0, 0, 8.5f, 1}; // d = 10.5 > Range
    r = expectReference(scene, v);
    EXPECT_TRUE(near(r.color0, {0, 0, 0, 0.75f}));
}

// Spot = 1 inside Theta / 2, 0 outside Phi / 2, ((rho - cos(Phi/2)) / (cos(Theta/2) -
// cos(Phi/2)))^Falloff between.
TEST(FfVertexLighting, SpotLightFalloff) {
    FfScene scene = litScene();
    D3DLIGHT9 light = pointLight({0, 0, -5}, {1, 1, 1, 1}, 100, 1, 0, 0);
    light.Type = D3DLIGHT_SPOT;
    light.Direction = {0, 0, 1};
    light.Theta = 0.4f;
    light.Phi = 1.0f;
    light.Falloff = 2.0f;
    scene.addLight(light);
    FfVertex v;
    v.normal = {0, 0, -1, 0};
    // On the axis: full light, N . Ldir = 1.
    v.position = {0, 0, 0, 1};
    EXPECT_TRUE(near(expectReference(scene, v).color0, {1, 0.5f, 0.25f, 0.75f}));
    // Between the cones: angle 0.35 from the axis.
    const float angle = 0.35f;
    v.position = {5 * std::tan(angle), 0, 0, 1};
    const float rho = std::cos(angle), cosTheta = std::cos(0.2f), cosPhi = std::cos(0.5f);
    const float spot = std::pow((rho - cosPhi) / (cosTheta - cosPhi), 2.0f);
    const float nDotL = std::cos(angle);
    EXPECT_TRUE(near(expectReference(scene, v).color0,
                     {spot * nDotL, 0.5f * spot * nDotL, 0.25f * spot * nDotL, 0.75f}));
    // Outside the outer cone: nothing.
    v.position = {5 * std::tan(0.6f), 0, 0, 1};
    EXPECT_TRUE(near(expectReference(scene, v).color0, {0, 0, 0, 0.75f}));
}

// Ambient = Ca * (Ga + sum(Atten * Spot * La)); emissive adds Ce.
TEST(FfVertexLighting, AmbientAndEmissive) {
    FfScene scene = litScene();
    scene.state.material.Ambient = {0.5f, 1, 0.25f, 1};
    scene.state.material.Emissive = {0.1f, 0.2f, 0.3f, 1};
    scene.setRenderState(D3DRS_AMBIENT, 0xFF336699); // (0.2, 0.4, 0.6)
    D3DLIGHT9 light = directionalLight({0, 0, 1}, {0, 0, 0, 0});
    light.Ambient = {0.2f, 0.2f, 0.2f, 1};
    scene.addLight(light);
    const FfResult r = expectReference(scene, FfVertex{});
    EXPECT_TRUE(near(r.color0, {0.1f + 0.5f * 0.4f, 0.2f + 1.0f * 0.6f, 0.3f + 0.25f * 0.8f, 0.75f}));
}

// Material sources: COLOR1 is the vertex diffuse, COLOR2 the vertex specular, with COLORVERTEX.
TEST(FfVertexLighting, MaterialSourcesTakeVertexColors) {
    FfScene scene = litScene();
    scene.key.add(abi::kFfInDiffuse);
    scene.key.add(abi::kFfInSpecular);
    scene.setRenderState(D3DRS_SPECULARENABLE, 1);
    scene.setRenderState(D3DRS_AMBIENT, 0xFFFFFFFF);
    D3DLIGHT9 light = directionalLight({0, 0, 1}, {1, 1, 1, 1});
    light.Specular = {1, 1, 1, 1};
    scene.addLight(light);
    scene.state.material = material({0.9f, 0.9f, 0.9f, 0.9f}, {0.05f, 0.05f, 0.05f, 1},
                                    {0.3f, 0.3f, 0.3f, 0.3f}, {0.02f, 0.02f, 0.02f, 1}, 4);
    FfVertex v;
    v.normal = {0, 0, -1, 0};
    v.diffuse = {0.2f, 0.1f, 0.05f, 0.5f};
    v.specular = {0.05f, 0.1f, 0.2f, 0.25f};
    const uint32_t sources[] = {D3DMCS_MATERIAL, D3DMCS_COLOR1, D3DMCS_COLOR2};
    for (uint32_t diffuse : sources)
        for (uint32_t ambient : sources)
            for (uint32_t specular : sources)
                for (uint32_t emissive : sources) {
                    scene.setRenderState(D3DRS_DIFFUSEMATERIALSOURCE, diffuse);
                    scene.setRenderState(D3DRS_AMBIENTMATERIALSOURCE, ambient);
                    scene.setRenderState(D3DRS_SPECULARMATERIALSOURCE, specular);
                    scene.setRenderState(D3DRS_EMISSIVEMATERIALSOURCE, emissive);
                    if ((diffuse + ambient + specular + emissive) % 3 != 0) continue; // a third of the 81
                    SCOPED_TRACE(::testing::Message() << diffuse << ambient << specular << emissive);
                    expectReference(scene, v);
                }
    // By hand: diffuse from COLOR1, the rest from the material; N . L = 1, N . H = 1.
    scene.setRenderState(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1);
    scene.setRenderState(D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_MATERIAL);
    scene.setRenderState(D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2);
    scene.setRenderState(D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_MATERIAL);
    FfResult r = runVertex(scene, v);
    EXPECT_TRUE(near(r.color0, {0.02f + 0.05f + 0.2f, 0.02f + 0.05f + 0.1f, 0.02f + 0.05f + 0.05f, 0.5f}));
    EXPECT_TRUE(near(r.color1, {0.05f, 0.1f, 0.2f, 0.25f}));
    // COLORVERTEX off: the material everywhere.
    scene.setRenderState(D3DRS_COLORVERTEX, 0);
    r = expectReference(scene, v);
    EXPECT_TRUE(near(r.color0, {0.02f + 0.05f + 0.9f, 0.02f + 0.05f + 0.9f, 0.02f + 0.05f + 0.9f, 0.9f}));
    EXPECT_TRUE(near(r.color1, {0.3f, 0.3f, 0.3f, 0.3f}));
}

// Specular = Cs * sum(Ls * (N . H)^P * Atten * Spot), H = norm(norm(camera - vertex) + Ldir)
// with LOCALVIEWER, norm((0, 0, -1) + Ldir) without (the viewer down -z); off without
// SPECULARENABLE.
TEST(FfVertexLighting, SpecularLocalAndInfiniteViewer) {
    FfScene scene = litScene();
    scene.state.material.Specular = {1, 0.5f, 0.25f, 0.5f};
    scene.state.material.Power = 8;
    D3DLIGHT9 light = directionalLight({-1, 0, 1}, {0, 0, 0, 0});
    light.Specular = {1, 1, 1, 1};
    scene.addLight(light);
    FfVertex v;
    v.position = {1, 0.5f, 3, 1};
    v.normal = {0, 0, -1, 0};
    // Off by default.
    EXPECT_TRUE(near(expectReference(scene, v).color1, {0, 0, 0, 0.5f}));
    scene.setRenderState(D3DRS_SPECULARENABLE, 1);
    // Infinite viewer: Ldir = (1, 0, -1) / sqrt 2, H = norm((1, 0, -1 - sqrt 2)).
    scene.setRenderState(D3DRS_LOCALVIEWER, 0);
    const float s2 = std::sqrt(2.0f);
    const float nDotH = (1 + s2) / std::sqrt(1 + (1 + s2) * (1 + s2));
    const float spec = std::pow(nDotH, 8.0f);
    EXPECT_TRUE(near(expectReference(scene, v).color1, {spec, 0.5f * spec, 0.25f * spec, 0.5f}));
    scene.setRenderState(D3DRS_LOCALVIEWER, 1);
    expectReference(scene, v);
    // With a rigid view transform the camera moves; world-space reference and camera-space
    // shader must agree.
    scene.setTransform(D3DTS_VIEW, multiply(translation(-0.5f, 0.2f, 1), rotationY(-0.3f)));
    expectReference(scene, v);
    scene.setRenderState(D3DRS_LOCALVIEWER, 0);
    expectReference(scene, v);
}

// Several lights of every kind at once, a rigid view, normalization and vertex colors: the
// reference over a few vertices.
TEST(FfVertexLighting, MixedLightsUnderAViewTransform) {
    FfScene scene = litScene();
    scene.key.add(abi::kFfInDiffuse);
    scene.setRenderState(D3DRS_SPECULARENABLE, 1);
    scene.setRenderState(D3DRS_NORMALIZENORMALS, 1);
    scene.setRenderState(D3DRS_AMBIENT, 0xFF101010);
    scene.state.material =
        material({0.8f, 0.7f, 0.6f, 1}, {0.3f, 0.3f, 0.3f, 1}, {0.9f, 0.9f, 0.9f, 1}, {0, 0, 0, 0}, 12);
    scene.setTransform(D3DTS_WORLD, multiply(rotationX(0.25f), translation(0.3f, 0, 0.5f)));
    scene.setTransform(D3DTS_VIEW, multiply(rotationY(0.4f), translation(0.1f, -0.3f, 4)));
    D3DLIGHT9 sun = directionalLight({0.3f, -1, 0.5f}, {0.6f, 0.6f, 0.5f, 1});
    sun.Specular = {0.4f, 0.4f, 0.4f, 1};
    D3DLIGHT9 lamp = pointLight({1, 1, -1}, {0.5f, 0.2f, 0.1f, 1}, 8, 0.2f, 0.3f, 0.05f);
    lamp.Specular = {1, 1, 1, 1};
    lamp.Ambient = {0.1f, 0.05f, 0, 1};
    D3DLIGHT9 torch = pointLight({-1, 2, 0}, {0.1f, 0.3f, 0.9f, 1}, 20, 1, 0.1f, 0);
    torch.Type = D3DLIGHT_SPOT;
    torch.Direction = {0.5f, -1, 0.1f};
    torch.Theta = 0.6f;
    torch.Phi = 1.4f;
    torch.Falloff = 0.7f;
    scene.addLight(sun);
    scene.addLight(lamp);
    scene.addLight(torch);
    scene.addLight(directionalLight({1, 0, 0}, {1, 1, 1, 1}), false); // disabled
    const Float4 positions[] = {{0, 0, 0, 1}, {0.5f, 0.2f, -0.4f, 1}, {-0.6f, 0.9f, 0.3f, 1}};
    const Float4 normals[] = {{0, 1, 0, 0}, {0.2f, 0.9f, -0.5f, 0}, {-0.7f, 0.3f, 0.2f, 0}};
    for (int i = 0; i < 3; ++i) {
        FfVertex v;
        v.position = positions[i];
        v.normal = normals[i];
        v.diffuse = {0.9f, 0.8f, 0.7f, 0.6f};
        SCOPED_TRACE(i);
        expectReference(scene, v);
    }
}

// Lit colors are clamped to [0, 1].
TEST(FfVertexLighting, LitColorsClamp) {
    FfScene scene = litScene();
    scene.state.material.Emissive = {2, -1, 0.5f, 1};
    scene.state.material.Diffuse.a = 3;
    const FfResult r = expectReference(scene, FfVertex{});
    EXPECT_TRUE(near(r.color0, {1, 0, 0.5f, 1}));
}

} // namespace
} // namespace ddivk::test::ffv
