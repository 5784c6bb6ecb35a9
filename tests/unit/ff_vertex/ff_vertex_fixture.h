// Runs shaders/ff_vertex.vert on single vertices through runShaders (tests/support) with the
// probe fragment shader ff_vertex_probe.frag, and reads back what it output.
//
// An FfScene holds the D3D9 state (documented defaults, plus a "probe" projection that puts
// every vertex at clip (0, 0, 0.5, 1), the centre of pixel (W/2, H/2) of an even-sized target)
// and the vertex format key. Tests that check positions set a real projection and a bigger target.
#pragma once

#include "shader/ff/ff_vertex_state.h"
#include "state/device_state.h"
#include "state/lights.h"
#include "support/shader_runner.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace ddivk::test::ffv {

// One vertex's inputs. Inputs the scene's key lacks are fed with junk, which the shader must
// ignore.
struct FfVertex {
    Float4 position{0, 0, 0, 1};
    bool positionW = false; // feed position as xyzw (D3DFVF_XYZW) instead of xyz
    Float4 blendWeight{0, 0, 0, 0};
    Float4 blendIndices{0, 0, 0, 0};
    Float4 normal{0, 0, 0, 0};
    Float4 position1{0, 0, 0, 1}; // D3DVBF_TWEENING's POSITION1 and NORMAL1 (xyz each)
    Float4 normal1{0, 0, 0, 0};
    float pointSize = 0.0f;
    Float4 diffuse{0, 0, 0, 0};
    Float4 specular{0, 0, 0, 0};
    std::array<Float4, 8> texCoord{};
};

struct Pixel {
    uint32_t x, y;
};

// What the point wrote: the covered pixels, and the outputs read at the first of them.
struct FfResult {
    std::vector<Pixel> covered;
    Float4 color0{}, color1{};
    float fog = 0, depth = 0, rhw = 0; // FOG.x, z / w, 1 / w
    std::array<Float4, 8> texCoord{};  // the stages read back (see runVertex)
};

struct FfScene {
    state::DeviceState state{};
    std::vector<state::LightEntry> lights;
    shader::ff::FfVertexKey key;
    uint32_t width = 2, height = 2;

    // Documented defaults (viewport = the target), probe projection, key: position only.
    explicit FfScene(uint32_t targetWidth = 2, uint32_t targetHeight = 2);

    void setRenderState(uint32_t rs, uint32_t value) { state.renderStates[rs] = value; }
    void setRenderStateF(uint32_t rs, float value);
    void setTransform(uint32_t type, const D3DMATRIX& m);
    void setStageState(uint32_t stage, uint32_t type, uint32_t value) {
        state.textureStageStates[stage][type] = value;
    }
    void addLight(const D3DLIGHT9& light, bool enabled = true);
};

// Draws `v` as one point. Texture coordinates of stages firstStage..firstStage + 4 come back
// (firstStage <= 3). Every input location gets an attribute (the shader reads them all).
FfResult runVertex(const FfScene& scene, const FfVertex& v, uint32_t firstStage = 0);

// Matrices and lights for tests.
D3DMATRIX matrix(std::array<float, 16> rowMajor);
D3DMATRIX translation(float x, float y, float z);
D3DMATRIX scaling(float x, float y, float z);
D3DMATRIX rotationY(float radians); // D3DXMatrixRotationY
D3DMATRIX rotationX(float radians);
D3DMATRIX multiply(const D3DMATRIX& a, const D3DMATRIX& b); // a then b (row vectors)
D3DLIGHT9 directionalLight(D3DVECTOR direction, D3DCOLORVALUE diffuse);
D3DLIGHT9 pointLight(D3DVECTOR position, D3DCOLORVALUE diffuse, float range, float a0, float a1, float a2);
D3DMATERIAL9 material(D3DCOLORVALUE diffuse, D3DCOLORVALUE ambient, D3DCOLORVALUE specular,
                      D3DCOLORVALUE emissive, float power);

// The tolerance every comparison uses: 1e-4 relative, 1e-5 absolute near zero.
constexpr float kRelTolerance = 1e-4f;
constexpr float kAbsTolerance = 1e-5f;
::testing::AssertionResult near(float actual, float expected);
::testing::AssertionResult near(const Float4& actual, const Float4& expected);

} // namespace ddivk::test::ffv
