// Point size ("Point Sprites"): the vertex's PSIZE or D3DRS_POINTSIZE; with POINTSCALEENABLE
// Ss = Vh * Si * sqrt(1 / (A + B * De + C * De^2)) (Vh the viewport height, De the camera-space
// distance); then clamped to [POINTSIZE_MIN, POINTSIZE_MAX]. Measured as the pixels an odd-sized
// point centred on a pixel covers.
#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

uint32_t coveredPixels(const FfScene& scene, const FfVertex& v) {
    const Reference ref = referenceVertex(scene, v);
    const FfResult r = runVertex(scene, v);
    EXPECT_EQ(r.covered.size(), uint32_t(ref.pointSize * ref.pointSize))
        << "reference size " << ref.pointSize;
    return uint32_t(r.covered.size());
}

FfScene pointScene() {
    FfScene scene(10, 10); // the probe projection puts the point on the centre of pixel (5, 5)
    scene.setRenderState(D3DRS_LIGHTING, 0);
    return scene;
}

TEST(FfVertexPoint, SizeFromRenderStateOrVertex) {
    FfScene scene = pointScene();
    scene.setRenderStateF(D3DRS_POINTSIZE, 3);
    EXPECT_EQ(coveredPixels(scene, FfVertex{}), 9u);
    scene.key.add(abi::kFfInPointSize);
    FfVertex v;
    v.pointSize = 5;
    EXPECT_EQ(coveredPixels(scene, v), 25u);
}

TEST(FfVertexPoint, ScaleWithDistance) {
    FfScene scene = pointScene();
    scene.setRenderState(D3DRS_POINTSCALEENABLE, 1);
    scene.setRenderStateF(D3DRS_POINTSIZE, 1);
    scene.setRenderStateF(D3DRS_POINTSCALE_A, 0);
    scene.setRenderStateF(D3DRS_POINTSCALE_B, 0);
    scene.setRenderStateF(D3DRS_POINTSCALE_C, 1);
    FfVertex v;
    v.position = {0, 0, 2, 1}; // 10 * 1 * sqrt(1 / 4) = 5
    EXPECT_EQ(coveredPixels(scene, v), 25u);
    scene.setRenderStateF(D3DRS_POINTSCALE_A, 4);
    scene.setRenderStateF(D3DRS_POINTSCALE_B, 3.5f);
    scene.setRenderStateF(D3DRS_POINTSCALE_C, 0.5f);
    scene.setTransform(D3DTS_VIEW, translation(0, 0, 2)); // De = 4: 10 / sqrt(4 + 14 + 8) ~ 1.96
    scene.setRenderStateF(D3DRS_POINTSIZE, 1.53f);        // ~ 3.0006
    v.position = {0, 0, 2, 1};
    EXPECT_EQ(coveredPixels(scene, v), 9u);
}

TEST(FfVertexPoint, ClampedToMinAndMax) {
    FfScene scene = pointScene();
    scene.setRenderStateF(D3DRS_POINTSIZE, 20);
    scene.setRenderStateF(D3DRS_POINTSIZE_MAX, 7);
    EXPECT_EQ(coveredPixels(scene, FfVertex{}), 49u);
    scene.setRenderStateF(D3DRS_POINTSIZE, 0.25f);
    scene.setRenderStateF(D3DRS_POINTSIZE_MIN, 3);
    EXPECT_EQ(coveredPixels(scene, FfVertex{}), 9u);
}

} // namespace
} // namespace ddivk::test::ffv
