// The vertex input of one draw: which declaration element feeds each vertex program input, and
// how: a Vulkan vertex attribute (per vertex, or per instance with a divisor) or the vertex
// shader's own fetch (shader/abi.h, VsFetch), following D3D9's stream frequency rules
// (docs/stream-frequency.md). Pure logic: the caller reads the state and the caps, then binds
// and draws what the plan says.
//
// How the caller draws a plan:
// - vkCmdDraw* with firstVertex = the draw's StartVertex (not folded into the stream offsets;
//   the divided fetch counts from it), firstInstance 0, and instanceCount (DrawLoop: instanceCount
//   draws of one instance each).
// - Stream s of vertexStreams: Vulkan binding s at the stream's data + offset (a base aligned to
//   at least 4 bytes). An instance-rate binding with divisor != 1 needs a
//   VkVertexInputBindingDivisorDescriptionEXT; divisor 1 is core Vulkan.
// - Stream s of fetchStreams: a storage buffer at abi::kFetchStreamBinding0 + s; the caller adds
//   to fetchBlock.streams[s].offset wherever the descriptor starts before the stream's data.
// - missingInputs: locations the caller feeds with zero defaults.
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "ddivk/dp2_payloads.h"
#include "shader/abi.h"
#include "shader/translate/translator.h"

namespace ddivk::draw {

constexpr uint32_t kStreamCount = 16;

// A vertex program input: its location (the input register) and its semantic (D3DDECLUSAGE).
struct ProgramInput {
    uint8_t location;
    uint8_t usage;
    uint8_t usageIndex;
};

// One stream source as the draw sees it.
struct StreamState {
    uint32_t stride = 0;
    uint32_t offset = 0;    // bytes (StreamOffset)
    uint32_t frequency = 1; // the raw SetStreamSourceFreq value: D3DSTREAMSOURCE_* flags | count
};

struct VertexInputRequest {
    std::span<const D3DVERTEXELEMENT9> elements; // the declaration, without its end marker
    std::span<const ProgramInput> inputs;        // what the vertex program reads
    uint32_t vertexShaderMajor = 0;              // 0: fixed function; else 1..3
    bool programCanFetch = false;                // a translated shader (fixed function cannot fetch)
    bool indexed = false;
    uint32_t startVertex = 0; // non-indexed draws: the first vertex
    std::array<StreamState, kStreamCount> streams{};
};

struct VertexInputCaps {
    bool instanceDivisor = false;    // vertexAttributeInstanceRateDivisor
    uint32_t maxDivisor = 0;         // maxVertexAttribDivisor
    bool forceFetchFallback = false; // DDIVK_FORCE_VERTEX_FETCH_FALLBACK=1 (the caller reads the env)
    bool dividerMode = true;         // the divider mode of vs_3_0 on (default) or switched off
};

// How the streams of per-instance data reach the program.
enum class InstancingPath : uint8_t {
    None,        // no input reads per-instance data
    Divisor,     // instance-rate bindings (divisor > 1: VK_EXT_vertex_attribute_divisor)
    ShaderFetch, // the shader fetches them at InstanceIndex / divisor
    DrawLoop,    // one draw per instance; the caller moves their offsets (loopStreams)
};

struct VertexInputPlan {
    uint32_t instanceCount = 1;
    InstancingPath instancing = InstancingPath::None;
    bool dividerModeUsed = false; // a plain divider is honoured (fetched in divided mode)
    bool dividerIgnored = false;  // a plain divider > 1 is ignored (indexed, vs < 3, off, no fetch)

    struct Binding {
        uint32_t binding; // the stream number
        uint32_t stride;  // 0 for a DrawLoop stream (every vertex of an instance reads one element)
        VkVertexInputRate rate;
        uint32_t divisor; // per-instance streams: the D3D9 divisor (DrawLoop too); else 1
        bool operator==(const Binding&) const = default;
    };
    std::array<Binding, kStreamCount> bindings{};
    uint32_t bindingCount = 0;

    struct Attribute {
        uint32_t location;
        uint32_t binding;
        uint32_t offset; // the element's offset (the stream offset is the binding's)
        VkFormat format;
        bool operator==(const Attribute&) const = default;
    };
    std::array<Attribute, 16> attributes{}; // in location order
    uint32_t attributeCount = 0;

    uint16_t vertexStreams = 0; // bit s: stream s is Vulkan binding s
    uint16_t fetchStreams = 0;  // bit s: the shader fetches stream s
    uint16_t loopStreams = 0;   // DrawLoop: instance i binds stream s at offset + i / divisor * stride
    uint16_t missingInputs = 0; // bit = location: no element feeds it
    uint16_t wIsOneInputs = 0;  // for TranslationKey::inputWIsOne
    std::array<shader::TranslationKey::FetchElement, 16> fetch{}; // for TranslationKey::fetch
    shader::abi::VsFetch fetchBlock{};                            // the VsFetch uniform block
};

// The plan of one draw, or nullopt when the draw cannot be fed (a declaration element of a bad
// stream or type, an input location above 15, or a misaligned attribute the program cannot
// fetch): the caller answers D3DERR_INVALIDCALL and logs `why` (a static string).
std::optional<VertexInputPlan> planVertexInput(const VertexInputRequest& request, const VertexInputCaps& caps,
                                               const char** why = nullptr);

} // namespace ddivk::draw
