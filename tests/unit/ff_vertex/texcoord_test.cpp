// Texture coordinates ("Texture Coordinate Processing", "Automatically Generated Texture
// Coordinates", "Texture Coordinate Transformations"): TEXCOORDINDEX picks a vertex set or a
// generation mode, TEXTURETRANSFORMFLAGS COUNTn applies D3DTS_TEXTUREn to the coordinate padded
// with a 1 after its last component. Outputs are the D3D9 texture coordinate: components past
// COUNTn are zero, the PROJECTED divide is left to the pixel stage.
#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"
#include "ddivk/fvf.h"

#include <cmath>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

FfScene texScene() {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    scene.key = shader::ff::ffVertexKeyFromFvf(D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX4 |
                                               D3DFVF_TEXCOORDSIZE2(0) | D3DFVF_TEXCOORDSIZE3(1) |
                                               D3DFVF_TEXCOORDSIZE4(2) | D3DFVF_TEXCOORDSIZE1(3));
    return scene;
}

FfVertex texVertex() {
    FfVertex v;
    v.position = {0.5f, -0.25f, 2, 1};
    v.normal = {0, 0.6f, -0.8f, 0};
    v.texCoord[0] = {0.25f, 0.5f, 9, 9}; // 2 floats: 9s never reach the shader
    v.texCoord[1] = {0.1f, 0.2f, 0.3f, 9};
    v.texCoord[2] = {0.4f, 0.3f, 0.2f, 0.5f};
    v.texCoord[3] = {0.7f, 9, 9, 9};
    return v;
}

// Runs stages 0..4 and 3..7 and checks all eight against the reference.
std::array<Float4, 8> expectReference(const FfScene& scene, const FfVertex& v) {
    const Reference ref = referenceVertex(scene, v);
    const FfResult low = runVertex(scene, v, 0);
    const FfResult high = runVertex(scene, v, 3);
    std::array<Float4, 8> out{};
    for (uint32_t s = 0; s < 8; ++s) {
        out[s] = s < 5 ? low.texCoord[s] : high.texCoord[s];
        EXPECT_TRUE(near(out[s], ref.texCoord[s])) << "stage " << s;
    }
    return out;
}

// PASSTHRU: the set named in the low bits, as the vertex fetch widens it; an absent set reads
// (0, 0, 0, 1).
TEST(FfVertexTexCoord, PassthruSelectsTheSet) {
    FfScene scene = texScene();
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, 2);
    scene.setStageState(1, D3DTSS_TEXCOORDINDEX, 0);
    scene.setStageState(2, D3DTSS_TEXCOORDINDEX, 1);
    scene.setStageState(3, D3DTSS_TEXCOORDINDEX, 3);
    scene.setStageState(4, D3DTSS_TEXCOORDINDEX, 6);
    scene.setStageState(7, D3DTSS_TEXCOORDINDEX, 1);
    const auto tc = expectReference(scene, texVertex());
    EXPECT_TRUE(near(tc[0], {0.4f, 0.3f, 0.2f, 0.5f}));
    EXPECT_TRUE(near(tc[1], {0.25f, 0.5f, 0, 1}));
    EXPECT_TRUE(near(tc[2], {0.1f, 0.2f, 0.3f, 1}));
    EXPECT_TRUE(near(tc[3], {0.7f, 0, 0, 1}));
    EXPECT_TRUE(near(tc[4], {0, 0, 0, 1}));
    EXPECT_TRUE(near(tc[7], {0.1f, 0.2f, 0.3f, 1}));
}

// CAMERASPACENORMAL / CAMERASPACEPOSITION: (x, y, z, 1) in camera space.
TEST(FfVertexTexCoord, CameraSpaceNormalAndPosition) {
    FfScene scene = texScene();
    scene.setTransform(D3DTS_VIEW, multiply(rotationY(0.5f), translation(1, 2, 3)));
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACENORMAL);
    scene.setStageState(1, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEPOSITION | 1);
    const auto tc = expectReference(scene, texVertex());
    const float c = std::cos(0.5f), s = std::sin(0.5f);
    EXPECT_TRUE(near(tc[0], {-0.8f * s, 0.6f, -0.8f * c, 1}));
    EXPECT_TRUE(near(tc[1], {0.5f * c + 2 * s + 1, 1.75f, -0.5f * s + 2 * c + 3, 1}));
}

// CAMERASPACEREFLECTIONVECTOR: R = E - 2 (N . E) N, E the unit vector from the camera to the
// vertex (LOCALVIEWER) or (0, 0, 1).
TEST(FfVertexTexCoord, ReflectionVector) {
    FfScene scene = texScene();
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR);
    scene.setRenderState(D3DRS_LOCALVIEWER, 0);
    FfVertex v = texVertex();
    auto tc = expectReference(scene, v);
    EXPECT_TRUE(near(tc[0], {0, 0.96f, -0.28f, 1})); // E = (0, 0, 1), N . E = -0.8
    scene.setRenderState(D3DRS_LOCALVIEWER, 1);
    v.position = {0, 0, 5, 1};
    v.normal = {0, 0, -1, 0};
    tc = expectReference(scene, v);
    EXPECT_TRUE(near(tc[0], {0, 0, -1, 1}));
    v.position = {3, 0, 4, 1}; // E = (0.6, 0, 0.8), N . E = -0.8
    tc = expectReference(scene, v);
    EXPECT_TRUE(near(tc[0], {0.6f, 0, -0.8f, 1}));
}

// SPHEREMAP: u = Rx / m + 1/2, v = Ry / m + 1/2, m = 2 |R - (0, 0, 1)|.
TEST(FfVertexTexCoord, SphereMap) {
    FfScene scene = texScene();
    scene.setRenderState(D3DRS_LOCALVIEWER, 0);
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_SPHEREMAP);
    FfVertex v = texVertex();
    auto tc = expectReference(scene, v);
    EXPECT_TRUE(near(tc[0], {0.5f, 0.8f, 0, 1})); // R = (0, 0.96, -0.28), m = 3.2
    v.normal = {0, 0, -1, 0};                     // facing the camera: the centre
    tc = expectReference(scene, v);
    EXPECT_TRUE(near(tc[0], {0.5f, 0.5f, 0, 1}));
}

// COUNT2 on (u, v): the matrix sees (u, v, 1, 0), so row 3 (_31, _32) translates 2D coordinates.
TEST(FfVertexTexCoord, TransformPads2dCoordinatesWithOne) {
    FfScene scene = texScene();
    scene.setTransform(D3DTS_TEXTURE0, matrix({2, 0, 0, 0, 0, 3, 0, 0, 0.1f, 0.2f, 1, 0, 5, 6, 7, 1}));
    scene.setStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2);
    // 1D (u) becomes (u, 1, 0, 0): row 2 shows up.
    scene.setStageState(1, D3DTSS_TEXCOORDINDEX, 3);
    scene.setStageState(1, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3);
    scene.setTransform(D3DTS_TEXTURE1, matrix({1, 2, 3, 4, 0.5f, 0.25f, 0.125f, 8, 9, 9, 9, 9, 9, 9, 9, 9}));
    const auto tc = expectReference(scene, texVertex());
    EXPECT_TRUE(near(tc[0], {0.25f * 2 + 0.1f, 0.5f * 3 + 0.2f, 0, 0}));
    EXPECT_TRUE(near(tc[1], {0.7f + 0.5f, 1.4f + 0.25f, 2.1f + 0.125f, 0}));
}

// COUNT3 | PROJECTED on 3D coordinates, COUNT4 on 4D ones: the full product, unpadded for 4D.
TEST(FfVertexTexCoord, TransformCountsAndProjected) {
    FfScene scene = texScene();
    const D3DMATRIX m = matrix(
        {0.5f, 0.1f, 0.2f, 0.3f, -0.2f, 0.6f, 0.1f, 0.4f, 0.3f, 0.2f, 0.7f, 0.5f, 0.05f, 0.1f, 0.15f, 1});
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, 1);
    scene.setStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
    scene.setTransform(D3DTS_TEXTURE0, m);
    scene.setStageState(2, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
    scene.setTransform(D3DTS_TEXTURE2, m);
    scene.setStageState(6, D3DTSS_TEXCOORDINDEX, 1);
    scene.setStageState(6, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT1);
    scene.setTransform(D3DTS_TEXTURE6, m);
    const auto tc = expectReference(scene, texVertex());
    // (0.1, 0.2, 0.3, 1) * m
    const Float4 in3{0.1f, 0.2f, 0.3f, 1};
    Float4 out3{};
    for (int c = 0; c < 4; ++c)
        out3[c] = in3[0] * m.m[0][c] + in3[1] * m.m[1][c] + in3[2] * m.m[2][c] + in3[3] * m.m[3][c];
    EXPECT_TRUE(near(tc[0], {out3[0], out3[1], out3[2], 0}));
    EXPECT_TRUE(near(tc[6], in3)); // COUNT1: no transform, as Windows
    const Float4 in4{0.4f, 0.3f, 0.2f, 0.5f};
    Float4 out4{};
    for (int c = 0; c < 4; ++c)
        out4[c] = in4[0] * m.m[0][c] + in4[1] * m.m[1][c] + in4[2] * m.m[2][c] + in4[3] * m.m[3][c];
    EXPECT_TRUE(near(tc[2], out4));
}

// Generated coordinates go through the stage's transform too: projective texturing from the
// camera-space position.
TEST(FfVertexTexCoord, GeneratedCoordinatesAreTransformed) {
    FfScene scene = texScene();
    scene.setTransform(D3DTS_VIEW, translation(0, 0, 3));
    scene.setStageState(3, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEPOSITION);
    scene.setStageState(3, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
    scene.setTransform(D3DTS_TEXTURE3, matrix({0.5f, 0, 0, 0, 0, -0.5f, 0, 0, 0.5f, 0.5f, 0, 1, 0, 0, 0, 0}));
    scene.setStageState(5, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACENORMAL);
    scene.setStageState(5, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3);
    scene.setTransform(D3DTS_TEXTURE5, scaling(0.5f, 0.5f, 0.5f));
    const auto tc = expectReference(scene, texVertex());
    // camera (0.5, -0.25, 5, 1): (0.25 + 2.5, 0.125 + 2.5, 0, 5)
    EXPECT_TRUE(near(tc[3], {2.75f, 2.625f, 0, 5}));
    EXPECT_TRUE(near(tc[5], {0, 0.3f, -0.4f, 0}));
}

} // namespace
} // namespace ddivk::test::ffv
