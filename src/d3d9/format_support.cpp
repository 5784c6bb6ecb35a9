// The front end sees D3D9's own d3d9.h; the driver's format table names formats in namespace
// ddivk, so every D3D9 name here is spelled from the global namespace.
#include "d3d9/format_support.h"

#include "draw/format_table.h"
#include "vk/sample_counts.h"

#include <algorithm>

namespace ddivk::d3d9 {
namespace {

// The formats D3D9 stores as 2x1 pixel pairs.
bool isPixelPairFormat(::D3DFORMAT format) {
    return format == ::D3DFMT_YUY2 || format == ::D3DFMT_UYVY || format == ::D3DFMT_R8G8_B8G8 ||
           format == ::D3DFMT_G8R8_G8B8;
}

constexpr VkFormatFeatureFlags kTransfer = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
// What the driver needs of a texture it uploads and samples (device_resources.cpp).
constexpr VkFormatFeatureFlags kSampled = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
constexpr VkFormatFeatureFlags kColorTarget = VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | kTransfer;
constexpr VkFormatFeatureFlags kDepthTarget = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | kTransfer;

// The Vulkan format the driver stores `info` in for a use needing `need`: the preferred one,
// else the table's fallback, as the driver chooses; VK_FORMAT_UNDEFINED when neither serves.
VkFormat storageFor(const Adapter& adapter, const draw::FormatInfo& info, VkFormatFeatureFlags need,
                    bool volume = false) {
    for (VkFormat f : {info.vkFormat, info.vkFallback}) {
        if (f == VK_FORMAT_UNDEFINED || (adapter.features(f) & need) != need) continue;
        if (volume && !adapter.makesVolumes(f)) continue; // block-compressed 3D images are optional
        return f;
    }
    return VK_FORMAT_UNDEFINED;
}

bool has(const Adapter& adapter, VkFormat format, VkFormatFeatureFlags need) {
    return format != VK_FORMAT_UNDEFINED && (adapter.features(format) & need) == need;
}

// The formats of D3DTOP_BUMPENVMAP's bump texels (du, dv[, l]) the fixed-function stage reads.
bool isBumpFormat(::D3DFORMAT f) {
    return f == ::D3DFMT_V8U8 || f == ::D3DFMT_Q8W8V8U8 || f == ::D3DFMT_L6V5U5 || f == ::D3DFMT_X8L8V8U8;
}

// The D3DUSAGE_QUERY_* flags: questions about a format rather than a usage of it.
HRESULT checkQueries(const Adapter& adapter, const draw::FormatInfo& info, DWORD usage, VkFormat storage) {
    const VkFormat target = info.renderTarget ? storageFor(adapter, info, kColorTarget) : VK_FORMAT_UNDEFINED;
    const bool sampled = has(adapter, storage, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
    if ((usage & D3DUSAGE_QUERY_FILTER) && !has(adapter, storage, VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT))
        return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING) &&
        !has(adapter, target, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT))
        return D3DERR_NOTAVAILABLE;
    // sRGB reads and writes go through the format's sRGB twin (D3DSAMP_SRGBTEXTURE,
    // D3DRS_SRGBWRITEENABLE: docs/draw-translator.md).
    if ((usage & D3DUSAGE_QUERY_SRGBREAD) && !has(adapter, draw::srgbTwin(storage), VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
        return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_QUERY_SRGBWRITE) &&
        !has(adapter, draw::srgbTwin(target), VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
        return D3DERR_NOTAVAILABLE;
    // vs_3_0 samplers read every format the pixel samplers do; wrapping and mipmaps are core.
    if ((usage & (D3DUSAGE_QUERY_VERTEXTEXTURE | D3DUSAGE_QUERY_WRAPANDMIP)) && !sampled) return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_QUERY_LEGACYBUMPMAP) && !(sampled && isBumpFormat(::D3DFORMAT(info.d3dFormat))))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

// The storage a resource of `type` and `usage` (RENDERTARGET, DEPTHSTENCIL or neither) needs, by
// the driver's rules: volume textures are never targets; depth formats are only depth-stencil
// resources, and the only depth textures are INTZ, DF16, DF24 (draw::samplesDepth) and 2D shadow
// maps (D16, D24X8, D24S8).
VkFormat storageForUse(const Adapter& adapter, const draw::FormatInfo& info, DWORD usage, ::D3DRESOURCETYPE type) {
    const bool volume = type == ::D3DRTYPE_VOLUMETEXTURE || type == ::D3DRTYPE_VOLUME;
    const bool texture = type != ::D3DRTYPE_SURFACE;
    if (usage & D3DUSAGE_RENDERTARGET) {
        if (!info.renderTarget || volume) return VK_FORMAT_UNDEFINED;
        return storageFor(adapter, info, kColorTarget | (texture ? kSampled : 0));
    }
    if (usage & D3DUSAGE_DEPTHSTENCIL) {
        const bool depthTexture =
            draw::samplesDepth(info) || (draw::comparesDepth(info) && type == ::D3DRTYPE_TEXTURE);
        if (!info.depthStencil || volume || (texture && !depthTexture)) return VK_FORMAT_UNDEFINED;
        return storageFor(adapter, info, kDepthTarget | (texture ? kSampled : 0));
    }
    if (info.depthStencil) return VK_FORMAT_UNDEFINED;
    return storageFor(adapter, info, kSampled, volume);
}

} // namespace

bool isDisplayFormat(::D3DFORMAT format) {
    return format == ::D3DFMT_X8R8G8B8 || format == ::D3DFMT_X1R5G5B5 || format == ::D3DFMT_R5G6B5 ||
           format == ::D3DFMT_A2R10G10B10;
}

bool isTargetFormat(::D3DFORMAT format) {
    const draw::FormatInfo* info = draw::findFormat(format);
    return info && (info->renderTarget || info->depthStencil);
}

VkSampleCountFlags targetSampleCounts(const Adapter& adapter, ::D3DFORMAT format) {
    const draw::FormatInfo* info = draw::findFormat(format);
    if (!info || !(info->renderTarget || info->depthStencil)) return 0;
    // D3DFMT_NULL has no image: the counts of passes without attachments.
    if (!draw::hasStorage(*info))
        return adapter.properties.limits.framebufferNoAttachmentsSampleCounts & ~VkSampleCountFlags(1);
    const VkFormat storage = storageFor(adapter, *info, info->depthStencil ? kDepthTarget : kColorTarget);
    return vk::surfaceSampleCounts(adapter.physicalDevice, storage, info->depthStencil);
}

bool rendersTo(const Adapter& adapter, ::D3DFORMAT format) {
    const draw::FormatInfo* info = draw::findFormat(format);
    return info && info->renderTarget && draw::hasStorage(*info) &&
           storageFor(adapter, *info, kColorTarget) != VK_FORMAT_UNDEFINED;
}

bool coversWholeBlocks(::D3DFORMAT format, const RECT& rect, UINT width, UINT height) {
    const draw::FormatInfo* info = draw::findFormat(format);
    const bool pairs = isPixelPairFormat(format);
    const UINT across = pairs ? 2 : info ? info->blockSize : 1, down = pairs ? 1 : across;
    auto edge = [](LONG v, UINT step, UINT end) { return UINT(v) % step == 0 || UINT(v) == end; };
    return edge(rect.left, across, width) && edge(rect.right, across, width) &&
           edge(rect.top, down, height) && edge(rect.bottom, down, height);
}

bool locksAnyRectangle(::D3DFORMAT format, ::D3DPOOL pool) {
    const draw::FormatInfo* info = draw::findFormat(format);
    return pool != ::D3DPOOL_DEFAULT && (isPixelPairFormat(format) || (info && info->blockSize > 1));
}

POINT lockCorner(const RECT& rect, UINT width, UINT height) {
    auto into = [](LONG v, UINT end) { return std::clamp<LONG>(v, 0, end ? LONG(end) - 1 : 0); };
    return POINT{into(rect.left, width), into(rect.top, height)};
}

bool sizeFitsBlocks(::D3DFORMAT format, UINT width, UINT height) {
    const bool dxt = format == ::D3DFMT_DXT1 || format == ::D3DFMT_DXT2 || format == ::D3DFMT_DXT3 ||
                     format == ::D3DFMT_DXT4 || format == ::D3DFMT_DXT5;
    return !dxt || (width % 4 == 0 && height % 4 == 0);
}

HRESULT checkDeviceType(const Adapter& adapter, ::D3DFORMAT adapterFormat, ::D3DFORMAT backBufferFormat,
                        BOOL windowed) {
    if (!isDisplayFormat(adapterFormat)) return D3DERR_NOTAVAILABLE;
    if (adapterFormat == ::D3DFMT_A2R10G10B10 && windowed) return D3DERR_NOTAVAILABLE; // full screen only
    if (backBufferFormat == ::D3DFMT_UNKNOWN) {
        if (!windowed) return D3DERR_INVALIDCALL;
        backBufferFormat = adapterFormat;
    }
    // Windowed, Present converts the back buffer into the desktop's format: any format the device
    // renders to and converts from will do (Wine's test_display_formats records Windows so).
    if (windowed)
        return rendersTo(adapter, backBufferFormat) &&
                       checkFormatConversion(adapter, backBufferFormat, adapterFormat) == D3D_OK
                   ? D3D_OK
                   : D3DERR_NOTAVAILABLE;
    // Full screen, the display format or the same layout with alpha.
    const bool pairs = backBufferFormat == adapterFormat ||
                       (adapterFormat == ::D3DFMT_X8R8G8B8 && backBufferFormat == ::D3DFMT_A8R8G8B8) ||
                       (adapterFormat == ::D3DFMT_X1R5G5B5 && backBufferFormat == ::D3DFMT_A1R5G5B5);
    return pairs && rendersTo(adapter, backBufferFormat) ? D3D_OK : D3DERR_NOTAVAILABLE;
}

HRESULT checkDeviceFormat(const Adapter& adapter, ::D3DFORMAT adapterFormat, DWORD usage, ::D3DRESOURCETYPE type,
                          ::D3DFORMAT format) {
    // No adapter format at all is a bad call (Wine's test_check_device_format records Windows).
    if (adapterFormat == ::D3DFMT_UNKNOWN) return D3DERR_INVALIDCALL;
    if (!isDisplayFormat(adapterFormat)) return D3DERR_NOTAVAILABLE;
    switch (type) {
    case ::D3DRTYPE_SURFACE:
    case ::D3DRTYPE_TEXTURE:
    case ::D3DRTYPE_CUBETEXTURE:
    case ::D3DRTYPE_VOLUME:
    case ::D3DRTYPE_VOLUMETEXTURE:
        break;
    default: // buffers too, whatever the format (Wine's test_check_device_format records Windows)
        return D3DERR_INVALIDCALL;
    }
    // NVIDIA's alpha-to-coverage is advertised as a surface "format" (state/vendor_states.h).
    if (uint32_t(format) == D3DFMT_ATOC) return type == ::D3DRTYPE_SURFACE ? D3D_OK : D3DERR_NOTAVAILABLE;
    // RESZ (the depth buffer copied into an INTZ texture) is advertised as a render-target surface.
    if (uint32_t(format) == D3DFMT_RESZ)
        return type == ::D3DRTYPE_SURFACE && (usage & D3DUSAGE_RENDERTARGET) ? D3D_OK : D3DERR_NOTAVAILABLE;
    const draw::FormatInfo* info = draw::findFormat(format);
    if (!info) return D3DERR_NOTAVAILABLE;
    // Displacement maps feed N-patches, which the driver does not tessellate.
    if ((usage & D3DUSAGE_DMAP) || ((usage & D3DUSAGE_RENDERTARGET) && (usage & D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_NOTAVAILABLE;
    // sRGB writes are a render target's (Wine's test_check_device_format: Windows refuses a plain
    // surface; a texture may yet be made a target).
    if ((usage & D3DUSAGE_QUERY_SRGBWRITE) && type == ::D3DRTYPE_SURFACE && !(usage & D3DUSAGE_RENDERTARGET))
        return D3DERR_NOTAVAILABLE;
    if (!draw::hasStorage(*info)) { // D3DFMT_NULL: render-target surfaces without memory, nothing else
        const DWORD queries = usage & 0xffff0000u;
        return type == ::D3DRTYPE_SURFACE && (usage & D3DUSAGE_RENDERTARGET) && !queries ? D3D_OK
                                                                                          : D3DERR_NOTAVAILABLE;
    }
    const VkFormat storage = storageForUse(adapter, *info, usage, type);
    if (storage == VK_FORMAT_UNDEFINED) return D3DERR_NOTAVAILABLE;
    if (HRESULT hr = checkQueries(adapter, *info, usage, storage); FAILED(hr)) return hr;
    // Automatic mipmaps are blits of the texture's image into itself (GENERATEMIPSUBLEVELS):
    // 2D and cube colour textures of uncompressed formats the device blits and renders to (Wine's
    // test_mipmap_gen: Windows answers D3DOK_NOAUTOGEN for A4R4G4B4, A8, L8, A8L8 and V8U8).
    // Else "D3DOK_NOAUTOGEN: ... the mipmap levels will not be automatically generated".
    if (usage & D3DUSAGE_AUTOGENMIPMAP) {
        constexpr VkFormatFeatureFlags kBlits =
            VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
        const bool generates = (type == ::D3DRTYPE_TEXTURE || type == ::D3DRTYPE_CUBETEXTURE) &&
                               !info->depthStencil && info->blockSize == 1 && rendersTo(adapter, format) &&
                               (adapter.features(storage) & kBlits) == kBlits;
        return generates ? D3D_OK : D3DOK_NOAUTOGEN;
    }
    return D3D_OK;
}

HRESULT checkDepthStencilMatch(const Adapter& adapter, ::D3DFORMAT adapterFormat, ::D3DFORMAT renderTarget,
                               ::D3DFORMAT depthStencil) {
    if (!isDisplayFormat(adapterFormat)) return D3DERR_NOTAVAILABLE;
    const draw::FormatInfo* target = draw::findFormat(renderTarget);
    const draw::FormatInfo* depth = draw::findFormat(depthStencil);
    if (!target || !depth || !target->renderTarget || !depth->depthStencil) return D3DERR_NOTAVAILABLE;
    // Dynamic rendering takes any colour format with any depth format.
    const bool colorOk = !draw::hasStorage(*target) || storageFor(adapter, *target, kColorTarget) != VK_FORMAT_UNDEFINED;
    return colorOk && storageFor(adapter, *depth, kDepthTarget) != VK_FORMAT_UNDEFINED ? D3D_OK : D3DERR_NOTAVAILABLE;
}

HRESULT checkFormatConversion(const Adapter& adapter, ::D3DFORMAT source, ::D3DFORMAT target) {
    const draw::FormatInfo* from = draw::findFormat(source);
    const draw::FormatInfo* to = draw::findFormat(target);
    if (!from || !to || !draw::hasStorage(*from) || !draw::hasStorage(*to) || from->depthStencil || !to->renderTarget)
        return D3DERR_NOTAVAILABLE;
    if (source == target) return rendersTo(adapter, target) ? D3D_OK : D3DERR_NOTAVAILABLE;
    // A converting copy is a vkCmdBlitImage: the source must blit from, the target blit into.
    return storageFor(adapter, *from, VK_FORMAT_FEATURE_BLIT_SRC_BIT) != VK_FORMAT_UNDEFINED &&
                   storageFor(adapter, *to, kColorTarget | VK_FORMAT_FEATURE_BLIT_DST_BIT) != VK_FORMAT_UNDEFINED
               ? D3D_OK
               : D3DERR_NOTAVAILABLE;
}

} // namespace ddivk::d3d9
