#include "capture/surface_formats.h"

#include "ddivk/d3d9_formats.h"

namespace ddivk::capture {
namespace {

constexpr SurfaceKind RT = SurfaceKind::RenderTarget;
constexpr SurfaceKind DS = SurfaceKind::DepthStencil;

constexpr SurfaceFormatInfo kFormats[] = {
    {D3DFMT_A8R8G8B8, RT, 4, "A8R8G8B8"},
    {D3DFMT_X8R8G8B8, RT, 4, "X8R8G8B8"},
    {D3DFMT_R5G6B5, RT, 2, "R5G6B5"},
    {D3DFMT_X1R5G5B5, RT, 2, "X1R5G5B5"},
    {D3DFMT_A1R5G5B5, RT, 2, "A1R5G5B5"},
    {D3DFMT_A4R4G4B4, RT, 2, "A4R4G4B4"},
    {D3DFMT_A2B10G10R10, RT, 4, "A2B10G10R10"},
    {D3DFMT_A8B8G8R8, RT, 4, "A8B8G8R8"},
    {D3DFMT_X8B8G8R8, RT, 4, "X8B8G8R8"},
    {D3DFMT_G16R16, RT, 4, "G16R16"},
    {D3DFMT_A2R10G10B10, RT, 4, "A2R10G10B10"},
    {D3DFMT_A16B16G16R16, RT, 8, "A16B16G16R16"},
    {D3DFMT_R16F, RT, 2, "R16F"},
    {D3DFMT_G16R16F, RT, 4, "G16R16F"},
    {D3DFMT_A16B16G16R16F, RT, 8, "A16B16G16R16F"},
    {D3DFMT_R32F, RT, 4, "R32F"},
    {D3DFMT_G32R32F, RT, 8, "G32R32F"},
    {D3DFMT_A32B32G32R32F, RT, 16, "A32B32G32R32F"},
    {D3DFMT_D32, DS, 4, "D32"},
    {D3DFMT_D24S8, DS, 4, "D24S8"},
    {D3DFMT_D24X8, DS, 4, "D24X8"},
    {D3DFMT_D16, DS, 2, "D16"},
    {D3DFMT_D16_LOCKABLE, DS, 2, "D16_LOCKABLE"},
    {D3DFMT_D32F_LOCKABLE, DS, 4, "D32F_LOCKABLE"},
    {D3DFMT_D24FS8, DS, 4, "D24FS8"},
    {D3DFMT_INTZ, DS, 4, "INTZ"},
    {D3DFMT_DF16, DS, 2, "DF16"},
    {D3DFMT_DF24, DS, 4, "DF24"},
};

} // namespace

std::span<const SurfaceFormatInfo> surfaceFormats() {
    return kFormats;
}

const SurfaceFormatInfo* findSurfaceFormat(uint32_t format, SurfaceKind kind) {
    for (const SurfaceFormatInfo& row : kFormats)
        if (row.format == format && row.kind == kind) return &row;
    return nullptr;
}

} // namespace ddivk::capture
