// Transforms: v * World * View * Projection (row vectors, D3DMATRIX rows), vertex blending with
// 1..3 weights and indexed blending, normal transforms. Positions are checked where the point
// lands (pixel, z / w, 1 / w) and, exactly, through the camera-space position / normal that
// D3DTSS_TCI_CAMERASPACEPOSITION / CAMERASPACENORMAL hand to texture coordinate 0.
#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"

#include <cmath>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

// D3DXMatrixPerspectiveFovLH: z in [0, 1], w = camera z.
D3DMATRIX perspective(float fovY, float aspect, float zn, float zf) {
    const float ys = 1.0f / std::tan(fovY / 2), xs = ys / aspect, q = zf / (zf - zn);
    return matrix({xs, 0, 0, 0, 0, ys, 0, 0, 0, 0, q, 1, 0, 0, -zn * q, 0});
}

// Camera position and normal of a vertex: texture stages 0 and 1 generate them.
void generateCameraSpace(FfScene& scene) {
    scene.setStageState(0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEPOSITION);
    scene.setStageState(1, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACENORMAL | 1);
}

void expectPosition(const FfScene& scene, const FfVertex& v) {
    const Reference ref = referenceVertex(scene, v);
    const FfResult r = runVertex(scene, v);
    ASSERT_EQ(r.covered.size(), 1u);
    const Pixel p = referencePixel(scene, ref.clip);
    EXPECT_EQ(r.covered[0].x, p.x);
    EXPECT_EQ(r.covered[0].y, p.y);
    EXPECT_TRUE(near(r.depth, ref.clip[2] / ref.clip[3]));
    EXPECT_TRUE(near(r.rhw, 1.0f / ref.clip[3]));
    EXPECT_TRUE(near(r.texCoord[0], ref.texCoord[0])) << "camera-space position";
    EXPECT_TRUE(near(r.texCoord[1], ref.texCoord[1])) << "camera-space normal";
}

TEST(FfVertexTransform, WorldViewProjectionPlaceTheVertex) {
    FfScene scene(16, 16);
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.setTransform(D3DTS_WORLD, multiply(rotationY(0.3f), translation(0.4f, -0.2f, 1.0f)));
    scene.setTransform(D3DTS_VIEW, multiply(translation(0, 0, 2.0f), rotationX(0.1f)));
    scene.setTransform(D3DTS_PROJECTION, perspective(1.0f, 1.0f, 0.5f, 20.0f));
    for (const Float4 position :
         {Float4{0.1f, 0.2f, 0.3f, 1}, Float4{-0.7f, 0.45f, 1.3f, 1}, Float4{0.5f, -0.6f, -0.8f, 1}}) {
        FfVertex v;
        v.position = position;
        SCOPED_TRACE(position[0]);
        expectPosition(scene, v);
    }
}

// D3DFVF_XYZW: the position's w goes through the matrices too.
TEST(FfVertexTransform, PositionWTakesPart) {
    FfScene scene(16, 16);
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.setTransform(D3DTS_WORLD, translation(0.5f, 0.25f, 1.0f));
    scene.setTransform(D3DTS_PROJECTION, perspective(1.2f, 1.0f, 0.5f, 20.0f));
    FfVertex v;
    v.position = {0.3f, -0.2f, 1.5f, 2.0f};
    v.positionW = true;
    expectPosition(scene, v);
}

// "Geometry Blending": n weights blend n + 1 world matrices; the last weight is 1 - the others.
TEST(FfVertexTransform, VertexBlendingWithOneTwoAndThreeWeights) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.key.add(abi::kFfInBlendWeight);
    scene.key.add(abi::kFfInNormal);
    scene.setTransform(D3DTS_WORLDMATRIX(0), translation(1, 0, 0));
    scene.setTransform(D3DTS_WORLDMATRIX(1), multiply(rotationY(0.7f), translation(0, 2, 0)));
    scene.setTransform(D3DTS_WORLDMATRIX(2), multiply(rotationX(-0.4f), translation(0, 0, 3)));
    scene.setTransform(D3DTS_WORLDMATRIX(3), translation(-4, 1, 1));
    scene.setTransform(D3DTS_VIEW, translation(0, 0, 5));
    FfVertex v;
    v.position = {0.5f, 0.25f, -0.5f, 1};
    v.normal = {0, 0.6f, -0.8f, 0};
    v.blendWeight = {0.5f, 0.3f, 0.15f, 0};
    for (const uint32_t blend : {D3DVBF_1WEIGHTS, D3DVBF_2WEIGHTS, D3DVBF_3WEIGHTS}) {
        scene.setRenderState(D3DRS_VERTEXBLEND, blend);
        SCOPED_TRACE(blend);
        expectPosition(scene, v);
    }
    // By hand, 1 weight: 0.5 * (p + (1,0,0)) + 0.5 * (p * rotationY(0.7) + (0,2,0)), + (0,0,5).
    scene.setRenderState(D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    const float c = std::cos(0.7f), s = std::sin(0.7f);
    const FfResult r = runVertex(scene, v);
    EXPECT_TRUE(
        near(r.texCoord[0], {0.75f + 0.25f * c - 0.25f * s, 1.25f, -0.25f - 0.25f * s - 0.25f * c + 5, 1}));
}

// "Indexed Vertex Blending": matrix k of a vertex is WORLDMATRIX(blend index k).
TEST(FfVertexTransform, IndexedVertexBlending) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.key.add(abi::kFfInBlendWeight);
    scene.key.add(abi::kFfInBlendIndices);
    scene.key.add(abi::kFfInNormal);
    for (uint32_t i = 0; i < 8; ++i)
        scene.setTransform(D3DTS_WORLDMATRIX(i),
                           multiply(rotationY(0.2f * float(i)), translation(float(i), 0, 0)));
    scene.setRenderState(D3DRS_INDEXEDVERTEXBLENDENABLE, 1);
    FfVertex v;
    v.position = {0.5f, 0.25f, -0.5f, 1};
    v.normal = {0.6f, 0, 0.8f, 0};
    v.blendWeight = {0.25f, 0.5f, 0, 0};
    v.blendIndices = {5, 2, 7, 0};
    scene.setRenderState(D3DRS_VERTEXBLEND, D3DVBF_2WEIGHTS);
    expectPosition(scene, v);
    // 0WEIGHTS: one matrix, WORLDMATRIX(blend index 0), weight 1.
    scene.setRenderState(D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    const FfResult r = runVertex(scene, v);
    EXPECT_TRUE(near(r.texCoord[0], {0.5f * std::cos(1.0f) - 0.5f * std::sin(1.0f) + 5, 0.25f,
                                     -0.5f * std::sin(1.0f) - 0.5f * std::cos(1.0f), 1}));
}

// "Vertex Tweening": POSITION = POSITION1 * (1.0 - TWEENFACTOR) + POSITION2 * TWEENFACTOR, "the
// same approach is used for calculating normals", then the one world matrix as usual. At the
// ends of the factor's range one position or the other is drawn as it is.
TEST(FfVertexTransform, TweeningBlendsTheTwoPositionsAndNormals) {
    FfScene scene(16, 16);
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.setRenderState(D3DRS_VERTEXBLEND, D3DVBF_TWEENING);
    scene.setRenderState(D3DRS_INDEXEDVERTEXBLENDENABLE, 1); // no effect on tweening
    scene.key.add(abi::kFfInNormal);
    scene.key.add(abi::kFfInPosition1);
    scene.key.add(abi::kFfInNormal1);
    scene.setTransform(D3DTS_WORLD, multiply(rotationY(0.3f), translation(0.2f, -0.1f, 1.0f)));
    scene.setTransform(D3DTS_PROJECTION, perspective(1.0f, 1.0f, 0.5f, 20.0f));
    FfVertex v;
    v.position = {-0.4f, 0.3f, 0.5f, 1};
    v.position1 = {0.3f, -0.2f, 1.5f, 1};
    v.normal = {0, 0, -1, 0};
    v.normal1 = {0.6f, 0.8f, 0, 0};
    for (const float factor : {0.0f, 0.25f, 0.7f, 1.0f}) {
        scene.setRenderStateF(D3DRS_TWEENFACTOR, factor);
        SCOPED_TRACE(factor);
        expectPosition(scene, v);
    }
    // At 0.25 the camera-space position (world only: VIEW is the identity) is the world matrix
    // applied to (0.75 p0 + 0.25 p1) = (-0.225, 0.175, 0.75), worked out here directly.
    scene.setRenderStateF(D3DRS_TWEENFACTOR, 0.25f);
    const FfResult r = runVertex(scene, v);
    const float c = std::cos(0.3f), s = std::sin(0.3f);
    const float x = -0.225f, y = 0.175f, z = 0.75f; // rotationY: x' = x c + z s, z' = z c - x s
    EXPECT_TRUE(near(r.texCoord[0][0], x * c + z * s + 0.2f));
    EXPECT_TRUE(near(r.texCoord[0][1], y - 0.1f));
    EXPECT_TRUE(near(r.texCoord[0][2], z * c - x * s + 1.0f));
    // Without POSITION1 / NORMAL1 in the format the first ones are used as they are.
    scene.key = {};
    scene.key.add(abi::kFfInNormal);
    const FfResult alone = runVertex(scene, v);
    FfScene plain = scene;
    plain.setRenderState(D3DRS_VERTEXBLEND, D3DVBF_DISABLE);
    const FfResult untweened = runVertex(plain, v);
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(near(alone.texCoord[0][i], untweened.texCoord[0][i]));
        EXPECT_TRUE(near(alone.texCoord[1][i], untweened.texCoord[1][i]));
    }
}

// Normals go through the inverse transpose of World * View; NORMALIZENORMALS rescales them to
// unit length afterwards, without it a scaled world leaves them scaled.
TEST(FfVertexTransform, NormalsUseTheInverseTransposeAndNormalizeOnRequest) {
    FfScene scene;
    scene.setRenderState(D3DRS_LIGHTING, 0);
    generateCameraSpace(scene);
    scene.key.add(abi::kFfInNormal);
    scene.setTransform(D3DTS_WORLD, scaling(2, 1, 0.5f));
    FfVertex v;
    v.normal = {0.6f, 0.8f, 0, 0};
    FfResult r = runVertex(scene, v);
    EXPECT_TRUE(near(r.texCoord[1], {0.3f, 0.8f, 0, 1})); // x / 2, y / 1, z / 0.5
    expectPosition(scene, v);
    scene.setRenderState(D3DRS_NORMALIZENORMALS, 1);
    r = runVertex(scene, v);
    const float l = std::sqrt(0.3f * 0.3f + 0.8f * 0.8f);
    EXPECT_TRUE(near(r.texCoord[1], {0.3f / l, 0.8f / l, 0, 1}));
}

} // namespace
} // namespace ddivk::test::ffv
