// The recording half of draws with vertex processing: the pipeline for the prepared draw, its
// uniform blocks (shader/abi.h), descriptors, buffers, viewport and the draw itself. What the
// command buffer already holds from this context's previous draw is not recorded again
// (draw_bindings.h): D3D9 programs change little between draws, and every Vulkan call and
// uniform upload saved is CPU time per draw.
#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>

#include "device/context.h"
#include "device/draw_area.h"
#include "device/draw_programs.h"
#include "draw/pipeline_state.h"
#include "shader/abi.h"
#include "util/log.h"

namespace ddivk::device {
namespace {

namespace abi = shader::abi;
namespace ff = shader::ff;

float colorChannel(uint32_t argb, int shift) {
    return float((argb >> shift) & 0xFF) / 255.0f;
}

float asFloat(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Copies `size` bytes of a uniform block in 16-byte steps. GCC expands a
// memcpy of a variable size here to `rep movsq`, whose start-up cost made the two copies of a
// few registers per draw (into the scratch block, then into the upload ring) the hottest
// instructions of recordProgramDraw (BM_Draws2000).
void copyBlockBytes(void* to, const void* from, size_t size) {
    auto* d = static_cast<std::byte*>(to);
    const auto* s = static_cast<const std::byte*>(from);
    for (; size >= 16; size -= 16, d += 16, s += 16)
        std::memcpy(d, s, 16);
    for (; size >= 4; size -= 4, d += 4, s += 4)
        std::memcpy(d, s, 4);
    for (; size > 0; --size)
        *d++ = *s++;
}

// Fills the registers of a constant block the translation reads (the rest of the block stays
// as the upload ring left it: the shader never reads it).
template <class Block, class F, class I, class B>
void writeConstants(Block& block, const F* f, const I* i, const B* b, const shader::Translation& t) {
    static_assert(sizeof(block.f[0]) == sizeof(f[0]));
    copyBlockBytes(block.f, f,
                   std::min<size_t>(t.floatConstantsRead, std::size(block.f)) * sizeof(block.f[0]));
    if (!t.readsIntOrBoolConstants) return;
    std::memcpy(block.i, i, sizeof(block.i));
    uint32_t bools = 0;
    for (uint32_t n = 0; n < abi::kBoolConstants; ++n) bools |= (b[n] ? 1u : 0u) << n;
    block.bools = bools;
}

// The bytes of a constant block the translation reads: its float registers, or the whole block
// when it reads integer or boolean constants (they follow the floats). The descriptor covers
// only those, so the upload ring moves by what the shader reads (a whole vs_3_0 block is
// 4 KiB: per draw, that was a fresh page of the ring and a cache miss on every line).
template <class Block> VkDeviceSize constantsBytes(const shader::Translation& t) {
    if (t.readsIntOrBoolConstants) return sizeof(Block);
    const size_t registers = std::min<size_t>(t.floatConstantsRead, std::extent_v<decltype(Block::f)>);
    return VkDeviceSize(std::max<size_t>(registers, 1) * sizeof(Block::f[0]));
}

// A constant block's upload serves another translation only if it wrote what that one reads.
uint64_t constantsTag(const shader::Translation& t) {
    return 1 + (uint64_t(t.floatConstantsRead) << 1 | (t.readsIntOrBoolConstants ? 1 : 0));
}

using Dirty = state::DirtyState;

// The state each uniform block holds: a change to any of it means a new upload.
constexpr uint32_t kBlockSources[DrawBindings::kUniformBlocks] = {
    Dirty::VsConstF | Dirty::VsConstI | Dirty::VsConstB, // VsConstants
    Dirty::PsConstF | Dirty::PsConstI | Dirty::PsConstB, // PsConstants
    Dirty::RenderStates | Dirty::ClipPlanes,             // VsSystem
    Dirty::RenderStates | Dirty::TextureStages,          // PsSystem
    Dirty::RenderStates | Dirty::Transforms | Dirty::Material | Dirty::Lights | Dirty::TextureStages |
        Dirty::VertexInput | Dirty::Viewport | Dirty::RenderTargets |
        Dirty::ClipPlanes,                                        // fixed-function vertex
    Dirty::RenderStates | Dirty::TextureStages | Dirty::Textures, // fixed-function pixel
    ~0u,                                                          // VsFetch: per draw
    Dirty::VsConstF,                                              // software floats
    Dirty::VsConstI,                                              // software integers
    Dirty::VsConstB,                                              // software BOOLs
};
static_assert(abi::kVsSwFloatsBinding == 7 && abi::kVsSwBoolsBinding == 9);
static_assert(abi::kSwVsFloatConstants == state::kSwVsConstF &&
              abi::kSwVsIntConstants == state::kSwVsConstI && abi::kSwVsBoolConstants == state::kSwVsConstB);

// How many registers of a software vertex processing file a draw uploads: what the shader
// reads, no further than the highest register written (the rest are 0, which the shader
// reads past the buffer's end), and at least one (a descriptor's range is never 0).
uint32_t softwareUploadCount(uint32_t read, uint32_t written) {
    return std::max(1u, std::min(read, written));
}

} // namespace

HRESULT Context::recordProgramDraw(PreparedDraw& d) {
    const state::DeviceState& s = state_.state();
    const DrawCall& call = *d.call;
    const draw::VertexInputPlan& plan = *d.plan;
    draw::ProgramPipelineKey& key = *d.key;
    CommandContext& cmds = device_.commands();
    draw::ProgramPipelineCache& pipelines = *device_.programPipelines();
    DrawBindings::Memo& memo = bindings_.memo;
    // What changed since the previous draw (taken, and cleared, below).
    const uint32_t sinceLast = state_.dirty().categories;

    // The pipeline key's state and vertex input.
    // D3DRS_SRGBWRITEENABLE: the targets through their sRGB views (blending happens in linear),
    // where their formats have one.
    d.targets.srgb = s.renderStates[D3DRS_SRGBWRITEENABLE] != 0;
    Surface* const color = d.targets.colors[0];
    draw::ColorTargets colors;
    for (uint32_t n = 0; n < draw::kColorAttachments; ++n)
        if (const VkFormat f = d.targets.colorFormat(n); f != VK_FORMAT_UNDEFINED)
            colors[n] = {f, d.targets.colors[n]->format().ignoresAlpha, device_.formatBlends(f)};
    const VkFormat depthFormat = d.targets.depth ? d.targets.depth->vkFormat() : VK_FORMAT_UNDEFINED;
    // (A depth buffer is in the pass only with the target's sample count: passDepth.)
    const uint32_t samples = d.targets.depth ? d.targets.depth->samples() : color->samples();
    // A repeated draw's key is the previous draw's (memo.lastKey, with its pipeline).
    if (!d.repeat) {
        // The render-state key and the dynamic state read only render states: made again when
        // those, the primitive type, the targets' formats or the outputs written changed.
        if (!memo.stateValid || (sinceLast & state::DirtyState::RenderStates) ||
            memo.stateType != call.type || memo.stateColors != colors ||
            memo.stateWrittenTargets != d.writtenTargets || memo.stateDepthFormat != depthFormat ||
            memo.stateSamples != samples || memo.state.alphaToCoverage != d.alphaToCoverage) {
            memo.state = draw::pipelineStateKey(s, call.type, colors, d.writtenTargets, depthFormat,
                                                device_.vulkan().caps().coreFeatures.fillModeNonSolid);
            draw::setMultisample(memo.state, s, samples);
            memo.state.alphaToCoverage = d.alphaToCoverage;
            memo.state.bresenhamLines =
                draw::bresenhamLinesFor(memo.state, device_.vulkan().caps().bresenhamLines);
            memo.dynamic = draw::dynamicState(s, depthFormat, device_.vulkan().caps().unormDepthBiasUnits);
            draw::moveDynamicStates(memo.state, memo.dynamic, device_.dynamicSupport(), d.writtenTargets);
            memo.stateType = call.type;
            memo.stateColors = colors;
            memo.stateWrittenTargets = d.writtenTargets;
            memo.stateDepthFormat = depthFormat;
            memo.stateSamples = samples;
            memo.stateValid = true;
        }
        key.state = memo.state;
        key.state.rasterizerDiscard = d.rasterizerDiscard;
        key.state.depthClamp = d.pretransformed && device_.vulkan().caps().coreFeatures.depthClamp;
        // The vertex input: the previous draw's entries cleared first (hashing reads the whole key).
        std::fill_n(key.bindings, key.bindingCount, draw::ProgramPipelineKey::Binding{});
        std::fill_n(key.attributes, key.attributeCount, draw::ProgramPipelineKey::Attribute{});
        key.bindingCount = 0;
        key.attributeCount = 0;
        for (uint32_t i = 0; i < plan.bindingCount; ++i) {
            const draw::VertexInputPlan::Binding& b = plan.bindings[i];
            key.bindings[key.bindingCount++] = {b.binding, b.stride, uint32_t(b.rate), b.divisor};
        }
        for (uint32_t i = 0; i < plan.attributeCount; ++i) {
            const draw::VertexInputPlan::Attribute& a = plan.attributes[i];
            key.attributes[key.attributeCount++] = {uint8_t(a.location), uint8_t(a.binding),
                                                    uint16_t(a.offset), uint32_t(a.format)};
        }
        if (plan.missingInputs) { // zero from the defaults buffer (stride 0)
            key.bindings[key.bindingCount++] = {draw::kDefaultsBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX, 1};
            for (uint32_t loc = 0; loc < 16; ++loc)
                if (plan.missingInputs >> loc & 1) {
                    if (key.attributeCount == 16) return D3DERR_INVALIDCALL;
                    key.attributes[key.attributeCount++] = {uint8_t(loc), uint8_t(draw::kDefaultsBinding), 4,
                                                            uint32_t(VK_FORMAT_B8G8R8A8_UNORM)};
                }
        }
        if (!memo.lastKeyPipeline || !(key == memo.lastKey)) {
            memo.lastKeyPipeline = VK_NULL_HANDLE; // (stays so if get() throws)
            const VkPipeline made = pipelines.get(key);
            memo.lastKeyLayout = pipelines.layout(key.bindingMask);
            memo.lastKey = key;
            memo.lastKeyPipeline = made;
        }
    }
    DrawBindings& bound = bindings_;
    const VkPipeline pipeline = memo.lastKeyPipeline;
    const VkPipelineLayout layout = memo.lastKeyLayout;

    // Textures in the layout they are sampled in (may close the pass), then the pass.
    const uint64_t serial = cmds.recordingSerial();
    // (The depth buffer's texture, sampled by a draw that writes no depth: read-only depth.)
    const Resource* depthTexture = d.targets.readOnlyDepth ? d.targets.depth->texture() : nullptr;
    auto samplingLayout = [&](const Resource* t) {
        return t == depthTexture ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
                                 : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    };
    for (uint32_t i = 0; i < d.samplerCount; ++i) {
        d.samplers[i].texture->prepareForSampling(cmds, device_.vulkan(),
                                                  samplingLayout(d.samplers[i].texture));
        d.samplers[i].texture->markUsed(serial);
    }
    for (uint32_t used = plan.vertexStreams | plan.fetchStreams; used; used &= used - 1)
        if (Resource* r = d.streamBuffers[std::countr_zero(used)]) r->markUsed(serial);
    if (d.indexBuffer) d.indexBuffer->markUsed(serial);
    cmds.beginRendering(d.targets);
    device_.queries().pixelShaderBound(key.pixelModule != 0);
    VkCommandBuffer cb = cmds.commands();

    // What the command buffer holds from our previous draw; the state changed since.
    const uint32_t dirty = state_.takeDirty().categories; // (== sinceLast)
    if (cmds.binder() != this || bound.serial != serial) {
        bound.reset(serial);
        cmds.setBinder(this);
    }
    for (uint32_t b = 0; b < DrawBindings::kUniformBlocks; ++b)
        if (dirty & kBlockSources[b]) bound.blockTags[b] = 0;

    if (bound.pipeline != pipeline) {
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
        bound.pipeline = pipeline;
    }
    const draw::DynamicState& dynamic = memo.dynamic;
    if (!bound.dynamicValid || std::memcmp(&dynamic, &bound.dynamic, sizeof dynamic) != 0) {
        draw::recordDynamicState(cb, dynamic, bound.dynamicValid ? &bound.dynamic : nullptr,
                                 device_.vulkan().functions());
        bound.dynamic = dynamic;
        bound.dynamicValid = true;
    }

    // Descriptors: the uniform blocks, the samplers and the fetched streams; pushed where they
    // differ from what the binding holds (everything when the layout changes).
    const bool sameLayout = bound.layout == layout;
    if (!sameLayout) {
        bound.pushed = {};
        bound.layout = layout;
    }
    // (Left uninitialised: only the entries written below are passed on.)
    std::array<VkDescriptorBufferInfo, 8 + draw::kStreamCount> buffers;
    std::array<VkDescriptorImageInfo, 24> images;
    std::array<VkWriteDescriptorSet, 48> writes;
    uint32_t writeCount = 0, bufferCount = 0, imageCount = 0;
    auto changed = [&](uint32_t binding, uint64_t a, uint64_t b) {
        std::array<uint64_t, 2>& p = bound.pushed[binding];
        if (p[0] == a && p[1] == b) return false;
        p = {a, b};
        return true;
    };
    auto writeBuffer = [&](uint32_t binding, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range) {
        if (!changed(binding, uint64_t(buffer), offset ^ (range << 40))) return;
        buffers[bufferCount] = {buffer, offset, range};
        VkWriteDescriptorSet& w = writes[writeCount++];
        w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstBinding = binding;
        w.descriptorCount = 1;
        w.descriptorType = draw::abiDescriptorType(binding);
        w.pBufferInfo = &buffers[bufferCount++];
    };
    const VkDeviceSize uboAlign =
        std::max<VkDeviceSize>(device_.vulkan().limits().minUniformBufferOffsetAlignment, 16);
    const VkDeviceSize ssboAlign =
        std::max<VkDeviceSize>(device_.vulkan().limits().minStorageBufferOffsetAlignment, 16);
    // The block at `binding`, filled by fill(void*) unless the upload made under `tag` holds or
    // the block packs to the bytes already uploaded in this command buffer.
    auto uniform = [&](uint32_t binding, size_t size, uint64_t tag, auto&& fill) {
        if (bound.blockTags[binding] != tag || tag == 0) {
            std::vector<uint8_t>& scratch = memo.scratch;
            std::vector<uint8_t>& last = memo.blockBytes[binding];
            scratch.resize(size);
            fill(scratch.data());
            const bool same = bound.blocks[binding].buffer != VK_NULL_HANDLE && last.size() == size &&
                              std::memcmp(last.data(), scratch.data(), size) == 0;
            if (!same) {
                const bool storage = draw::abiDescriptorType(binding) == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
                vk::UploadSlice slice = cmds.uploads().allocate(size, storage ? ssboAlign : uboAlign);
                copyBlockBytes(slice.data, scratch.data(), size);
                bound.blocks[binding] = {slice.buffer, slice.offset, size};
                last.swap(scratch);
            }
            bound.blockTags[binding] = tag;
        }
        const VkDescriptorBufferInfo& info = bound.blocks[binding];
        writeBuffer(binding, info.buffer, info.offset, info.range);
    };
    const auto& rs = s.renderStates;
    const float pointSizeMax = std::min(asFloat(rs[D3DRS_POINTSIZE_MAX]), device_.largestPoint());
    if (call.type == D3DPT_POINTLIST && pointSizeMax < asFloat(rs[D3DRS_POINTSIZE_MAX]))
        DDIVK_WARN_ONCE("point sizes above %g pixels are drawn at %g: the device's largest point", pointSizeMax,
                        pointSizeMax);
    if (d.vertex && d.vertex->softwareRegisters) {
        const state::VsRegisterLimits& written = state_.vsRegistersWritten();
        const uint32_t floats = softwareUploadCount(d.vertex->floatConstantsRead, written.floats);
        uniform(abi::kVsSwFloatsBinding, floats * sizeof(s.vsConstF[0]), floats,
                [&](void* p) { std::memcpy(p, s.vsConstF.data(), floats * sizeof(s.vsConstF[0])); });
        if (d.vertex->intConstantsRead) {
            const uint32_t ints = softwareUploadCount(d.vertex->intConstantsRead, written.ints);
            uniform(abi::kVsSwIntsBinding, ints * sizeof(s.vsConstI[0]), ints,
                    [&](void* p) { std::memcpy(p, s.vsConstI.data(), ints * sizeof(s.vsConstI[0])); });
        }
        if (d.vertex->boolConstantsRead) {
            const uint32_t words =
                (softwareUploadCount(d.vertex->boolConstantsRead, written.bools) + 31) / 32;
            uniform(abi::kVsSwBoolsBinding, words * 4, words, [&](void* p) {
                auto* out = static_cast<uint32_t*>(p);
                for (uint32_t w = 0; w < words; ++w) {
                    uint32_t bits = 0;
                    for (uint32_t n = 0; n < 32; ++n)
                        bits |= (s.vsConstB[w * 32 + n] ? 1u : 0u) << n;
                    out[w] = bits;
                }
            });
        }
    } else if (d.vertex) {
        uniform(abi::kVsConstantsBinding, constantsBytes<abi::VsConstants>(*d.vertex), constantsTag(*d.vertex),
                [&](void* p) {
            writeConstants(*static_cast<abi::VsConstants*>(p), s.vsConstF.data(), s.vsConstI.data(),
                           s.vsConstB.data(), *d.vertex);
        });
    }
    if (d.vertex) {
        uniform(abi::kVsSystemBinding, sizeof(abi::VsSystem), 1, [&](void* p) {
            abi::VsSystem vss{asFloat(rs[D3DRS_POINTSIZE]),
                              asFloat(rs[D3DRS_POINTSIZE_MIN]),
                              pointSizeMax,
                              abi::enabledClipPlanes(rs[D3DRS_CLIPPING], rs[D3DRS_CLIPPLANEENABLE]),
                              {}};
            static_assert(sizeof(vss.clipPlanes) == sizeof(s.clipPlanes)); // clip space, as set
            std::memcpy(vss.clipPlanes, s.clipPlanes.data(), sizeof vss.clipPlanes);
            std::memcpy(p, &vss, sizeof vss);
        });
        if (plan.fetchStreams) {
            abi::VsFetch fetch = plan.fetchBlock;
            for (uint32_t st = 0; st < draw::kStreamCount; ++st) {
                if (!(plan.fetchStreams >> st & 1)) continue;
                // The descriptor starts at the buffer's start (or the upload slice's): the
                // block's offset counts from there.
                const VkDeviceSize base = d.streamBuffers[st] ? 0 : d.sources[st].offset;
                fetch.streams[st].offset = uint32_t(d.sources[st].offset - base);
                writeBuffer(abi::kFetchStreamBinding0 + st, d.sources[st].buffer, base, VK_WHOLE_SIZE);
            }
            uniform(abi::kVsFetchBinding, sizeof(fetch), 0, [&](void* p) { std::memcpy(p, &fetch, sizeof fetch); });
        }
    } else if (d.pretransformed) {
        // PretransformedState of ff_pretransformed.vert: screen pixels to NDC, point size.
        uniform(abi::kFfVertexBinding, 32, 2, [&](void* p) {
            const float block[8] = {
                2.0f / float(color->width()), -2.0f / float(color->height()),   -1.0f,        1.0f,
                asFloat(rs[D3DRS_POINTSIZE]), asFloat(rs[D3DRS_POINTSIZE_MIN]), pointSizeMax, 0.0f};
            std::memcpy(p, block, sizeof block);
        });
    } else {
        // Tagged with its FfVertexKey: the same state packs differently for another format.
        const uint64_t tag = (uint64_t(d.ffVertexKey.inputs) << 32 | d.ffVertexKey.texCoordSizes) ^ 0x5a5a5a5a00000003ull;
        uniform(abi::kFfVertexBinding, sizeof(ff::FfVertexState), tag, [&](void* p) {
            ff::FfVertexState block = ff::packFfVertexState(s, state_.lights(), d.ffVertexKey);
            block.point[2] = pointSizeMax;
            std::memcpy(p, &block, sizeof block);
        });
    }
    if (d.pixel) {
        uniform(abi::kPsConstantsBinding, constantsBytes<abi::PsConstants>(*d.pixel), constantsTag(*d.pixel),
                [&](void* p) {
            writeConstants(*static_cast<abi::PsConstants*>(p), s.psConstF.data(), s.psConstI.data(),
                           s.psConstB.data(), *d.pixel);
        });
        uniform(abi::kPsSystemBinding, sizeof(abi::PsSystem), 1, [&](void* p) {
            abi::PsSystem pss{};
            const uint32_t fog = rs[D3DRS_FOGCOLOR];
            pss.fogColor[0] = colorChannel(fog, 16);
            pss.fogColor[1] = colorChannel(fog, 8);
            pss.fogColor[2] = colorChannel(fog, 0);
            pss.fogParams[0] = asFloat(rs[D3DRS_FOGSTART]);
            pss.fogParams[1] = asFloat(rs[D3DRS_FOGEND]);
            pss.fogParams[2] = asFloat(rs[D3DRS_FOGDENSITY]);
            pss.alphaRef[0] = float(rs[D3DRS_ALPHAREF] & 0xFF) / 255.0f;
            // ps_1_x's texbem, texbeml and bem read their stage's bump-mapping states.
            for (uint32_t stage = 0; stage < state::kTextureStages; ++stage) {
                const auto& tss = s.textureStageStates[stage];
                pss.bumpEnvMat[stage][0] = asFloat(tss[D3DTSS_BUMPENVMAT00]);
                pss.bumpEnvMat[stage][1] = asFloat(tss[D3DTSS_BUMPENVMAT01]);
                pss.bumpEnvMat[stage][2] = asFloat(tss[D3DTSS_BUMPENVMAT10]);
                pss.bumpEnvMat[stage][3] = asFloat(tss[D3DTSS_BUMPENVMAT11]);
                pss.bumpEnvLum[stage][0] = asFloat(tss[D3DTSS_BUMPENVLSCALE]);
                pss.bumpEnvLum[stage][1] = asFloat(tss[D3DTSS_BUMPENVLOFFSET]);
            }
            const uint32_t factor = rs[D3DRS_TEXTUREFACTOR];
            pss.textureFactor[0] = colorChannel(factor, 16);
            pss.textureFactor[1] = colorChannel(factor, 8);
            pss.textureFactor[2] = colorChannel(factor, 0);
            pss.textureFactor[3] = colorChannel(factor, 24);
            std::memcpy(p, &pss, sizeof pss);
        });
    } else if (key.pixelModule) { // (none: a depth-only pipeline without a fragment stage)
        // Tagged with the vertex side's coordinate sizes: the same state divides differently.
        uniform(abi::kFfPixelBinding, sizeof(ff::FfPixelState), uint64_t(d.ffSourceComponents) << 8 | 1,
                [&](void* p) {
                    const ff::FfPixelState block = ff::packFfPixelState(
                        s, d.ffTextures,
                        {.alphaToCoverage = d.alphaToCoverage, .sourceComponents = d.ffSourceComponents});
                    std::memcpy(p, &block, sizeof block);
                });
    }
    draw::SamplerCache& samplerCache = device_.samplers();
    for (uint32_t i = 0; i < d.samplerCount; ++i) {
        const SamplerBinding& b = d.samplers[i];
        draw::SamplerKey samplerKey =
            draw::samplerKey(s, b.stateIndex, device_.samplerSupport(), b.texture->lod());
        samplerKey.depthCompare = b.compares ? 1 : 0;
        const VkSampler sampler = samplerCache.get(samplerKey);
        // D3DSAMP_SRGBTEXTURE: the sRGB view where the format has one (else the texels as stored).
        const VkImageView srgb =
            draw::samplerReadsSrgb(s, b.stateIndex) ? b.texture->image().alternateView() : VK_NULL_HANDLE;
        const VkImageView view = srgb ? srgb : b.texture->image().view();
        const VkImageLayout imageLayout = samplingLayout(b.texture);
        const bool readOnlyDepth = imageLayout != VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
        if (!changed(b.binding, uint64_t(sampler), uint64_t(view) ^ (readOnlyDepth ? 1ull << 63 : 0)))
            continue;
        images[imageCount] = {sampler, view, imageLayout};
        VkWriteDescriptorSet& w = writes[writeCount++];
        w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstBinding = b.binding;
        w.descriptorCount = 1;
        w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w.pImageInfo = &images[imageCount++];
    }
    if (writeCount)
        device_.vulkan().functions().cmdPushDescriptorSet(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout,
                                                          abi::kDescriptorSet, writeCount, writes.data());

    // Vertex buffers (and the defaults), the index buffer.
    auto bindVertexBuffer = [&](uint32_t binding, VkBuffer buffer, VkDeviceSize offset) {
        if (bound.vertexBuffers[binding] == buffer && bound.vertexOffsets[binding] == offset) return;
        vkCmdBindVertexBuffers(cb, binding, 1, &buffer, &offset);
        bound.vertexBuffers[binding] = buffer;
        bound.vertexOffsets[binding] = offset;
    };
    for (uint32_t streams = plan.vertexStreams; streams; streams &= streams - 1) {
        const uint32_t st = uint32_t(std::countr_zero(streams));
        bindVertexBuffer(st, d.sources[st].buffer, d.sources[st].offset);
    }
    if (plan.missingInputs) bindVertexBuffer(draw::kDefaultsBinding, cmds.attributeDefaults(), 0);
    uint32_t firstIndex = call.startIndex;
    if (call.indexed) {
        const VkIndexType type = d.indexSize == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceSize offset = 0;
        if (d.indexBuffer) {
            buffer = d.indexBuffer->buffer();
        } else {
            vk::UploadSlice slice = cmds.uploads().allocate(d.count * d.indexSize, 4);
            std::memcpy(slice.data, d.indexData, d.count * d.indexSize);
            buffer = slice.buffer;
            offset = slice.offset;
            firstIndex = 0;
        }
        if (bound.indexBuffer != buffer || bound.indexOffset != offset || bound.indexType != type) {
            vkCmdBindIndexBuffer(cb, buffer, offset, type);
            bound.indexBuffer = buffer;
            bound.indexOffset = offset;
            bound.indexType = type;
        }
    }

    // D3D9's viewport with its pixel centres on integers and y down (abi.h); the depth range
    // kept inside 0..1 as Vulkan requires (D3D9 requires it too; NaN reads as 0); an empty one
    // is a thousandth deep: Windows draws MaxZ <= MinZ as MinZ + 0.001 (Wine's test_viewport).
    // Pre-transformed vertices are already in screen space: the viewport is the whole target
    // (the scissor below still keeps draws inside D3D9's viewport).
    const D3DVIEWPORT9& vp = s.viewport;
    const float maxSize = float(device_.vulkan().limits().maxViewportDimensions[0]);
    auto unit = [](float z) { return z >= 0.0f ? std::min(z, 1.0f) : 0.0f; };
    const float maxZ = vp.MaxZ > vp.MinZ ? vp.MaxZ : vp.MinZ + 0.001f;
    VkViewport viewport = d.pretransformed ? VkViewport{0.5f,
                                                        float(color->height()) + 0.5f,
                                                        float(color->width()),
                                                        -float(color->height()),
                                                        0.0f,
                                                        1.0f}
                                           : VkViewport{float(vp.X) + 0.5f,
                                                        float(vp.Y) + float(vp.Height) + 0.5f,
                                                        std::min(float(vp.Width), maxSize),
                                                        -std::min(float(vp.Height), maxSize),
                                                        unit(vp.MinZ),
                                                        unit(maxZ)};
    // D3D9 takes viewports reaching past the target; Vulkan's must stay inside the device's
    // bounds. A viewport that leaves them starts beyond any target (nothing of it is visible:
    // the scissor below is empty) or is larger than the device's largest (already cut to it
    // above): it is moved in.
    const float boundsEnd = device_.vulkan().limits().viewportBoundsRange[1];
    viewport.x = std::min(viewport.x, boundsEnd - viewport.width);
    viewport.y = std::min(viewport.y, boundsEnd);
    // (Inside the pass's area: all its attachments, which a smaller depth buffer or target limits.)
    const VkExtent2D passArea = d.targets.extent();
    const VkRect2D scissor = toVkRect(drawableArea(s, passArea.width, passArea.height));
    if (!bound.viewportValid || std::memcmp(&viewport, &bound.viewport, sizeof viewport) != 0 ||
        std::memcmp(&scissor, &bound.scissor, sizeof scissor) != 0) {
        vkCmdSetViewport(cb, 0, 1, &viewport);
        vkCmdSetScissor(cb, 0, 1, &scissor);
        bound.viewport = viewport;
        bound.scissor = scissor;
        bound.viewportValid = true;
    }

    auto record = [&](uint32_t instances) {
        if (call.indexed)
            vkCmdDrawIndexed(cb, uint32_t(d.count), instances, firstIndex, call.baseVertex, 0);
        else
            vkCmdDraw(cb, uint32_t(d.count), instances, call.startVertex, 0);
    };
    if (d.streamOutput) d.streamOutput->begin(cmds, cb);
    if (plan.instancing == draw::InstancingPath::DrawLoop) {
        // One draw per instance, the instance streams moved to the instance's element.
        for (uint32_t i = 0; i < plan.instanceCount; ++i) {
            for (uint32_t b = 0; b < plan.bindingCount; ++b) {
                const draw::VertexInputPlan::Binding& binding = plan.bindings[b];
                if (!(plan.loopStreams >> binding.binding & 1)) continue;
                const uint32_t st = binding.binding;
                bindVertexBuffer(st, d.sources[st].buffer,
                                 d.sources[st].offset + VkDeviceSize(i / binding.divisor) * state_.streamSource(st).stride);
            }
            record(1);
        }
    } else {
        record(plan.instanceCount);
    }
    if (d.streamOutput) {
        d.streamOutput->end(cb);
        // The next capture resumes from the counters this one wrote, and Begin reads them in the
        // draw-indirect stage: only a barrier orders that, and none may stand inside a pass
        // (NVIDIA's, without one, resumed from the stale counter). Ending the pass issues it.
        cmds.endRendering();
    }
    cmds.countDraw(uint64_t(d.count) * plan.instanceCount);
    ++drawCount_;
    // Long streams and large draws are submitted as they come: memory stays bounded, and a CPU
    // driver (which only starts drawing a submission once it has it all) draws them while the
    // rest is recorded.
    if (cmds.pieceDue()) cmds.flush();
    return S_OK;
}

} // namespace ddivk::device
