#include "ff_vertex_fixture.h"

#include "ff_vertex_probe_frag.spv.h"
#include "ff_vertex_vert.spv.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>

namespace ddivk::test::ffv {

namespace abi = shader::abi;
using shader::ff::FfVertexKey;

namespace {

// Junk for inputs the format lacks: the shader must not read them.
constexpr Float4 kJunk{7.0f, -3.0f, 5.0f, 0.25f};

VertexAttribute attribute(uint32_t location, const Float4& value, uint32_t floats) {
    static constexpr VkFormat kFormats[] = {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
                                            VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT};
    VertexAttribute a;
    a.location = location;
    a.format = kFormats[floats - 1];
    a.stride = 4 * floats;
    a.data.resize(a.stride);
    std::memcpy(a.data.data(), value.data(), a.stride);
    return a;
}

} // namespace

FfScene::FfScene(uint32_t targetWidth, uint32_t targetHeight) : width(targetWidth), height(targetHeight) {
    state::DeviceDefaults defaults;
    defaults.width = width;
    defaults.height = height;
    state::setDefaults(state, defaults);
    // Probe projection: clip = (0, 0, 0.5, 1) whatever the camera-space position.
    setTransform(D3DTS_PROJECTION, matrix({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5f, 1}));
    key.add(abi::kFfInPosition);
}

void FfScene::setRenderStateF(uint32_t rs, float value) {
    state.renderStates[rs] = std::bit_cast<uint32_t>(value);
}

void FfScene::setTransform(uint32_t type, const D3DMATRIX& m) {
    state.transforms[state::transformIndex(type)] = m;
}

void FfScene::addLight(const D3DLIGHT9& light, bool enabled) {
    lights.push_back({uint32_t(lights.size()), enabled, light});
}

FfResult runVertex(const FfScene& scene, const FfVertex& v, uint32_t firstStage) {
    ShaderRun run;
    run.vertexSpirv.assign(std::begin(spv_ff_vertex_vert), std::end(spv_ff_vertex_vert));
    run.fragmentSpirv.assign(std::begin(spv_ff_vertex_probe_frag), std::end(spv_ff_vertex_probe_frag));

    const VkSpecializationMapEntry vertexEntries[] = {
        {shader::ff::kFfVertexSpecInputs, offsetof(FfVertexKey, inputs), sizeof(uint32_t)},
        {shader::ff::kFfVertexSpecTexCoordSizes, offsetof(FfVertexKey, texCoordSizes), sizeof(uint32_t)},
    };
    const VkSpecializationInfo vertexSpec{2, vertexEntries, sizeof(FfVertexKey), &scene.key};
    const VkSpecializationMapEntry fragmentEntry{0, 0, sizeof(uint32_t)};
    const VkSpecializationInfo fragmentSpec{1, &fragmentEntry, sizeof(uint32_t), &firstStage};
    run.vertexSpecialization = &vertexSpec;
    run.fragmentSpecialization = &fragmentSpec;

    run.vertexCount = 1;
    run.width = scene.width;
    run.height = scene.height;
    run.colorTargets = 8;

    const FfVertexKey& key = scene.key;
    auto add = [&](abi::FixedFunctionInput location, const Float4& value, uint32_t floats) {
        if (key.has(location))
            run.attributes.push_back(attribute(location, value, floats));
        else
            run.attributes.push_back(attribute(location, kJunk, 4));
    };
    add(abi::kFfInPosition, v.position, v.positionW ? 4 : 3);
    // Tweening feeds POSITION1 / NORMAL1 where the blend weights and indices go otherwise.
    if (scene.state.renderStates[D3DRS_VERTEXBLEND] == D3DVBF_TWEENING) {
        add(abi::kFfInPosition1, v.position1, 3);
        add(abi::kFfInNormal1, v.normal1, 3);
    } else {
        add(abi::kFfInBlendWeight, v.blendWeight, 3);
        add(abi::kFfInBlendIndices, v.blendIndices, 4);
    }
    add(abi::kFfInNormal, v.normal, 3);
    add(abi::kFfInPointSize, {v.pointSize, 0, 0, 0}, 1);
    add(abi::kFfInDiffuse, v.diffuse, 4);
    add(abi::kFfInSpecular, v.specular, 4);
    for (uint32_t set = 0; set < 8; ++set)
        add(abi::FixedFunctionInput(abi::kFfInTexCoord0 + set), v.texCoord[set], key.texCoordFloats(set));

    const shader::ff::FfVertexState packed = shader::ff::packFfVertexState(scene.state, scene.lights, key);
    run.ffVertexState.resize(sizeof(packed));
    std::memcpy(run.ffVertexState.data(), &packed, sizeof(packed));

    const ShaderRunResult out = runShaders(run);
    FfResult result;
    for (uint32_t y = 0; y < out.height; ++y)
        for (uint32_t x = 0; x < out.width; ++x)
            if (out.pixel(x, y, 2)[3] == 1.0f) result.covered.push_back({x, y});
    if (result.covered.empty()) return result;
    const Pixel p = result.covered.front();
    result.color0 = out.pixel(p.x, p.y, 0);
    result.color1 = out.pixel(p.x, p.y, 1);
    const Float4 fogDepth = out.pixel(p.x, p.y, 2);
    result.fog = fogDepth[0];
    result.depth = fogDepth[1];
    result.rhw = fogDepth[2];
    for (uint32_t i = 0; i < 5; ++i)
        result.texCoord[firstStage + i] = out.pixel(p.x, p.y, 3 + i);
    return result;
}

D3DMATRIX matrix(std::array<float, 16> rowMajor) {
    D3DMATRIX m;
    std::memcpy(m.m, rowMajor.data(), sizeof(m.m));
    return m;
}

D3DMATRIX translation(float x, float y, float z) {
    return matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1});
}

D3DMATRIX scaling(float x, float y, float z) {
    return matrix({x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1});
}

D3DMATRIX rotationY(float a) {
    const float c = std::cos(a), s = std::sin(a);
    return matrix({c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1});
}

D3DMATRIX rotationX(float a) {
    const float c = std::cos(a), s = std::sin(a);
    return matrix({1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1});
}

D3DMATRIX multiply(const D3DMATRIX& a, const D3DMATRIX& b) {
    D3DMATRIX r{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 4; ++k)
                r.m[i][j] += a.m[i][k] * b.m[k][j];
    return r;
}

D3DLIGHT9 directionalLight(D3DVECTOR direction, D3DCOLORVALUE diffuse) {
    D3DLIGHT9 l{};
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Direction = direction;
    l.Diffuse = diffuse;
    return l;
}

D3DLIGHT9 pointLight(D3DVECTOR position, D3DCOLORVALUE diffuse, float range, float a0, float a1, float a2) {
    D3DLIGHT9 l{};
    l.Type = D3DLIGHT_POINT;
    l.Position = position;
    l.Diffuse = diffuse;
    l.Range = range;
    l.Attenuation0 = a0;
    l.Attenuation1 = a1;
    l.Attenuation2 = a2;
    return l;
}

D3DMATERIAL9 material(D3DCOLORVALUE diffuse, D3DCOLORVALUE ambient, D3DCOLORVALUE specular,
                      D3DCOLORVALUE emissive, float power) {
    return {diffuse, ambient, specular, emissive, power};
}

::testing::AssertionResult near(float actual, float expected) {
    const float tolerance = std::max(kAbsTolerance, kRelTolerance * std::fabs(expected));
    if (std::fabs(actual - expected) <= tolerance) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "got " << actual << ", expected " << expected << " (+-" << tolerance << ")";
}

::testing::AssertionResult near(const Float4& actual, const Float4& expected) {
    for (int i = 0; i < 4; ++i)
        if (!near(actual[i], expected[i]))
            return ::testing::AssertionFailure()
                   << "got (" << actual[0] << ", " << actual[1] << ", " << actual[2] << ", " << actual[3]
                   << "), expected (" << expected[0] << ", " << expected[1] << ", " << expected[2] << ", "
                   << expected[3] << "), component " << i << " off";
    return ::testing::AssertionSuccess();
}

} // namespace ddivk::test::ffv
