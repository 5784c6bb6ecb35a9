// Draws with a vertex and a pixel shader from the DP2 door: the vertex declaration (or the FVF
// as one) feeds the translated vertex shader from the user-memory stream, both shaders are
// translated under the keys the state gives (output locations the pixel shader reads, alpha
// test, fog), constants and system state go up as the ABI's uniform blocks (shader/abi.h), and
// the viewport maps D3D9's pixel centres and y direction (docs/shader-translation.md).
// This first slice draws from stream 0 in user memory and without textures; vertex buffers,
// textures and stream frequency come with the rest of the draw translator.
#include <algorithm>
#include <cstring>
#include <optional>

#include "ddivk/d3d9_decl.h"
#include "device/context.h"
#include "device/draw_area.h"
#include "draw/pipeline_state.h"
#include "draw/primitive.h"
#include "draw/vertex_decl.h"
#include "shader/abi.h"
#include "util/log.h"

namespace ddivk::device {
namespace {

namespace abi = shader::abi;

float colorChannel(uint32_t argb, int shift) {
    return float((argb >> shift) & 0xFF) / 255.0f;
}

float asFloat(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// The alpha test and fog a pre-3.0 pixel shader gets from the render states.
shader::TranslationKey pixelKey(const state::DeviceState& s, int major) {
    const auto& rs = s.renderStates;
    shader::TranslationKey key;
    if (rs[D3DRS_ALPHATESTENABLE]) key.alphaFunc = uint8_t(std::clamp<uint32_t>(rs[D3DRS_ALPHAFUNC], 1, 8));
    if (major < 3 && rs[D3DRS_FOGENABLE]) {
        switch (rs[D3DRS_FOGTABLEMODE]) {
        case D3DFOG_LINEAR: key.fog = shader::PixelFog::Linear; break;
        case D3DFOG_EXP: key.fog = shader::PixelFog::Exp; break;
        case D3DFOG_EXP2: key.fog = shader::PixelFog::Exp2; break;
        default: key.fog = shader::PixelFog::Vertex; break;
        }
    }
    return key;
}

// The translation of `object` under `key`: the one the previous draw used when the key is the
// same, else from the device's cache (null on a translation error).
const shader::Translation* translationFor(shader::TranslationCache& cache, const ShaderObject& object,
                                          const shader::TranslationKey& key) {
    if (object.lastTranslation && object.lastKey == key) return object.lastTranslation.get();
    auto entry = cache.get(object.tokens, key);
    if (!entry) return nullptr;
    object.lastKey = key;
    object.lastTranslation = *entry;
    return entry->get();
}

} // namespace

HRESULT Context::drawUserStreamWithShaders(uint32_t type, uint64_t offset, uint32_t primitiveCount) {
    const state::DeviceState& s = state_.state();
    draw::ShaderPipelineCache* pipelines = device_.shaderPipelines();
    if (!pipelines) {
        DDIVK_WARN_ONCE("draws with shaders need VK_KHR_push_descriptor, which this device lacks");
        return E_NOTIMPL;
    }
    const auto vs = shaders_.find(shader::ShaderType::Vertex, s.vertexShader);
    const auto ps = shaders_.find(shader::ShaderType::Pixel, s.pixelShader);
    if (!vs) return D3DERR_INVALIDCALL;
    if (!ps) {
        DDIVK_WARN_ONCE("a vertex shader with the fixed-function pixel pipeline: not implemented yet");
        return E_NOTIMPL;
    }
    // The declaration, or the FVF as one.
    std::shared_ptr<const VertexDeclarations::Elements> decl;
    std::optional<VertexDeclarations::Elements> fromFvf;
    if (s.vertexInput.declaration != 0) {
        decl = declarations_.find(s.vertexInput.declaration);
        if (!decl) return D3DERR_INVALIDCALL;
    } else {
        fromFvf = draw::declarationFromFvf(s.vertexInput.fvf);
        if (!fromFvf) return D3DERR_INVALIDCALL;
    }
    const VertexDeclarations::Elements& elements = decl ? *decl : *fromFvf;
    const state::StreamSource stream = state_.streamSource(0);
    uint32_t vertexBytes = 0;
    for (const D3DVERTEXELEMENT9& e : elements) {
        if (e.Stream != 0) {
            DDIVK_WARN_ONCE("draw with shaders from streams other than 0: not implemented yet");
            return E_NOTIMPL;
        }
        vertexBytes = std::max<uint32_t>(vertexBytes, e.Offset + draw::declTypeInfo(e.Type)->size);
    }
    if (!draw::isValidPrimitiveType(type) || vertexBytes == 0 || stream.stride < vertexBytes)
        return D3DERR_INVALIDCALL;
    if (primitiveCount == 0) return S_OK;
    const uint64_t count = draw::verticesForPrimitives(type, primitiveCount);
    const uint64_t bytes = execute_.vertices.size();
    if (offset > bytes || (count - 1) * stream.stride + vertexBytes > bytes - offset) return D3DERR_INVALIDCALL;

    Surface* color = device_.findSurface(s.renderTargets[0]);
    Surface* depth = device_.findSurface(s.depthStencil);
    if (!color) return D3DERR_INVALIDCALL;
    // An empty viewport draws nothing (and Vulkan has no viewport of zero size).
    const D3DVIEWPORT9& vp = s.viewport;
    if (vp.Width == 0 || vp.Height == 0) return S_OK;

    // Translations under the keys this draw needs (the cache translates each pair once).
    shader::TranslationCache& translations = device_.translations();
    const int psMajor = int(ps->tokens[0] >> 8 & 0xFF);
    const shader::Translation* psTranslation = translationFor(translations, *ps, pixelKey(s, psMajor));
    if (!psTranslation) return D3DERR_INVALIDCALL;
    const shader::Translation& pixel = *psTranslation;
    if (pixel.samplerMask) {
        DDIVK_WARN_ONCE("draw with a pixel shader that samples textures: not implemented yet");
        return E_NOTIMPL;
    }
    shader::TranslationKey vsKey;
    vsKey.vsOutputLocations = 0;
    for (const shader::InterfaceSlot& slot : pixel.inputs)
        if (slot.location != shader::kBuiltInLocation) vsKey.vsOutputLocations |= 1u << slot.location;
    // Each vertex shader input reads the declaration element of its semantic, or zero.
    draw::ShaderPipelineKey key;
    key.stride = stream.stride;
    for (const shader::InterfaceSlot& slot : vs->translation->inputs) {
        draw::ShaderPipelineKey::Attribute a;
        a.location = uint8_t(slot.location);
        a.binding = 1; // the zero defaults (stride 0)
        a.format = VK_FORMAT_B8G8R8A8_UNORM;
        a.offset = 4; // CommandContext::attributeDefaults: 0x00000000 at byte 4
        for (const D3DVERTEXELEMENT9& e : elements)
            if (e.Usage == slot.usage && e.UsageIndex == slot.usageIndex) {
                const draw::DeclTypeInfo* info = draw::declTypeInfo(e.Type);
                a = {uint8_t(slot.location), 0, e.Offset, uint32_t(info->format)};
                if (info->wIsOne) vsKey.inputWIsOne |= uint16_t(1u << slot.location);
                break;
            }
        if (key.attributeCount == 16) return D3DERR_INVALIDCALL;
        key.attributes[key.attributeCount++] = a;
    }
    const shader::Translation* vsTranslation = translationFor(translations, *vs, vsKey);
    if (!vsTranslation) return D3DERR_INVALIDCALL;
    const shader::Translation& vertex = *vsTranslation;
    if (vertex.samplerMask) {
        DDIVK_WARN_ONCE("draw with a vertex shader that samples textures: not implemented yet");
        return E_NOTIMPL;
    }

    if (device_.queries().renderingSkipped()) return S_OK;
    CommandContext& cmds = device_.commands();
    cmds.beginRendering(color, depth);
    VkCommandBuffer cb = cmds.commands();

    // Render state: the same mapping as the pre-transformed path, without its vertex layout.
    draw::PretransformedLayout noLayout{};
    key.state = draw::pretransformedPipelineKey(s, noLayout, type, color->vkFormat(), color->format().ignoresAlpha,
                                                depth ? depth->vkFormat() : VK_FORMAT_UNDEFINED);
    key.state.stride = 0;
    key.state.diffuseOffset = key.state.specularOffset = 0;
    key.vertexShader = reinterpret_cast<uintptr_t>(&vertex);
    key.pixelShader = reinterpret_cast<uintptr_t>(&pixel);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines->get(key, vertex, pixel));

    // The vertices read, copied: the runtime's memory is its own again after the call.
    const uint64_t dataBytes = (count - 1) * stream.stride + vertexBytes;
    vk::UploadSlice vertices = cmds.uploads().allocate(dataBytes, 16);
    std::memcpy(vertices.data, execute_.vertices.data() + offset, dataBytes);
    VkBuffer buffers[2] = {vertices.buffer, cmds.attributeDefaults()};
    VkDeviceSize offsets[2] = {vertices.offset, 0};
    vkCmdBindVertexBuffers(cb, 0, 2, buffers, offsets);

    // The ABI's uniform blocks.
    const VkDeviceSize align = std::max<VkDeviceSize>(device_.vulkan().limits().minUniformBufferOffsetAlignment, 16);
    abi::VsConstants vsc{};
    std::memcpy(vsc.f, s.vsConstF.data(), sizeof(vsc.f));
    std::memcpy(vsc.i, s.vsConstI.data(), sizeof(vsc.i));
    for (uint32_t b = 0; b < abi::kBoolConstants; ++b) vsc.bools |= (s.vsConstB[b] ? 1u : 0u) << b;
    abi::PsConstants psc{};
    std::memcpy(psc.f, s.psConstF.data(), sizeof(psc.f));
    std::memcpy(psc.i, s.psConstI.data(), sizeof(psc.i));
    for (uint32_t b = 0; b < abi::kBoolConstants; ++b) psc.bools |= (s.psConstB[b] ? 1u : 0u) << b;
    const auto& rs = s.renderStates;
    abi::VsSystem vss{asFloat(rs[D3DRS_POINTSIZE]), asFloat(rs[D3DRS_POINTSIZE_MIN]), asFloat(rs[D3DRS_POINTSIZE_MAX]),
                      0.0f};
    abi::PsSystem pss{};
    const uint32_t fog = rs[D3DRS_FOGCOLOR];
    pss.fogColor[0] = colorChannel(fog, 16);
    pss.fogColor[1] = colorChannel(fog, 8);
    pss.fogColor[2] = colorChannel(fog, 0);
    pss.fogParams[0] = asFloat(rs[D3DRS_FOGSTART]);
    pss.fogParams[1] = asFloat(rs[D3DRS_FOGEND]);
    pss.fogParams[2] = asFloat(rs[D3DRS_FOGDENSITY]);
    pss.alphaRef[0] = float(rs[D3DRS_ALPHAREF] & 0xFF) / 255.0f;
    auto upload = [&](const void* data, size_t size) {
        vk::UploadSlice slice = cmds.uploads().allocate(size, align);
        std::memcpy(slice.data, data, size);
        return VkDescriptorBufferInfo{slice.buffer, slice.offset, size};
    };
    const VkDescriptorBufferInfo infos[4] = {upload(&vsc, sizeof(vsc)), upload(&psc, sizeof(psc)),
                                             upload(&vss, sizeof(vss)), upload(&pss, sizeof(pss))};
    const uint32_t bindings[4] = {abi::kVsConstantsBinding, abi::kPsConstantsBinding, abi::kVsSystemBinding,
                                  abi::kPsSystemBinding};
    VkWriteDescriptorSet writes[4];
    for (int i = 0; i < 4; ++i) {
        writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[i].dstBinding = bindings[i];
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        writes[i].pBufferInfo = &infos[i];
    }
    device_.vulkan().functions().cmdPushDescriptorSet(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines->layout(),
                                                      abi::kDescriptorSet, 4, writes);

    // D3D9's viewport with its pixel centres on integers and y down (abi.h); the depth range
    // kept inside 0..1 as Vulkan requires (D3D9 requires it too; NaN reads as 0).
    const float maxSize = float(device_.vulkan().limits().maxViewportDimensions[0]);
    auto unit = [](float z) { return z >= 0.0f ? std::min(z, 1.0f) : 0.0f; };
    const VkViewport viewport{float(vp.X) + 0.5f, float(vp.Y) + float(vp.Height) + 0.5f,
                              std::min(float(vp.Width), maxSize), -std::min(float(vp.Height), maxSize),
                              unit(vp.MinZ), unit(vp.MaxZ)};
    vkCmdSetViewport(cb, 0, 1, &viewport);
    const VkRect2D scissor = toVkRect(drawableArea(s, color->width(), color->height()));
    vkCmdSetScissor(cb, 0, 1, &scissor);

    vkCmdDraw(cb, uint32_t(count), 1, 0, 0);
    cmds.countDraw();
    ++drawCount_;
    if (cmds.draws() >= kDrawsPerSubmission) cmds.flush();
    return S_OK;
}

} // namespace ddivk::device
