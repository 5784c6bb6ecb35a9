// The rules, each named as its test in tests/unit/draw/stream_plan_test.cpp:
// - HardwareInstancing (SDK "Efficiently Drawing Multiple Instances of Geometry"): an indexed
//   draw with stream 0 at D3DSTREAMSOURCE_INDEXEDDATA | n draws n instances; a stream at
//   INSTANCEDATA | d advances every d instances.
// - NonIndexedDrawsIgnoreInstancing: the flags only mean something to indexed draws.
// - DividerMode (spec/vertex-stream-frequency.md): a plain divider N advances the stream every
//   N vertices, for non-indexed draws with vs_3_0; otherwise it is ignored.
// - Semantics: an input reads the element of its usage and index; unread elements are not bound.
// - Alignment: Vulkan attribute addresses are multiples of the component size.
// - WholeStreams: a stream is all attributes or all fetched.
// - WIsOne: attributes of UDEC3 and DEC3N need the shader to set w (fetched inputs set it).
// - StrideZero: legal; every vertex reads the same element.
#include "draw/stream_plan.h"

#include <algorithm>

#include "ddivk/d3d9_enums.h"
#include "draw/vertex_decl.h"

namespace ddivk::draw {
namespace {

namespace abi = shader::abi;

constexpr uint32_t kFlagBits = D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA;

// The count in the low bits of a SetStreamSourceFreq value; 0 reads as 1, as the fetch does.
uint32_t countOf(uint32_t frequency) {
    return std::max<uint32_t>(frequency & ~kFlagBits, 1);
}

// How a stream advances in this draw, and whether the shader fetches it.
struct StreamFeed {
    abi::FetchMode mode = abi::kFetchPerVertex; // also for attribute streams: their rate
    uint32_t divider = 1;
    bool fetched = false;
};

// HardwareInstancing, NonIndexedDrawsIgnoreInstancing, DividerMode: the stream's rate.
StreamFeed feedOf(uint32_t frequency, const VertexInputRequest& r, const VertexInputCaps& caps,
                  bool& dividerIgnored) {
    const uint32_t count = countOf(frequency);
    if (r.indexed && (frequency & D3DSTREAMSOURCE_INSTANCEDATA)) return {abi::kFetchPerInstance, count};
    if ((frequency & kFlagBits) || count == 1) return {};
    if (!r.indexed && r.vertexShaderMajor >= 3 && caps.dividerMode && r.programCanFetch)
        return {abi::kFetchDivided, count, true};
    dividerIgnored = true; // indexed, before vs_3_0, switched off, or a program that cannot fetch
    return {};
}

// HardwareInstancing: the path of the per-instance streams. Divisor 1 is core Vulkan.
InstancingPath instancingPath(const std::array<StreamFeed, kStreamCount>& feeds, uint16_t used,
                              const VertexInputRequest& r, const VertexInputCaps& caps) {
    bool any = false, attributes = !caps.forceFetchFallback;
    for (uint32_t s = 0; s < kStreamCount; ++s) {
        if (!(used >> s & 1) || feeds[s].mode != abi::kFetchPerInstance) continue;
        any = true;
        const uint32_t d = feeds[s].divider;
        if (d != 1 && !(caps.instanceDivisor && d <= caps.maxDivisor)) attributes = false;
    }
    if (!any) return InstancingPath::None;
    if (attributes) return InstancingPath::Divisor;
    return r.programCanFetch ? InstancingPath::ShaderFetch : InstancingPath::DrawLoop;
}

} // namespace

std::optional<VertexInputPlan> planVertexInput(const VertexInputRequest& r, const VertexInputCaps& caps,
                                               const char** why) {
    auto fail = [why](const char* reason) {
        if (why) *why = reason;
        return std::nullopt;
    };
    VertexInputPlan plan;

    // Semantics: each input reads the element of its usage and index; the rest are not bound.
    std::array<const D3DVERTEXELEMENT9*, 16> source{};
    uint16_t used = 0;
    for (const ProgramInput& in : r.inputs) {
        if (in.location >= source.size()) return fail("vertex input location above 15");
        const auto e = std::find_if(r.elements.begin(), r.elements.end(), [&](const D3DVERTEXELEMENT9& x) {
            return x.Usage == in.usage && x.UsageIndex == in.usageIndex;
        });
        if (e == r.elements.end()) {
            plan.missingInputs |= uint16_t(1u << in.location);
            continue;
        }
        if (e->Stream >= kStreamCount || !declTypeInfo(e->Type))
            return fail("declaration element of a bad stream or type");
        source[in.location] = &*e;
        used |= uint16_t(1u << e->Stream);
    }

    std::array<StreamFeed, kStreamCount> feeds{};
    for (uint32_t s = 0; s < kStreamCount; ++s)
        if (used >> s & 1) feeds[s] = feedOf(r.streams[s].frequency, r, caps, plan.dividerIgnored);
    const uint32_t frequency0 = r.streams[0].frequency;
    if (r.indexed && (frequency0 & D3DSTREAMSOURCE_INDEXEDDATA)) plan.instanceCount = countOf(frequency0);
    plan.instancing = instancingPath(feeds, used, r, caps);
    for (StreamFeed& f : feeds)
        if (f.mode == abi::kFetchPerInstance && plan.instancing == InstancingPath::ShaderFetch)
            f.fetched = true;

    // Alignment: a stream with an attribute off its component size is fetched, if it can be.
    for (const D3DVERTEXELEMENT9* e : source) {
        if (!e || feeds[e->Stream].fetched) continue;
        const StreamState& stream = r.streams[e->Stream];
        const uint32_t align = attributeAlignment(e->Type);
        if ((stream.offset + e->Offset) % align == 0 && stream.stride % align == 0) continue;
        if (!r.programCanFetch) return fail("misaligned vertex attribute (a program that cannot fetch)");
        feeds[e->Stream].fetched = true;
    }

    // WholeStreams: a binding per attribute stream, a VsFetch record per fetched stream.
    for (uint32_t s = 0; s < kStreamCount; ++s) {
        if (!(used >> s & 1)) continue;
        const StreamFeed& f = feeds[s];
        const StreamState& stream = r.streams[s];
        const uint16_t bit = uint16_t(1u << s);
        if (f.fetched) {
            plan.fetchStreams |= bit;
            plan.fetchBlock.streams[s] = {stream.offset, stream.stride, f.divider, 0};
            if (f.mode == abi::kFetchDivided) {
                plan.dividerModeUsed = true;
                plan.fetchBlock.startVertex = r.startVertex;
                plan.fetchBlock.streams[s].firstElement = r.startVertex / f.divider; // once per draw
            }
            continue;
        }
        const bool perInstance = f.mode == abi::kFetchPerInstance;
        const bool loop = perInstance && plan.instancing == InstancingPath::DrawLoop;
        const VkVertexInputRate rate =
            perInstance && !loop ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
        plan.bindings[plan.bindingCount++] = {s, loop ? 0 : stream.stride, rate, f.divider};
        plan.vertexStreams |= bit;
        if (loop) plan.loopStreams |= bit;
    }

    // Attributes in location order; fetched inputs convert (and set w) in the shader.
    for (uint32_t location = 0; location < source.size(); ++location) {
        const D3DVERTEXELEMENT9* e = source[location];
        if (!e) continue;
        const DeclTypeInfo* info = declTypeInfo(e->Type);
        if (feeds[e->Stream].fetched) {
            // The key carries what changes the code (TranslationKey::FetchElement): the mode,
            // whether a per-instance divider is 1 (no division), and whether the element is on
            // word boundaries (stream offset, stride and element offset multiples of 4: the
            // cheaper aligned fetch). Other dividers stay in the block, one translation for all.
            const StreamState& st = r.streams[e->Stream];
            const StreamFeed& f = feeds[e->Stream];
            const bool aligned = (st.offset % 4 == 0) && (st.stride % 4 == 0) && (e->Offset % 4 == 0);
            const bool dividerOne = f.mode == abi::kFetchPerInstance && f.divider == 1;
            plan.fetch[location] = {
                e->Type, shader::TranslationKey::fetchStream(e->Stream, f.mode, dividerOne, aligned),
                e->Offset};
            continue;
        }
        plan.attributes[plan.attributeCount++] = {location, e->Stream, e->Offset, info->format};
        if (info->wIsOne) plan.wIsOneInputs |= uint16_t(1u << location);
    }
    return plan;
}

} // namespace ddivk::draw
