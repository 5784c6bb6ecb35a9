// Runs a vertex + fragment SPIR-V pair that follows the shader ABI (src/shader/abi.h) on the
// shared Vulkan device and reads the result back: the harness of the shader conformance and
// fixed-function tests.
//
//   ShaderRun run;
//   run.vertexSpirv = ...; run.fragmentSpirv = ...;
//   run.vertexCount = 3;
//   run.attributes.push_back(VertexAttribute::floats(0, {{x, y, z, 1}, ...}));
//   run.vsConstants.f[0][0] = 1.0f;
//   ShaderRunResult result = runShaders(run);
//   result.pixel(x, y) -> std::array<float, 4>
//
// The target is `width` x `height` R32G32B32A32_SFLOAT (oC0; more targets with `colorTargets`),
// cleared to `clearColor`. The viewport follows the ABI's D3D9 mapping: x offset by +0.5 pixel,
// y flipped (x = 0.5, y = height + 0.5, width, -height), so clip (x, y) = (2i/W - 1, 1 - 2j/H)
// lands on the centre of pixel (i, j); pointCentre() computes it. No culling, no blending.
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "shader/abi.h"

namespace ddivk::test {

using Float4 = std::array<float, 4>;

// One vertex attribute: `format` read from `data` with `stride` bytes per vertex.
struct VertexAttribute {
    uint32_t location = 0;
    VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT;
    uint32_t stride = 16;
    std::vector<uint8_t> data;

    static VertexAttribute floats(uint32_t location, const std::vector<Float4>& values) {
        VertexAttribute a;
        a.location = location;
        a.data.resize(values.size() * 16);
        std::memcpy(a.data.data(), values.data(), a.data.size());
        return a;
    }
};

// A texture bound to a combined-image-sampler binding of the ABI. `data` holds every
// subresource tightly packed, layer (cube face) by layer, mip by mip within a layer.
struct RunTexture {
    uint32_t binding = shader::abi::kPsSamplerBinding0;
    VkImageViewType viewType = VK_IMAGE_VIEW_TYPE_2D; // 2D, CUBE or 3D
    VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT;
    uint32_t width = 1, height = 1, depth = 1;
    uint32_t mipLevels = 1;
    std::vector<uint8_t> data;
    VkFilter filter = VK_FILTER_NEAREST;
    VkSamplerMipmapMode mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    VkSamplerAddressMode addressMode = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    bool compare = false; // a depth-compare sampler (LESS_OR_EQUAL), for shadow lookups
    VkComponentMapping swizzle{}; // of the image view (identity by default)
};

struct ShaderRun {
    std::vector<uint32_t> vertexSpirv;
    std::vector<uint32_t> fragmentSpirv;
    const VkSpecializationInfo* vertexSpecialization = nullptr;
    const VkSpecializationInfo* fragmentSpecialization = nullptr;

    VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    uint32_t vertexCount = 0;
    std::vector<VertexAttribute> attributes;

    uint32_t width = 16, height = 1;
    uint32_t colorTargets = 1; // oC0..oC(n-1), all R32G32B32A32_SFLOAT
    Float4 clearColor{0, 0, 0, 0};
    bool depthTarget = false; // a D32_SFLOAT target cleared to 1, test ALWAYS, writes on
    VkFrontFace frontFace = VK_FRONT_FACE_CLOCKWISE;

    // Contents of the ABI's uniform buffers (zero unless set).
    shader::abi::VsConstants vsConstants{};
    shader::abi::PsConstants psConstants{};
    shader::abi::VsSystem vsSystem{1.0f, 1.0f, 64.0f, 0, {}};
    shader::abi::PsSystem psSystem{};
    std::vector<uint8_t> ffVertexState; // kFfVertexBinding (at least 16 bytes are bound)
    std::vector<uint8_t> ffPixelState;  // kFfPixelBinding

    std::vector<RunTexture> textures;

    // Vertex fetch (abi.h): the VsFetch block at kVsFetchBinding (always bound, zero unless
    // set) and storage buffers at kFetchStreamBinding0 + stream.
    shader::abi::VsFetch vsFetch{};
    struct StorageBuffer {
        uint32_t binding = shader::abi::kFetchStreamBinding0;
        std::vector<uint8_t> data;
    };
    std::vector<StorageBuffer> storageBuffers;
    uint32_t instanceCount = 1;
    uint32_t firstVertex = 0;
};

struct ShaderRunResult {
    uint32_t width = 0, height = 0;
    std::vector<std::vector<Float4>> targets; // [target][y * width + x]
    std::vector<float> depth;                 // when depthTarget

    const Float4& pixel(uint32_t x, uint32_t y = 0, uint32_t target = 0) const {
        return targets[target][y * width + x];
    }
};

// Creates the pipeline and resources, draws once, waits, reads back. Vulkan errors throw
// vk::Error; validation messages fail the test through the listener as everywhere.
ShaderRunResult runShaders(const ShaderRun& run);

// Clip-space position (w = 1, z = 0.5) that lands on the centre of pixel (x, y).
Float4 pointCentre(uint32_t x, uint32_t y, uint32_t width, uint32_t height);

} // namespace ddivk::test
